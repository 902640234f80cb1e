package dev.quire.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs {@code quire} in-process through picocli, capturing standard output and error. */
final class Cli {
    private Cli() {}

    record Run(int code, String out, String err) {
        /** The output's lines. */
        java.util.List<String> lines() {
            return out.lines().toList();
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    /** The sample files written by Vortex 0.76.0, in {@code ../shared/fixtures/vortex-0.76}. */
    static Path fixture(String name) {
        String configured = System.getProperty("quire.fixtures");
        Path dir = configured != null ? Path.of(configured) : Path.of("../../shared/fixtures/vortex-0.76");
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("fixtures not found at " + dir.toAbsolutePath()
                    + "; the shared folder must sit beside the checkout");
        }
        return dir.resolve(name);
    }
}
