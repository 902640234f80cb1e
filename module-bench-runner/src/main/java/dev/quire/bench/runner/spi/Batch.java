package dev.quire.bench.runner.spi;

/**
 * Rows of a scan, as columns the query code reads without knowing the engine. Lineitem's columns map as follows:
 * integer columns, {@code vortex.date} days and the unscaled values of decimals are {@link LongColumn}s; utf8 columns
 * are {@link StringColumn}s. Columns are non-nullable in lineitem, so there are no validity accessors.
 */
public interface Batch {
    /** Rows in this batch. */
    int length();

    /** An integer, date (days since the epoch) or decimal (unscaled) column of the request, by name. */
    LongColumn longs(String column);

    /** A utf8 column of the request, by name. */
    StringColumn strings(String column);
}
