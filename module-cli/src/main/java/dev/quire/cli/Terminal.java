package dev.quire.cli;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Whether standard error is a terminal, asked of libc's {@code isatty(2)} through FFM: the JDK's
 * {@code System.console()} only answers for standard input and output together. Where there is no {@code isatty}
 * (or it fails), the answer is no, which only turns progress bars off.
 */
final class Terminal {
    private static final int STDERR = 2;

    private Terminal() {}

    // Restricted: the image and the tests enable native access for dev.quire.cli.
    @SuppressWarnings("restricted")
    static boolean stderrIsTerminal() {
        try {
            Linker linker = Linker.nativeLinker();
            var isatty = linker.defaultLookup().find("isatty");
            if (isatty.isEmpty()) {
                return false;
            }
            MethodHandle handle = linker.downcallHandle(isatty.get(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            return (int) handle.invokeExact(STDERR) == 1;
        } catch (Throwable e) {
            System.getLogger(Terminal.class.getName()).log(System.Logger.Level.DEBUG, "isatty(2) failed", e);
            return false;
        }
    }
}
