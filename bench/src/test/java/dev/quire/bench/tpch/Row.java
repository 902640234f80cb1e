package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.bench.runner.spi.Table;
import dev.quire.bench.runner.spi.ScanRequest;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** One lineitem row as the tests compare it: decimals unscaled, dates in days. */
record Row(long orderKey, long partKey, long suppKey, long lineNumber, long quantity, long price, long discount,
        long tax, String returnFlag, String status, long shipDate, long commitDate, long receiptDate,
        String instructions, String mode, String comment) {

    static final Comparator<Row> KEY = Comparator.comparingLong(Row::orderKey).thenComparingLong(Row::lineNumber);

    /** Every row of lineitem at {@code scaleFactor}, in the generator's (and the files') order. */
    static List<Row> generate(double scaleFactor) {
        List<Row> rows = new ArrayList<>();
        for (LineItem i : new LineItemGenerator(scaleFactor, 1, 1)) {
            rows.add(new Row(i.orderKey(), i.partKey(), i.supplierKey(), i.lineNumber(), i.quantity() * 100L,
                    i.extendedPriceInCents(), i.discountPercent(), i.taxPercent(), i.returnFlag(), i.status(),
                    i.shipDate(), i.commitDate(), i.receiptDate(), i.shipInstructions(), i.shipMode(), i.comment()));
        }
        return rows;
    }

    /** Every row {@code request} (which must read all columns) returns from {@code table}, sorted by key. */
    static List<Row> scan(Table table, ScanRequest request) {
        List<Row> out = new ArrayList<>();
        table.scan(request, batch -> read(batch, out));
        out.sort(KEY);
        return out;
    }

    /**
     * The rows {@link Table#scanConcurrently} returns, in key order, with the number of sinks the table took in
     * {@code sinks[0]}.
     */
    static List<Row> scanConcurrently(Table table, ScanRequest request, int[] sinks) {
        List<List<Row>> parts = java.util.Collections.synchronizedList(new ArrayList<>());
        table.scanConcurrently(request, () -> {
            List<Row> part = new ArrayList<>();
            parts.add(part);
            return batch -> read(batch, part);
        });
        sinks[0] = parts.size();
        List<Row> out = new ArrayList<>();
        parts.forEach(out::addAll);
        out.sort(KEY);
        return out;
    }

    static ScanRequest all() {
        return ScanRequest.of(LineItemArrow.COLUMNS);
    }

    private static void read(Batch b, List<Row> out) {
        LongColumn[] l = new LongColumn[16];
        StringColumn[] s = new StringColumn[16];
        for (int c = 0; c < 16; c++) {
            String name = LineItemArrow.COLUMNS.get(c);
            if (c == 8 || c == 9 || c >= 13) {
                s[c] = b.strings(name);
            } else {
                l[c] = b.longs(name);
            }
        }
        for (int r = 0; r < b.length(); r++) {
            out.add(new Row(l[0].get(r), l[1].get(r), l[2].get(r), l[3].get(r), l[4].get(r), l[5].get(r),
                    l[6].get(r), l[7].get(r), s[8].get(r), s[9].get(r), l[10].get(r), l[11].get(r), l[12].get(r),
                    s[13].get(r), s[14].get(r), s[15].get(r)));
        }
    }
}
