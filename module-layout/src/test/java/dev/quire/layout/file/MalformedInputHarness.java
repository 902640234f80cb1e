package dev.quire.layout.file;

import dev.quire.errors.MalformedFileException;
import dev.quire.errors.QuireException;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.format.ReadLimits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Runs mutated files through {@link ReadEverything} and judges the outcome: reading must either succeed or fail with
 * a {@link QuireException} that is not a disguised JDK exception. Anything else (another exception, an error such as
 * {@link OutOfMemoryError} or {@link StackOverflowError}, or an attempt that does not finish in time) is a failure,
 * reported with the mutation that caused it.
 */
final class MalformedInputHarness implements AutoCloseable {
    /**
     * The kinds of QuireException that describe a damaged file. An {@code InvalidArgumentException} or a
     * {@code QuireIoException} out of a read of bytes in memory means the reader blamed itself or the I/O layer (or
     * wrapped a JDK exception) for what is the file's fault.
     */
    private static final List<Class<? extends QuireException>> FILE_ERRORS = List.of(MalformedFileException.class,
            UnknownEncodingException.class, UnsupportedFeatureException.class);
    /** Exceptions a library may legitimately chain under a QuireException. */
    private static final List<String> ACCEPTED_CAUSES = List.of("net.jpountz.lz4.LZ4Exception");

    private final long timeoutMillis;
    private ExecutorService worker = newWorker();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Map<String, Integer> outcomes = new TreeMap<>();
    private final Map<String, String> examples = new TreeMap<>();
    private final Map<String, Map<String, Integer>> outcomesByKind = new TreeMap<>();
    private String kind = "";
    private int attempts;

    MalformedInputHarness(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "malformed-input-attempt");
            t.setDaemon(true);
            return t;
        });
    }

    /** Mutates {@code original}, reads the result with {@link ReadEverything}, and records the outcome. */
    void attempt(String file, byte[] original, Mutation m, List<String> columns, long rowCap) {
        attempt(file, original, m, bytes -> ReadEverything.read(bytes, ReadLimits.defaults(), columns, rowCap));
    }

    /** Mutates {@code original}, hands the result to {@code read} on the worker thread, and records the outcome. */
    void attempt(String file, byte[] original, Mutation m, Function<byte[], ReadEverything.Summary> read) {
        attempts++;
        kind = m.kind();
        byte[] mutated = m.applyTo(original);
        Future<ReadEverything.Summary> run = worker.submit(() -> read.apply(mutated));
        try {
            ReadEverything.Summary s = run.get(timeoutMillis, TimeUnit.MILLISECONDS);
            count(s.capped() ? "read, stopped at the row cap" : "read");
        } catch (TimeoutException e) {
            run.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            fail("no result within " + timeoutMillis + " ms (a hang)", m.describe(file), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (ExecutionException e) {
            judge(e.getCause(), m.describe(file));
        }
    }

    private void judge(Throwable t, String what) {
        if (!(t instanceof QuireException q)) {
            fail(t.getClass().getName(), what, t);
            return;
        }
        Throwable leaked = leakedCause(q);
        if (leaked != null) {
            fail(q.getClass().getSimpleName() + " wrapping " + leaked.getClass().getName(), what, q);
            return;
        }
        if (FILE_ERRORS.stream().noneMatch(k -> k.isInstance(q))) {
            fail("a damaged file reported as " + q.getClass().getSimpleName(), what, q);
            return;
        }
        count(q.getClass().getSimpleName());
        examples.putIfAbsent(q.getClass().getSimpleName(), what + ": " + q.getMessage());
    }

    /** One example mutation and message per kind of outcome. */
    Map<String, String> examples() {
        return examples;
    }

    /** The first cause under {@code q} that is neither a QuireException nor a library's accepted error, or null. */
    static Throwable leakedCause(QuireException q) {
        for (Throwable c = q.getCause(); c != null; c = c.getCause()) {
            if (!(c instanceof QuireException) && !ACCEPTED_CAUSES.contains(c.getClass().getName())) {
                return c;
            }
        }
        return null;
    }

    private void count(String outcome) {
        outcomes.merge(outcome, 1, Integer::sum);
        outcomesByKind.computeIfAbsent(kind, k -> new TreeMap<>()).merge(outcome, 1, Integer::sum);
    }

    /** The outcomes of the mutations of one kind ({@link Mutation#kind()}). */
    Map<String, Integer> outcomes(String mutationKind) {
        return outcomesByKind.getOrDefault(mutationKind, Map.of());
    }

    private void fail(String problem, String what, Throwable t) {
        count("FAILED: " + problem);
        String where = "";
        if (t != null) {
            Throwable root = t;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            StackTraceElement[] st = root.getStackTrace();
            where = st.length == 0 ? "" : " at " + st[0];
            for (StackTraceElement e : st) {
                if (e.getClassName().startsWith("dev.quire")) {
                    where += " (first Quire frame " + e + ")";
                    break;
                }
            }
            where += ": " + root;
        }
        // One example per kind of failure and place keeps the report readable.
        failures.putIfAbsent(problem + where, what);
    }

    int attempts() {
        return attempts;
    }

    Map<String, Integer> outcomes() {
        return outcomes;
    }

    List<String> failures() {
        List<String> out = new ArrayList<>();
        failures.forEach((problem, example) -> out.add(problem + "\n    e.g. " + example));
        return out;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
