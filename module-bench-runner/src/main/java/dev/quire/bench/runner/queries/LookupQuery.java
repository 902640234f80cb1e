package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A point lookup: every column of {@link #ROWS} pseudo-random rows, chosen from the table's row count with a fixed
 * seed, read by row index. The result has a line per row, {@code index: value|value|...}, in index order.
 *
 * <p>Batches carry no row indices and may arrive in any order, so the rows are put in index order by their key
 * {@code (l_orderkey, l_linenumber)}: TPC-H generates lineitem in ascending order of that key, so index order and key
 * order are the same.
 */
final class LookupQuery implements Query {
    static final String NAME = "lookup";
    static final int ROWS = 10;
    static final long SEED = 0x5155495245L;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "point lookup of " + ROWS + " rows by index, all columns";
    }

    /** The rows looked up in a table of {@code rowCount} rows: {@link #ROWS} distinct indices (fewer rows: all). */
    static long[] indices(long rowCount) {
        if (rowCount <= ROWS) {
            long[] all = new long[(int) rowCount];
            Arrays.setAll(all, i -> i);
            return all;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        long[] rows = random.longs(0, rowCount).distinct().limit(ROWS).toArray();
        Arrays.sort(rows);
        return rows;
    }

    private record Row(long orderKey, long lineNumber, String values) {}

    @Override
    public Outcome run(Table table) {
        long[] indices = indices(table.rowCount());
        List<Row> rows = new ArrayList<>();
        if (indices.length > 0) {
            ScanRequest request = ScanRequest.of(LineitemColumn.names()).withRows(indices);
            table.scan(request, batch -> {
                LongColumn orderKey = batch.longs("l_orderkey");
                LongColumn lineNumber = batch.longs("l_linenumber");
                for (int i = 0; i < batch.length(); i++) {
                    StringBuilder values = new StringBuilder();
                    for (LineitemColumn c : LineitemColumn.ALL) {
                        if (!values.isEmpty()) {
                            values.append('|');
                        }
                        values.append(c.render(batch, i));
                    }
                    rows.add(new Row(orderKey.get(i), lineNumber.get(i), values.toString()));
                }
            });
        }
        rows.sort(Comparator.comparingLong(Row::orderKey).thenComparingLong(Row::lineNumber));
        StringBuilder out = new StringBuilder();
        if (rows.size() != indices.length) {
            // Not the rows asked for: print what came back, which no correct engine's result will match.
            out.append("expected ").append(indices.length).append(" rows, got ").append(rows.size()).append('\n');
        }
        for (int i = 0; i < rows.size(); i++) {
            out.append(rows.size() == indices.length ? Long.toString(indices[i]) : "?").append(": ")
                    .append(rows.get(i).values()).append('\n');
        }
        return new Outcome(rows.size(), out.toString());
    }
}
