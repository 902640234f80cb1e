package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.Dataset;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The tests' shared data: lineitem at scale factor 0.01 (60,175 rows), generated once per test JVM. */
final class TestData {
    static final double SCALE_FACTOR = 0.01;
    /** A fresh cache directory per test JVM, so every run writes (and so tests) the engines' files. */
    static final Dataset DATASET = new Dataset(SCALE_FACTOR, freshDir());
    static final List<Row> ROWS = Row.generate(SCALE_FACTOR);

    private TestData() {}

    private static Path freshDir() {
        try {
            Path target = Files.createDirectories(Path.of("target"));
            return Files.createTempDirectory(target.toAbsolutePath(), "tpch-test-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
