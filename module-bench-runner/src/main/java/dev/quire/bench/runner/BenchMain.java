package dev.quire.bench.runner;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * {@link BenchCommand} on its own, for the {@code bench} module's jar:
 * {@code java --enable-native-access=ALL-UNNAMED -cp benchmarks.jar dev.quire.bench.runner.BenchMain --sf 1}. Exits
 * with the command's code: 0 all OK, 1 a failure or mismatch, 2 bad usage.
 */
public final class BenchMain {
    private BenchMain() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = run(new BenchCommand(), out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs {@code command} with {@code args}: bad usage is one line and exit code 2, a failure one line and 1. */
    static int run(BenchCommand command, PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(command).setOut(out).setErr(err);
        cli.setParameterExceptionHandler((ParameterException e, String[] ignored) -> {
            err.println("bench: " + e.getMessage());
            err.println("Try 'bench --help' for more information.");
            return 2;
        });
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            err.println("bench: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return 1;
        });
        return cli.execute(args);
    }
}
