package dev.quire.bench.runner.spi;

/** A column read as longs; see {@link Batch}. */
@FunctionalInterface
public interface LongColumn {
    long get(int row);
}
