package dev.quire.compat;

import java.nio.file.Files;
import java.nio.file.Path;

/** The sample files written by vortex-jni 0.76.0 (and the hand-built canonical ones), in {@code quire.fixtures}. */
final class Fixtures {
    private Fixtures() {}

    static Path file(String name) {
        String configured = System.getProperty("quire.fixtures");
        Path dir = configured != null ? Path.of(configured) : Path.of("../../shared/fixtures/vortex-0.76");
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("fixture " + file.toAbsolutePath() + " not found; the shared folder must "
                    + "sit beside the checkout (surefire passes -Dquire.fixtures)");
        }
        return file;
    }
}
