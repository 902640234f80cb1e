package dev.quire.bench.runner.spi;

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
 * @param rowIndices ascending row indices to read, or empty for every row
 */
public record ScanRequest(List<String> columns, Optional<Expr> filter, Optional<long[]> rowIndices) {
    public ScanRequest {
        columns = List.copyOf(columns);
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(rowIndices, "rowIndices");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a scan reads at least one column");
        }
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
