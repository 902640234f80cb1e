package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import java.util.Arrays;
import java.util.List;

/**
 * A full scan of some columns of every row, each folded into a {@link Checksum}: one column per type
 * ({@code scan-i64}, {@code scan-i32}, {@code scan-decimal}, {@code scan-date}, {@code scan-utf8}) or all of them
 * ({@code scan-all}). The result has a line per column: its name and checksum.
 */
final class ColumnScanQuery implements Query {
    private final String name;
    private final String description;
    private final List<LineitemColumn> columns;
    private final ScanRequest request;

    ColumnScanQuery(String name, String description, List<LineitemColumn> columns) {
        this.name = name;
        this.description = description;
        this.columns = List.copyOf(columns);
        this.request = ScanRequest.of(this.columns.stream().map(LineitemColumn::name).toList());
    }

    /** A scan of the one column {@code column}. */
    static ColumnScanQuery of(String name, String column) {
        LineitemColumn c = LineitemColumn.named(column);
        return new ColumnScanQuery(name, "full scan of " + column + " (" + c.type().name().toLowerCase(
                java.util.Locale.ROOT) + ")", List.of(c));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Outcome run(Table table) {
        PerSink<Checksum[]> sinks = new PerSink<>(this::newSums, (sums, batch) -> {
            int n = batch.length();
            for (int c = 0; c < columns.size(); c++) {
                add(sums[c], columns.get(c), batch, n);
            }
        });
        table.scanConcurrently(request, sinks);
        Checksum[] total = newSums();
        for (Checksum[] sums : sinks.states()) {
            for (int c = 0; c < columns.size(); c++) {
                total[c].add(sums[c]);
            }
        }
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) {
            out.append(columns.get(c).name()).append(' ').append(total[c]).append('\n');
        }
        // Every column counts every row; the first's count is the rows read.
        return new Outcome(total[0].count(), out.toString());
    }

    /** A checksum per column. */
    private Checksum[] newSums() {
        Checksum[] sums = new Checksum[columns.size()];
        Arrays.setAll(sums, i -> new Checksum());
        return sums;
    }

    private static void add(Checksum sum, LineitemColumn column, Batch batch, int n) {
        if (column.type().isLong()) {
            sum.addLongs(batch.longs(column.name()), n);
        } else {
            sum.addStrings(batch.strings(column.name()), n);
        }
    }
}
