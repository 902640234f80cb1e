package dev.quire.layout;

import java.nio.file.Files;
import java.nio.file.Path;

/** The sample files written by Vortex 0.76.0, in {@code ../shared/fixtures/vortex-0.76}. */
public final class Fixtures {
    private Fixtures() {}

    public static Path dir() {
        String configured = System.getProperty("quire.fixtures");
        Path dir = configured != null ? Path.of(configured) : Path.of("../../shared/fixtures/vortex-0.76");
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("fixtures not found at " + dir.toAbsolutePath()
                    + "; the shared folder must sit beside the checkout");
        }
        return dir;
    }

    public static Path file(String name) {
        return dir().resolve(name);
    }
}
