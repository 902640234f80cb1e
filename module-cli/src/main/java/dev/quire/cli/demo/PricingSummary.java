package dev.quire.cli.demo;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * TPC-H query 1 (the pricing summary report), computed over scanned batches of {@link #COLUMNS}:
 *
 * <pre>
 * select l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice),
 *        sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)),
 *        avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*)
 * from lineitem where l_shipdate &lt;= date '1998-12-01' - interval '90' day
 * group by l_returnflag, l_linestatus order by l_returnflag, l_linestatus
 * </pre>
 *
 * Arithmetic is exact: decimals are summed as unscaled longs per batch and as big integers across batches.
 */
public final class PricingSummary {
    public static final String[] COLUMNS = {"l_quantity", "l_extendedprice", "l_discount", "l_tax", "l_returnflag",
        "l_linestatus", "l_shipdate"};
    /**
     * Batches must not be longer than this, so that per-batch sums of charges (below 2^37 each, in millionths)
     * fit a long; scans are set to cut batches at this size.
     */
    public static final long MAX_BATCH_ROWS = 1_000_000;
    static final long CUTOFF = LocalDate.of(1998, 12, 1).minusDays(90).toEpochDay();

    /** One output row. Sums of products carry the product's scale: price * (1 - discount) has scale 4. */
    public record Group(String returnFlag, String lineStatus, BigDecimal sumQty, BigDecimal sumBasePrice,
            BigDecimal sumDiscPrice, BigDecimal sumCharge, BigDecimal avgQty, BigDecimal avgPrice,
            BigDecimal avgDisc, long count) {}

    private static final class Sums {
        BigInteger qty = BigInteger.ZERO;
        BigInteger price = BigInteger.ZERO;
        BigInteger discPrice = BigInteger.ZERO;
        BigInteger charge = BigInteger.ZERO;
        BigInteger disc = BigInteger.ZERO;
        long count;
    }

    private final Map<String, Sums> groups = new TreeMap<>();
    private long rowsSeen;

    /** Adds a batch whose fields are {@link #COLUMNS}, in the file's order (the order of the lineitem schema). */
    public void add(StructArray batch) {
        DecimalArray qty = (DecimalArray) batch.field("l_quantity");
        DecimalArray price = (DecimalArray) batch.field("l_extendedprice");
        DecimalArray disc = (DecimalArray) batch.field("l_discount");
        DecimalArray tax = (DecimalArray) batch.field("l_tax");
        VarBinViewArray flag = (VarBinViewArray) batch.field("l_returnflag");
        VarBinViewArray status = (VarBinViewArray) batch.field("l_linestatus");
        PrimitiveArray shipDate = (PrimitiveArray) ((ExtensionArray) batch.field("l_shipdate")).storage();
        if (batch.length() > MAX_BATCH_ROWS) {
            throw new InvalidArgumentException("batches of the pricing summary have at most " + MAX_BATCH_ROWS
                    + " rows, got " + batch.length());
        }
        // Partial sums per group for this batch; with MAX_BATCH_ROWS, longs cannot overflow.
        Map<String, long[]> partial = new TreeMap<>();
        for (long i = 0; i < batch.length(); i++) {
            rowsSeen++;
            if (shipDate.getLongValue(i) > CUTOFF) {
                continue;
            }
            String key = flag.getString(i) + "|" + status.getString(i);
            long[] s = partial.computeIfAbsent(key, k -> new long[6]);
            long p = unscaled(price, i);
            long d = unscaled(disc, i);
            long discPrice = p * (100 - d);
            s[0] += unscaled(qty, i);
            s[1] += p;
            s[2] += discPrice;
            s[3] += discPrice * (100 + unscaled(tax, i));
            s[4] += d;
            s[5]++;
        }
        for (Map.Entry<String, long[]> e : partial.entrySet()) {
            Sums total = groups.computeIfAbsent(e.getKey(), k -> new Sums());
            long[] s = e.getValue();
            total.qty = total.qty.add(BigInteger.valueOf(s[0]));
            total.price = total.price.add(BigInteger.valueOf(s[1]));
            total.discPrice = total.discPrice.add(BigInteger.valueOf(s[2]));
            total.charge = total.charge.add(BigInteger.valueOf(s[3]));
            total.disc = total.disc.add(BigInteger.valueOf(s[4]));
            total.count += s[5];
        }
    }

    private static long unscaled(DecimalArray a, long i) {
        if (a.valueWidth() == Long.BYTES) {
            return a.values().get(ValueLayout.JAVA_LONG_UNALIGNED, i * Long.BYTES);
        }
        return a.getUnscaled(i).longValueExact();
    }

    public long rowsSeen() {
        return rowsSeen;
    }

    public List<Group> result() {
        List<Group> out = new ArrayList<>();
        MathContext mc = MathContext.DECIMAL64;
        for (Map.Entry<String, Sums> e : groups.entrySet()) {
            String[] key = e.getKey().split("\\|", 2);
            Sums s = e.getValue();
            BigDecimal n = BigDecimal.valueOf(s.count);
            BigDecimal qty = new BigDecimal(s.qty, 2);
            BigDecimal price = new BigDecimal(s.price, 2);
            out.add(new Group(key[0], key[1], qty, price, new BigDecimal(s.discPrice, 4),
                    new BigDecimal(s.charge, 6), qty.divide(n, mc), price.divide(n, mc),
                    new BigDecimal(s.disc, 2).divide(n, mc), s.count));
        }
        return out;
    }
}
