package dev.quire.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** The {@code quire} launcher: runs a command and exits with its code (0 success, 1 failure, 2 bad usage). */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // Output is UTF-8 whatever the locale: it is data (CSV, JSON), read by other programs. It goes to the file
        // descriptor, not through System.out, whose PrintStream would hide a closed pipe from checkError().
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(
                new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs {@code quire args} with the given standard output and error, and returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return commandLine(out, err).execute(args);
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        Failures failures = new Failures();
        return new CommandLine(new QuireCommand())
                .setOut(out)
                .setErr(err)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler(failures)
                .setParameterExceptionHandler(failures);
    }
}
