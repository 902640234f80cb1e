package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.bench.runner.spi.Table;
import dev.quire.layout.expr.Expr;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * TPC-H query 1, the pricing summary report, with its date predicate pushed into the scan:
 *
 * <pre>
 * select l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice),
 *        sum(l_extendedprice * (1 - l_discount)), sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)),
 *        avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*)
 * from lineitem where l_shipdate &lt;= date '1998-12-01' - interval '90' day
 * group by l_returnflag, l_linestatus order by l_returnflag, l_linestatus
 * </pre>
 *
 * Arithmetic is exact: decimals are summed as unscaled longs, moved into big integers every {@link #FLUSH_ROWS}
 * rows of a group, so sums never overflow; averages are rounded half up to {@link #AVERAGE_SCALE} places. The result
 * has one line per group, in the query's order.
 */
final class PricingSummaryQuery implements Query {
    static final String NAME = "q1";
    /** {@code date '1998-12-01' - interval '90' day}. */
    static final String FILTER = "l_shipdate <= date '1998-09-02'";
    static final List<String> COLUMNS = List.of("l_returnflag", "l_linestatus", "l_quantity", "l_extendedprice",
            "l_discount", "l_tax");
    static final int AVERAGE_SCALE = 4;
    /**
     * Rows a group adds up in longs before moving the sums to big integers. A row adds below 2^37 to the largest sum
     * (the charge, at scale 6, for TPC-H's prices below 2^24 cents), so 2^20 rows stay far below 2^63.
     */
    static final int FLUSH_ROWS = 1 << 20;

    private static final ScanRequest REQUEST = ScanRequest.of(COLUMNS).withFilter(Expr.parse(FILTER));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TPC-H Q1: 6 columns of the rows shipped by 1998-09-02, grouped by return flag and line status";
    }

    @Override
    public Outcome run(Table table) {
        PerSink<Groups> sinks = new PerSink<>(Groups::new, Groups::add);
        table.scanConcurrently(REQUEST, sinks);
        Groups groups = new Groups();
        sinks.states().forEach(groups::add);
        return new Outcome(groups.rows, groups.render());
    }

    /** The sums of one group: longs for the rows since the last flush, big integers before that. */
    static final class Sums {
        final String returnFlag;
        final String lineStatus;
        long qty;
        long price;
        long discPrice;
        long charge;
        long disc;
        int pending;
        long count;
        BigInteger totalQty = BigInteger.ZERO;
        BigInteger totalPrice = BigInteger.ZERO;
        BigInteger totalDiscPrice = BigInteger.ZERO;
        BigInteger totalCharge = BigInteger.ZERO;
        BigInteger totalDisc = BigInteger.ZERO;

        Sums(String returnFlag, String lineStatus) {
            this.returnFlag = returnFlag;
            this.lineStatus = lineStatus;
        }

        void add(long q, long p, long d, long t) {
            long dp = p * (100 - d);
            qty += q;
            price += p;
            discPrice += dp;
            charge += dp * (100 + t);
            disc += d;
            count++;
            if (++pending == FLUSH_ROWS) {
                flush();
            }
        }

        void flush() {
            totalQty = totalQty.add(BigInteger.valueOf(qty));
            totalPrice = totalPrice.add(BigInteger.valueOf(price));
            totalDiscPrice = totalDiscPrice.add(BigInteger.valueOf(discPrice));
            totalCharge = totalCharge.add(BigInteger.valueOf(charge));
            totalDisc = totalDisc.add(BigInteger.valueOf(disc));
            qty = price = discPrice = charge = disc = 0;
            pending = 0;
        }

        /** Adds another sink's sums of the same group. */
        void add(Sums other) {
            flush();
            other.flush();
            totalQty = totalQty.add(other.totalQty);
            totalPrice = totalPrice.add(other.totalPrice);
            totalDiscPrice = totalDiscPrice.add(other.totalDiscPrice);
            totalCharge = totalCharge.add(other.totalCharge);
            totalDisc = totalDisc.add(other.totalDisc);
            count += other.count;
        }

        String render() {
            flush();
            BigDecimal n = BigDecimal.valueOf(count);
            BigDecimal q = new BigDecimal(totalQty, 2);
            BigDecimal p = new BigDecimal(totalPrice, 2);
            return String.join("|", returnFlag, lineStatus, q.toPlainString(), p.toPlainString(),
                    new BigDecimal(totalDiscPrice, 4).toPlainString(), new BigDecimal(totalCharge, 6).toPlainString(),
                    average(q, n), average(p, n), average(new BigDecimal(totalDisc, 2), n), Long.toString(count));
        }

        private static String average(BigDecimal sum, BigDecimal n) {
            return sum.divide(n, AVERAGE_SCALE, RoundingMode.HALF_UP).toPlainString();
        }
    }

    /** The groups: one-byte flag and status (TPC-H's) in a table indexed by the two bytes, any others by name. */
    static final class Groups {
        private final Sums[] byBytes = new Sums[1 << 16];
        private final Map<String, Sums> byName = new HashMap<>();
        /** A block of each decimal column, read in bulk ({@link LongColumn#read}). */
        private final long[] qtys = new long[Checksum.BLOCK];
        private final long[] prices = new long[Checksum.BLOCK];
        private final long[] discs = new long[Checksum.BLOCK];
        private final long[] taxes = new long[Checksum.BLOCK];
        /** A block of each group-by column, read in bulk ({@link StringColumn#read(int, int, StringBlock)}). */
        private final StringBlock flags = new StringBlock(Checksum.BLOCK);
        private final StringBlock statuses = new StringBlock(Checksum.BLOCK);
        /** The rows added. */
        long rows;

        /** Adds another sink's groups. */
        void add(Groups other) {
            for (Sums s : other.byName.values()) {
                byName(s.returnFlag, s.lineStatus).add(s);
            }
            rows += other.rows;
        }

        void add(Batch batch) {
            StringColumn flag = batch.strings("l_returnflag");
            StringColumn status = batch.strings("l_linestatus");
            LongColumn qty = batch.longs("l_quantity");
            LongColumn price = batch.longs("l_extendedprice");
            LongColumn disc = batch.longs("l_discount");
            LongColumn tax = batch.longs("l_tax");
            int n = batch.length();
            rows += n;
            long[] q = qtys;
            long[] p = prices;
            long[] d = discs;
            long[] t = taxes;
            for (int from = 0; from < n; from += Checksum.BLOCK) {
                int k = Math.min(Checksum.BLOCK, n - from);
                qty.read(from, q, k);
                price.read(from, p, k);
                disc.read(from, d, k);
                tax.read(from, t, k);
                flag.read(from, k, flags);
                status.read(from, k, statuses);
                for (int j = 0; j < k; j++) {
                    group(flag, status, from, j).add(q[j], p[j], d[j], t[j]);
                }
            }
        }

        /** The group of row {@code from + j}, whose keys are value {@code j} of the blocks read from {@code from}. */
        private Sums group(StringColumn flag, StringColumn status, int from, int j) {
            int i = from + j;
            if (flags.length()[j] == 1 && statuses.length()[j] == 1) {
                int key = (flags.array(flags.source()[j])[flags.start()[j]] & 0xFF) << 8
                        | (statuses.array(statuses.source()[j])[statuses.start()[j]] & 0xFF);
                Sums s = byBytes[key];
                if (s == null) {
                    s = byName(flag.get(i), status.get(i));
                    byBytes[key] = s;
                }
                return s;
            }
            return byName(flag.get(i), status.get(i));
        }

        private Sums byName(String f, String s) {
            return byName.computeIfAbsent(f + '\0' + s, k -> new Sums(f, s));
        }

        String render() {
            List<Sums> all = new ArrayList<>(byName.values());
            all.sort((a, b) -> a.returnFlag.equals(b.returnFlag) ? a.lineStatus.compareTo(b.lineStatus)
                    : a.returnFlag.compareTo(b.returnFlag));
            StringBuilder out = new StringBuilder();
            for (Sums s : all) {
                out.append(s.render()).append('\n');
            }
            return out.toString();
        }
    }
}
