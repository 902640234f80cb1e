package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.format.ArrayStats;
import java.util.Map;
import java.util.Objects;

/**
 * What is known about the rows of one zone (a run of rows with a row of zone-map statistics), for
 * {@link BoundExpr#mightMatch(ZoneStats)}.
 *
 * <p>Per column path, the statistics are an {@link ArrayStats}: min and max as scalars of the column's dtype (for
 * temporal columns, of the extension or its storage), null count and NaN count, each optional. Min and max are used
 * as bounds only, so inexact ones (such as truncated strings, flagged by {@code minExact}/{@code maxExact}) are fine
 * as long as min is at most and max at least every non-null value. A bound the column's type cannot hold exactly
 * (a decimal with more digits than the scale, a double bound of an f32 column) is rounded inwards to that type,
 * which keeps it a bound because every value has that type. For float columns, NaN is assumed possible
 * unless the NaN count is present and zero; a NaN min is ignored. Statistics of the wrong Java type are ignored.
 * A path without statistics, or a zone without any, means "anything is possible".
 *
 * <p>For a nested path such as {@code a.b}, a row is null when {@code a} is; statistics of {@code a} (its null count)
 * are consulted as well.
 */
public interface ZoneStats {

    /** The number of rows in the zone. */
    long rowCount();

    /** The statistics of the column at {@code path}; {@link ArrayStats#empty()} when nothing is known. */
    ArrayStats column(FieldPath path);

    /** Statistics from a map; paths that are not in it have none. */
    static ZoneStats of(long rowCount, Map<FieldPath, ArrayStats> columns) {
        if (rowCount < 0) {
            throw new InvalidArgumentException("negative row count " + rowCount);
        }
        Map<FieldPath, ArrayStats> copy = Map.copyOf(columns);
        return new ZoneStats() {
            @Override
            public long rowCount() {
                return rowCount;
            }

            @Override
            public ArrayStats column(FieldPath path) {
                return copy.getOrDefault(Objects.requireNonNull(path, "path is null"), ArrayStats.empty());
            }

            @Override
            public String toString() {
                return "ZoneStats[" + rowCount + " rows, " + copy + "]";
            }
        };
    }

    /** A zone of {@code rowCount} rows about which nothing else is known. */
    static ZoneStats unknown(long rowCount) {
        return of(rowCount, Map.of());
    }
}
