package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * A column of {@code lineitem} and how the queries read and print it, derived from {@link LineItems#SCHEMA}.
 *
 * @param name the column's name
 * @param type how its values are read and printed
 * @param scale the scale of a decimal column, 0 for the others
 */
record LineitemColumn(String name, Type type, int scale) {

    /** The four kinds of column lineitem has. */
    enum Type {
        /** i64 or i32, read as longs. */
        INTEGER,
        /** decimal(15,2), read as unscaled longs. */
        DECIMAL,
        /** {@code vortex.date}, read as days since 1970-01-01. */
        DATE,
        /** utf8. */
        TEXT;

        boolean isLong() {
            return this != TEXT;
        }
    }

    /** Every column of lineitem, in the schema's order. */
    static final List<LineitemColumn> ALL = LineItems.SCHEMA.fields().stream().map(LineitemColumn::of).toList();

    private static LineitemColumn of(Field field) {
        return switch (field.dtype()) {
            case DType.Primitive p -> new LineitemColumn(field.name(), Type.INTEGER, 0);
            case DType.Decimal d -> new LineitemColumn(field.name(), Type.DECIMAL, d.scale());
            case DType.Extension e -> new LineitemColumn(field.name(), Type.DATE, 0);
            case DType.Utf8 u -> new LineitemColumn(field.name(), Type.TEXT, 0);
            default -> throw new IllegalStateException("lineitem has no columns of " + field.dtype());
        };
    }

    /** The column called {@code name}. */
    static LineitemColumn named(String name) {
        return ALL.stream().filter(c -> c.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("lineitem has no column `" + name + "`"));
    }

    /** The names of {@link #ALL}. */
    static List<String> names() {
        return ALL.stream().map(LineitemColumn::name).toList();
    }

    /** The value at {@code row} of this column in {@code batch}, as SQL would print it. */
    String render(Batch batch, int row) {
        return switch (type) {
            case INTEGER -> Long.toString(batch.longs(name).get(row));
            case DECIMAL -> BigDecimal.valueOf(batch.longs(name).get(row), scale).toPlainString();
            case DATE -> LocalDate.ofEpochDay(batch.longs(name).get(row)).toString();
            case TEXT -> batch.strings(name).get(row);
        };
    }
}
