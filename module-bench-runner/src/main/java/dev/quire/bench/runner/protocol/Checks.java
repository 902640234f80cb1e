package dev.quire.bench.runner.protocol;

import java.util.List;
import java.util.Optional;

/**
 * The result checks: every run of a query by an engine must return the first run's rows and result, and each
 * engine's first run must return the reference engine's (the first engine with a consistent result). A failed check
 * is a message that shows both values, shortened around where they first differ.
 */
public final class Checks {
    /** Characters of each value shown before and after the first difference. */
    static final int CONTEXT = 40;

    private Checks() {}

    /** Empty when every run returned the first run's rows and result; otherwise what the first differing run did. */
    public static Optional<String> acrossRuns(List<RunReport> runs) {
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        RunReport first = runs.getFirst();
        for (RunReport r : runs.subList(1, runs.size())) {
            Optional<String> d = difference(r, first);
            if (d.isPresent()) {
                return Optional.of("run " + r.index() + " differs from the first run: " + d.get());
            }
        }
        return Optional.empty();
    }

    /** Empty when {@code run} returned the rows and result of {@code reference}, the first run of engine {@code name}. */
    public static Optional<String> againstReference(RunReport run, String referenceEngine, RunReport reference) {
        return difference(run, reference).map(d -> "differs from " + referenceEngine + ": " + d);
    }

    private static Optional<String> difference(RunReport mine, RunReport theirs) {
        boolean rows = mine.rows() != theirs.rows();
        boolean result = !mine.result().equals(theirs.result());
        if (!rows && !result) {
            return Optional.empty();
        }
        StringBuilder b = new StringBuilder();
        if (rows) {
            b.append("rows ").append(mine.rows()).append(" vs ").append(theirs.rows());
        }
        if (result) {
            if (!b.isEmpty()) {
                b.append("; ");
            }
            b.append("result ").append(shortened(mine.result(), theirs.result()));
        }
        return Optional.of(b.toString());
    }

    /**
     * Both texts, quoted, each cut to {@value #CONTEXT} characters either side of the first position where they
     * differ: {@code "…12, sum=5…" vs "…12, sum=6…"}.
     */
    static String shortened(String a, String b) {
        int at = 0;
        int common = Math.min(a.length(), b.length());
        while (at < common && a.charAt(at) == b.charAt(at)) {
            at++;
        }
        return quote(window(a, at)) + " vs " + quote(window(b, at)) + " (first difference at character " + at + ")";
    }

    private static String window(String s, int at) {
        int from = Math.max(0, at - CONTEXT);
        int to = Math.min(s.length(), at + CONTEXT);
        return (from > 0 ? "…" : "") + s.substring(from, to) + (to < s.length() ? "…" : "");
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + "\"";
    }
}
