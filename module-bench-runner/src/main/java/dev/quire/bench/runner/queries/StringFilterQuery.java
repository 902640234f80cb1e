package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import dev.quire.layout.expr.Expr;
import java.util.List;

/**
 * A selective string filter pushed into the scan: the rows whose {@code l_comment} starts with {@code the} (about 1%
 * of lineitem), returning {@code l_orderkey}. A prefix {@code like} is something every engine can push down (the
 * reference translates it as is, DuckDB's Parquet reader too). The result is the checksum of the keys returned.
 */
final class StringFilterQuery implements Query {
    static final String NAME = "filter-utf8";
    static final String FILTER = "l_comment like 'the%'";
    static final String COLUMN = "l_orderkey";

    private static final ScanRequest REQUEST = ScanRequest.of(List.of(COLUMN)).withFilter(Expr.parse(FILTER));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "selective string filter (" + FILTER + ", about 1% of rows), returning " + COLUMN;
    }

    @Override
    public Outcome run(Table table) {
        PerSink<Checksum> sinks = new PerSink<>(Checksum::new, (sum, batch) -> sum.addLongs(batch.longs(COLUMN),
                batch.length()));
        table.scanConcurrently(REQUEST, sinks);
        Checksum keys = new Checksum();
        sinks.states().forEach(keys::add);
        return new Outcome(keys.count(), COLUMN + " " + keys + "\n");
    }
}
