package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import dev.quire.layout.expr.Expr;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;

/**
 * TPC-H query 6, forecasting revenue change, with the standard parameters and the whole predicate pushed into the
 * scan:
 *
 * <pre>
 * select sum(l_extendedprice * l_discount) as revenue
 * from lineitem
 * where l_shipdate &gt;= date '1994-01-01' and l_shipdate &lt; date '1995-01-01'
 *   and l_discount between 0.05 and 0.07 and l_quantity &lt; 24
 * </pre>
 *
 * The products of two decimal(15,2) values have scale 4; each batch sums them exactly in a long (checked for
 * overflow) and batches add up as a big integer. The result is {@code revenue=...}.
 */
final class ForecastRevenueQuery implements Query {
    static final String NAME = "q6";
    static final String FILTER = "l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01' "
            + "and l_discount between 0.05 and 0.07 and l_quantity < 24";
    static final List<String> COLUMNS = List.of("l_extendedprice", "l_discount");
    static final int SCALE = 4;

    private static final ScanRequest REQUEST = ScanRequest.of(COLUMNS).withFilter(Expr.parse(FILTER));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPC-H Q6: sum(l_extendedprice * l_discount) over a 1994 shipdate, discount and quantity filter";
    }

    @Override
    public Outcome run(Table table) {
        PerSink<Revenue> sinks = new PerSink<>(Revenue::new, Revenue::add);
        table.scanConcurrently(REQUEST, sinks);
        BigInteger sum = BigInteger.ZERO;
        long rows = 0;
        for (Revenue r : sinks.states()) {
            sum = sum.add(r.sum);
            rows += r.rows;
        }
        return new Outcome(rows, "revenue=" + new BigDecimal(sum, SCALE).toPlainString());
    }

    /** One sink's part of the revenue, with a block of each column read in bulk ({@link LongColumn#read}). */
    private static final class Revenue {
        BigInteger sum = BigInteger.ZERO;
        long rows;
        final long[] prices = new long[Checksum.BLOCK];
        final long[] discounts = new long[Checksum.BLOCK];

        void add(Batch batch) {
            LongColumn price = batch.longs("l_extendedprice");
            LongColumn discount = batch.longs("l_discount");
            int n = batch.length();
            long s = 0;
            for (int from = 0; from < n; from += Checksum.BLOCK) {
                int k = Math.min(Checksum.BLOCK, n - from);
                price.read(from, prices, k);
                discount.read(from, discounts, k);
                for (int i = 0; i < k; i++) {
                    s = Math.addExact(s, Math.multiplyExact(prices[i], discounts[i]));
                }
            }
            sum = sum.add(BigInteger.valueOf(s));
            rows += n;
        }
    }
}
