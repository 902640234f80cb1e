package dev.quire.bench.runner.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The CPU time the JVM's JIT compiler threads have used, read from Linux's per-thread scheduler statistics
 * ({@code /proc/self/task/TID/schedstat}, nanoseconds on the CPU; the threads are the ones named
 * {@code C1 CompilerThread...} and {@code C2 CompilerThread...}). On a machine with few cores the compilers take CPU
 * from the query while the code it runs is still being compiled; a run's share of it says how far the JIT still had
 * to go. Compiler threads the JVM stops while a run is going take their time with them, so a run's figure is a lower
 * bound (HotSpot keeps one thread per compiler on small machines, and stops none there).
 */
final class JitCpu {
    private static final Path TASKS = Path.of("/proc/self/task");

    private JitCpu() {}

    /** The compiler threads' CPU time so far, in nanoseconds, or -1 where the platform does not say. */
    static long nanos() {
        if (!Files.isDirectory(TASKS)) {
            return -1;
        }
        long total = 0;
        boolean any = false;
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : tasks.toList()) {
                long n = compilerThreadNanos(task);
                if (n >= 0) {
                    total += n;
                    any = true;
                }
            }
        } catch (IOException | SecurityException e) {
            return -1;
        }
        return any ? total : -1;
    }

    /** The CPU time of the thread at {@code task} when it is a compiler thread, else (or when it ended) -1. */
    private static long compilerThreadNanos(Path task) {
        try {
            String name = Files.readString(task.resolve("comm")).strip();
            if (!isCompilerThread(name)) {
                return -1;
            }
            return onCpuNanos(Files.readString(task.resolve("schedstat")));
        } catch (IOException | NumberFormatException e) {
            return -1; // the thread ended between the listing and the read, or the kernel has no schedstat
        }
    }

    /** Whether a thread's name (as the kernel keeps it: at most 15 characters) is a HotSpot compiler thread's. */
    static boolean isCompilerThread(String name) {
        return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
    }

    /** The first field of a {@code schedstat} line: nanoseconds spent on the CPU. */
    static long onCpuNanos(String schedstat) {
        String s = schedstat.strip();
        int space = s.indexOf(' ');
        return Long.parseLong(space < 0 ? s : s.substring(0, space));
    }
}
