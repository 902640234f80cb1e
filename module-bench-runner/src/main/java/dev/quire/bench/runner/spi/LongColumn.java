package dev.quire.bench.runner.spi;

/**
 * A column read as longs; see {@link Batch}. {@link #get} reads one value; {@link #read} reads a run of values into a
 * caller's array, which queries that fold whole columns use so that the per-value call is not what they measure.
 */
@FunctionalInterface
public interface LongColumn {
    long get(int row);

    /**
     * Writes the values of rows {@code [from, from + n)} to {@code out[0, n)}. The default calls {@link #get} per
     * row; engines override it with a loop over their own memory (one call site per column type, which the JIT
     * compiles for that type alone, where a query's loop over {@link #get} sees every engine column type at one
     * site).
     *
     * @throws IndexOutOfBoundsException when {@code n > out.length} or the rows are not in the batch
     */
    default void read(int from, long[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = get(from + i);
        }
    }
}
