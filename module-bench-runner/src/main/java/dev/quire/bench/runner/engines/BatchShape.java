package dev.quire.bench.runner.engines;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of a scan's batches, checked once per scan against the dtype the scan returns: where each requested
 * column sits in the batch's struct and how it is read.
 */
record BatchShape(Map<String, Integer> indexes, List<Kind> kinds, List<String> names) {

    /** How a column's values are read. */
    enum Kind {
        /** An integer primitive (signed or unsigned, any width). */
        INTEGER,
        /** A decimal, read as its unscaled values. */
        DECIMAL,
        /** An extension type (such as {@code vortex.date}) over integer storage, read as its storage. */
        EXTENSION,
        /** A utf8 string. */
        UTF8
    }

    /**
     * Checks every requested column's dtype in {@code output} and records where it is.
     *
     * @throws InvalidArgumentException naming the first column that is neither long-like nor utf8
     */
    static BatchShape of(List<String> columns, DType.Struct output) {
        Map<String, Integer> indexes = new HashMap<>();
        Kind[] kinds = new Kind[output.fieldCount()];
        for (String column : columns) {
            int index = output.indexOf(column).orElseThrow(() -> new InvalidArgumentException(
                    "the scan returned no column `" + column + "`; it returned " + output.names()));
            Field field = output.field(index);
            kinds[index] = kind(column, field.dtype());
            indexes.put(column, index);
        }
        return new BatchShape(Map.copyOf(indexes), java.util.Arrays.asList(kinds), output.names());
    }

    private static Kind kind(String column, DType dtype) {
        return switch (dtype) {
            case DType.Primitive p when p.ptype().isInteger() -> Kind.INTEGER;
            case DType.Decimal d -> Kind.DECIMAL;
            case DType.Extension e when e.storage() instanceof DType.Primitive p && p.ptype().isInteger() ->
                    Kind.EXTENSION;
            case DType.Utf8 u -> Kind.UTF8;
            default -> throw new InvalidArgumentException("column `" + column + "` is " + dtype
                    + ": the runner reads integer, decimal, integer-backed extension (dates) and utf8 columns only");
        };
    }

    /** The position of {@code column} in the batch's struct. */
    int index(String column) {
        Integer index = indexes.get(column);
        if (index == null) {
            throw new InvalidArgumentException("column `" + column + "` was not requested by this scan; it read "
                    + indexes.keySet());
        }
        return index;
    }

    Kind kind(int index) {
        return kinds.get(index);
    }
}
