package dev.quire.bench.runner.protocol;

import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.Query;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The child JVM of one query and engine: runs {@link RunLoop} and writes its events to standard output as JSON lines
 * ({@link Wire}). Everything else the process prints on {@code System.out} is sent to standard error, so only events
 * reach the runner. Started by {@link ChildProcess}; its arguments are {@link #arguments}'s.
 */
public final class ChildMain {
    private ChildMain() {}

    public static void main(String[] args) {
        PrintStream events = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        boolean[] failed = {false};
        try {
            Map<String, String> a = parse(args);
            Engine engine = Recreated.engine(required(a, "--engine"), required(a, "--engine-class"));
            Query query = Recreated.query(required(a, "--query"), required(a, "--query-class"));
            RunPlan plan = new RunPlan(Integer.parseInt(required(a, "--warmup")),
                    Integer.parseInt(required(a, "--runs")),
                    Integer.parseInt(required(a, "--rest-runs")), Long.parseLong(required(a, "--rest-ms")),
                    Optional.ofNullable(a.get("--io")), Integer.parseInt(required(a, "--threads")),
                    a.containsKey("--evict-page-cache"), a.containsKey("--log-reads"));
            RunLoop.run(engine, query, Path.of(required(a, "--file")), plan, event -> {
                failed[0] |= event instanceof Event.Failed;
                events.println(Wire.encode(event));
            });
        } catch (RuntimeException | LinkageError e) {
            events.println(Wire.encode(new Event.Failed("the child JVM could not start the runs: "
                    + RunLoop.describe(e))));
            failed[0] = true;
        }
        events.flush();
        System.err.flush();
        // Exit now: engines may leave non-daemon threads behind.
        Runtime.getRuntime().halt(failed[0] ? 1 : 0);
    }

    /** The arguments that make a child run {@code plan} for {@code query} on {@code engine}'s {@code file}. */
    static List<String> arguments(Engine engine, Query query, Path file, RunPlan plan) {
        List<String> a = new ArrayList<>(List.of("--engine", engine.name(), "--engine-class",
                engine.getClass().getName(), "--query", query.name(), "--query-class", query.getClass().getName(),
                "--file", file.toAbsolutePath().toString(), "--warmup", Integer.toString(plan.warmup()), "--runs",
                Integer.toString(plan.runs()), "--rest-runs",
                Integer.toString(plan.restRuns()), "--rest-ms", Long.toString(plan.restMillis()), "--threads",
                Integer.toString(plan.threads())));
        plan.io().ifPresent(io -> a.addAll(List.of("--io", io)));
        if (plan.evictPageCache()) {
            a.add("--evict-page-cache");
        }
        if (plan.logReads()) {
            a.add("--log-reads");
        }
        return a;
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String key = args[i];
            if (key.equals("--evict-page-cache") || key.equals("--log-reads")) {
                m.put(key, "");
            } else if (key.startsWith("--") && i + 1 < args.length) {
                m.put(key, args[++i]);
            } else {
                throw new IllegalArgumentException("unexpected argument '" + key + "' in " + String.join(" ", args));
            }
        }
        return m;
    }

    private static String required(Map<String, String> args, String key) {
        String v = args.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing " + key);
        }
        return v;
    }
}
