package dev.quire.cli.demo;

import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.StructArray;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * TPC-H query 6 (forecasting revenue change), with its predicate pushed into the scan as {@link #FILTER} and the sum
 * computed over the batches of {@link #COLUMNS} the scan returns:
 *
 * <pre>
 * select sum(l_extendedprice * l_discount) as revenue
 * from lineitem
 * where l_shipdate &gt;= date '1994-01-01' and l_shipdate &lt; date '1995-01-01'
 *   and l_discount between 0.05 and 0.07 and l_quantity &lt; 24
 * </pre>
 *
 * Arithmetic is exact: the products of two decimal(15,2) values have scale 4 and are summed as unscaled longs per
 * batch (with overflow checks) and as a big integer across batches.
 */
public final class ForecastRevenue {
    public static final String FILTER = "l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01' "
            + "and l_discount between 0.05 and 0.07 and l_quantity < 24";
    public static final String[] COLUMNS = {"l_extendedprice", "l_discount"};
    /** The scale of {@code l_extendedprice * l_discount}: two decimals of scale 2. */
    static final int SCALE = 4;

    private BigInteger sum = BigInteger.ZERO;
    private long rows;

    /** Adds a batch of the rows that passed {@link #FILTER}, projected to {@link #COLUMNS}. */
    public void add(StructArray batch) {
        DecimalArray price = (DecimalArray) batch.field("l_extendedprice");
        DecimalArray discount = (DecimalArray) batch.field("l_discount");
        long n = batch.length();
        rows += n;
        if (price.valueWidth() == Long.BYTES && discount.valueWidth() == Long.BYTES) {
            try {
                long s = 0;
                for (long i = 0; i < n; i++) {
                    long p = price.values().getAtIndex(LittleEndian.LONG, i);
                    long d = discount.values().getAtIndex(LittleEndian.LONG, i);
                    s = Math.addExact(s, Math.multiplyExact(p, d));
                }
                sum = sum.add(BigInteger.valueOf(s));
                return;
            } catch (ArithmeticException overflow) {
                // Values beyond TPC-H's ranges: sum this batch with big integers below.
            }
        }
        BigInteger s = BigInteger.ZERO;
        for (long i = 0; i < n; i++) {
            s = s.add(price.getUnscaled(i).multiply(discount.getUnscaled(i)));
        }
        sum = sum.add(s);
    }

    /** The revenue so far, at scale 4. */
    public BigDecimal revenue() {
        return new BigDecimal(sum, SCALE);
    }

    /** The rows that passed the filter so far. */
    public long rows() {
        return rows;
    }
}
