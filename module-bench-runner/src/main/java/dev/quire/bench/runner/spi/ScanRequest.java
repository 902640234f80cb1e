package dev.quire.bench.runner.spi;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.expr.Expr;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a query reads: the columns (in this order in every batch), the rows that pass {@code filter}, among the rows
 * at {@code rowIndices} when given. Engines push the filter and the row selection down into their reader when they
 * can, and must return exactly the matching rows either way, in any order (queries that need row order sort by a key).
 *
 * @param columns the columns to read, by name
 * @param filter a filter in Quire's expression tree ({@link Expr}), which engines translate into their own
 * @param rowIndices ascending row indices to read, without repeats, or empty for every row
 */
public record ScanRequest(List<String> columns, Optional<Expr> filter, Optional<long[]> rowIndices) {
    public ScanRequest {
        columns = List.copyOf(columns);
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(rowIndices, "rowIndices");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a scan reads at least one column");
        }
        if (rowIndices.isPresent()) {
            long[] rows = rowIndices.get();
            for (int i = 0; i < rows.length; i++) {
                if (rows[i] < 0) {
                    throw new InvalidArgumentException("row index " + rows[i] + " is negative");
                }
                if (i > 0 && rows[i] <= rows[i - 1]) {
                    throw new InvalidArgumentException("row indices must ascend without repeats; " + rows[i]
                            + " follows " + rows[i - 1]);
                }
            }
        }
    }

    /**
     * The row indices, checked to lie inside a table of {@code rowCount} rows (they are ascending, without repeats and
     * not negative by construction), or empty for every row.
     *
     * @throws InvalidArgumentException naming the first index outside the table
     */
    public Optional<long[]> rowIndicesWithin(long rowCount) {
        if (rowIndices.isPresent()) {
            long[] rows = rowIndices.get();
            if (rows.length > 0 && rows[rows.length - 1] >= rowCount) {
                throw new InvalidArgumentException("row index " + rows[rows.length - 1] + " is outside the file's "
                        + rowCount + " rows");
            }
        }
        return rowIndices;
    }

    public static ScanRequest of(List<String> columns) {
        return new ScanRequest(columns, Optional.empty(), Optional.empty());
    }

    public ScanRequest withFilter(Expr e) {
        return new ScanRequest(columns, Optional.of(e), rowIndices);
    }

    public ScanRequest withRows(long[] rows) {
        return new ScanRequest(columns, filter, Optional.of(rows.clone()));
    }
}
