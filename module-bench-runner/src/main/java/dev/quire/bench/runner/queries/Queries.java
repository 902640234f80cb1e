package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Query;
import java.util.List;

/**
 * The runner's queries, written once against the engine SPI: TPC-H Q1 and Q6, a full scan of one column per type and
 * of all columns, a point lookup by row index and a selective string filter. Each computes its result in plain Java
 * from the batches, so every engine runs the same query code.
 */
public final class Queries {
    private Queries() {}

    private static final List<Query> ALL = List.of(
            new PricingSummaryQuery(),
            new ForecastRevenueQuery(),
            ColumnScanQuery.of("scan-i64", "l_orderkey"),
            ColumnScanQuery.of("scan-i32", "l_linenumber"),
            ColumnScanQuery.of("scan-decimal", "l_extendedprice"),
            ColumnScanQuery.of("scan-date", "l_shipdate"),
            ColumnScanQuery.of("scan-utf8", "l_comment"),
            new ColumnScanQuery("scan-all", "full scan of all 16 columns", LineitemColumn.ALL),
            new LookupQuery(),
            new StringFilterQuery());

    /** Every query, in the order reports list them. */
    public static List<Query> all() {
        return ALL;
    }

    /** The names of {@link #all()}, in order. */
    public static List<String> names() {
        return ALL.stream().map(Query::name).toList();
    }

    /**
     * The query called {@code name}.
     *
     * @throws IllegalArgumentException when there is none; the message lists the names there are
     */
    public static Query named(String name) {
        for (Query q : ALL) {
            if (q.name().equals(name)) {
                return q;
            }
        }
        throw new IllegalArgumentException("no query named `" + name + "`; the queries are " + names());
    }
}
