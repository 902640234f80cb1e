package dev.quire.bench.runner.spi;

/**
 * A benchmark query, written once against the engine SPI: it describes its scans, consumes the batches and computes
 * its result in plain Java, so every engine runs the same query code. Beside {@link Engine} because the runner's
 * queries, its child processes and its command all use it, and it uses nothing but this package.
 */
public interface Query {
    /** The name used on the command line and in reports, e.g. {@code q1} or {@code scan-utf8}. */
    String name();

    /** One line saying what the query does. */
    String description();

    /**
     * Runs the query over {@code table}. The result must not depend on the order batches arrive in, so that engines
     * that scan in parallel produce the same text.
     */
    Outcome run(Table table);

    /**
     * What a run produced.
     *
     * @param rows the rows the query's scans returned
     * @param result the query's result as text, compared across runs and engines
     */
    record Outcome(long rows, String result) {}
}
