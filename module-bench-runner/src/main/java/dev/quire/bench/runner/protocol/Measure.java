package dev.quire.bench.runner.protocol;

import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.Query;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs the {@link RunLoop} of one query and engine, in a child JVM or in this process, and collects its events. Each
 * run must complete within the timeout (the first one's also covers the child JVM's start); a run that does not, and
 * a child that crashes, end the collection with a failure.
 */
public final class Measure {
    /** How long a child that reported its last event may take to exit before it is killed. */
    static final Duration EXIT_GRACE = Duration.ofSeconds(30);
    /** How much of a crashed child's standard error goes into the failure message. */
    static final int STDERR_TAIL_LINES = 20;

    private Measure() {}

    /** The end of the event stream: the loop's thread or process is gone. */
    private record End(String diagnostics) {}

    /**
     * Runs the plan in a new JVM started like this one ({@link JvmCommand}).
     *
     * @param onRun called with each run as it arrives
     */
    public static Collected inChild(Engine engine, Query query, Path file, RunPlan plan, Duration timeout,
            Consumer<RunReport> onRun) {
        List<String> command = JvmCommand.forChild(ChildMain.class, ChildMain.arguments(engine, query, file, plan));
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            return new Collected(-1, List.of(), Optional.of("cannot start the child JVM (" + command.getFirst()
                    + "): " + e.getMessage()));
        }
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // The child reads nothing from standard input; a child already gone shows up below.
        }
        BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        ArrayDeque<String> stderrTail = new ArrayDeque<>();
        Thread errors = Thread.ofPlatform().daemon().name("bench-child-stderr").start(() ->
                drain(process.getErrorStream(), stderrTail));
        Thread.ofPlatform().daemon().name("bench-child-stdout").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    Wire.decode(line).ifPresent(queue::add);
                }
            } catch (IOException e) {
                // The process is gone; the end marker says so.
            }
            queue.add(new End(""));
        });
        Outcome outcome = collect(queue, timeout, plan, onRun, () -> kill(process));
        Collected collected = outcome.collected();
        boolean exited = waitFor(process, EXIT_GRACE);
        if (!exited) {
            kill(process);
        }
        if (outcome.endedEarly()) {
            joinQuietly(errors);
            String code = exited ? "code " + process.exitValue() : "no exit code";
            String tail;
            synchronized (stderrTail) {
                tail = String.join("\n", stderrTail);
            }
            return new Collected(collected.maxHeapBytes(), collected.runs(), Optional.of("the child JVM exited ("
                    + code + ") after " + collected.runs().size() + " run(s) without reporting an error"
                    + (tail.isBlank() ? "" : "; its standard error ends with:\n" + tail)));
        }
        return collected;
    }

    /**
     * Runs the plan on a thread of this process. A run that times out is reported as failed and its thread is
     * interrupted and abandoned (it cannot be killed).
     */
    public static Collected inProcess(Engine engine, Query query, Path file, RunPlan plan, Duration timeout,
            Consumer<RunReport> onRun) {
        BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        Thread worker = Thread.ofPlatform().daemon().name("bench-" + query.name() + "-" + engine.name())
                .start(() -> {
                    try {
                        RunLoop.run(engine, query, file, plan, queue::add);
                    } finally {
                        queue.add(new End(""));
                    }
                });
        Outcome outcome = collect(queue, timeout, plan, onRun, worker::interrupt);
        if (outcome.endedEarly()) {
            return new Collected(outcome.collected().maxHeapBytes(), outcome.collected().runs(),
                    Optional.of("the runs stopped after " + outcome.collected().runs().size() + " run(s) without "
                            + "reporting an error"));
        }
        return outcome.collected();
    }

    /** What {@link #collect} saw; {@code endedEarly} when the events stopped without a last one. */
    private record Outcome(Collected collected, boolean endedEarly) {
        Outcome(long maxHeap, List<RunReport> runs, Optional<String> failure) {
            this(new Collected(maxHeap, runs, failure), false);
        }
    }

    private static Outcome collect(BlockingQueue<Object> queue, Duration timeout, RunPlan plan,
            Consumer<RunReport> onRun, Runnable stop) {
        long maxHeap = -1;
        List<RunReport> runs = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Object item;
            try {
                item = queue.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop.run();
                return new Outcome(maxHeap, runs, Optional.of("interrupted while waiting for run " + runs.size()));
            }
            switch (item) {
                case null -> {
                    stop.run();
                    return new Outcome(maxHeap, runs, Optional.of(plan.describe(runs.size()) + " did not finish within "
                            + format(timeout) + " (--timeout) and was stopped"));
                }
                case Event.Started s -> maxHeap = s.maxHeapBytes();
                case Event.RunDone d -> {
                    runs.add(d.report());
                    onRun.accept(d.report());
                    deadline = System.nanoTime() + timeout.toNanos();
                }
                case Event.Failed f -> {
                    return new Outcome(maxHeap, runs, Optional.of(f.message()));
                }
                case Event.Finished f -> {
                    return new Outcome(maxHeap, runs, Optional.empty());
                }
                case End e -> {
                    return new Outcome(new Collected(maxHeap, runs, Optional.empty()), true);
                }
                default -> throw new IllegalStateException("unexpected " + item);
            }
        }
    }

    static String format(Duration d) {
        if (d.toMillis() % 60_000 == 0) {
            return d.toMinutes() + " min";
        }
        if (d.toMillis() % 1000 == 0) {
            return d.toSeconds() + " s";
        }
        return d.toMillis() + " ms";
    }

    private static void drain(InputStream in, ArrayDeque<String> tail) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                synchronized (tail) {
                    tail.addLast(line.length() > 500 ? line.substring(0, 500) + "…" : line);
                    if (tail.size() > STDERR_TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // The process is gone.
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitFor(process, Duration.ofSeconds(10));
    }

    private static boolean waitFor(Process process, Duration d) {
        try {
            return process.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
