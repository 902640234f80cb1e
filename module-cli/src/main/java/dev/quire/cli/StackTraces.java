package dev.quire.cli;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/** Writes a throwable's stack trace, causes and suppressed exceptions included, for {@code --debug}. */
final class StackTraces {
    private StackTraces() {}

    static void write(Throwable t, PrintWriter err) {
        write(t, err, "", Collections.newSetFromMap(new IdentityHashMap<>()));
        err.flush();
    }

    private static void write(Throwable t, PrintWriter err, String prefix, Set<Throwable> seen) {
        if (!seen.add(t)) {
            err.println(prefix + "[circular reference: " + t + "]");
            return;
        }
        err.println(prefix + t);
        for (StackTraceElement frame : t.getStackTrace()) {
            err.println("\tat " + frame);
        }
        for (Throwable s : t.getSuppressed()) {
            write(s, err, "Suppressed: ", seen);
        }
        if (t.getCause() != null) {
            write(t.getCause(), err, "Caused by: ", seen);
        }
    }
}
