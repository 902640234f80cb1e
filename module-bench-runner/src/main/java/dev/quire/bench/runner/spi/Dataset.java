package dev.quire.bench.runner.spi;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Objects;

/**
 * TPC-H {@code lineitem} at a scale factor, and the directory its files are cached in. Every engine's file for the
 * dataset lives under {@link #dir()}.
 *
 * @param scaleFactor the TPC-H scale factor, e.g. 0.01, 0.1, 1 or 10
 * @param cacheDir the root of the data cache
 */
public record Dataset(double scaleFactor, Path cacheDir) {
    public Dataset {
        Objects.requireNonNull(cacheDir, "cacheDir");
        if (!(scaleFactor > 0) || scaleFactor > 1000) {
            throw new IllegalArgumentException("scale factor must be in (0, 1000], got " + scaleFactor);
        }
    }

    /** The directory of this scale factor's files, e.g. {@code cacheDir/sf0.1}. */
    public Path dir() {
        return cacheDir.resolve("sf" + label());
    }

    /** The scale factor as written in names and reports: {@code 0.01}, {@code 1}, {@code 10}. */
    public String label() {
        return BigDecimal.valueOf(scaleFactor).stripTrailingZeros().toPlainString();
    }

    /** The file in {@link #dir()} of {@code engine}'s writer at {@code writerVersion}, with {@code extension}. */
    public Path file(String engine, String writerVersion, String extension) {
        return dir().resolve("lineitem-" + engine + "-" + writerVersion + "." + extension);
    }
}
