package dev.quire.io.uring.internal;

import dev.quire.io.spi.CompletionScope;
import dev.quire.io.uring.UringOptions;
import java.nio.file.Path;

/**
 * A program that leaves thousands of reads in the kernel and exits: run by {@link JvmExitTest} in a JVM of its own.
 * Arguments: the file to read, and {@code direct} or {@code buffered}.
 */
public final class ExitWhileReading {
    private ExitWhileReading() {}

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false).withDirect(args[1].equals("direct")));
        CompletionScope<Integer> scope = in.openScope();
        long size = in.size();
        for (int i = 0; i < 5000; i++) {
            long length = 4096 + (i % 16) * 8192L;
            scope.submit((i * 77_777L) % (size - length), length, 8, i);
            in.read((i * 55_555L) % (size - length), length, 8);
        }
        scope.flush();
        // Most reads are still queued or in the kernel when the JVM exits.
        scope.poll();
        System.out.println("exiting with reads in flight: " + scope.outstanding() + " of the scope's outstanding");
        System.exit(0);
    }
}
