package dev.quire.layout.expr;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Small builders of columns and batches for the expression tests; a Java null is a null value. */
final class Columns {
    private Columns() {}

    /** A canonical array of {@code dtype} holding the given values (as {@link Scalar} values of the dtype). */
    static Array of(DType dtype, Object... values) {
        ArrayBuilder b = ArrayBuilder.forType(dtype);
        for (Object v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.appendScalar(new Scalar(dtype, v));
            }
        }
        return b.finish();
    }

    /** A non-nullable batch of named columns, given as name, array, name, array... */
    static StructArray batch(Object... namesAndColumns) {
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        for (int i = 0; i < namesAndColumns.length; i += 2) {
            Array a = (Array) namesAndColumns[i + 1];
            fields.add(new Field((String) namesAndColumns[i], a.dtype()));
            columns.add(a);
        }
        long length = columns.isEmpty() ? 0 : columns.getFirst().length();
        return new StructArray(new DType.Struct(fields, false), columns, length, Validity.NON_NULLABLE);
    }

    /** The rows a mask selects. */
    static List<Long> rows(RowMask mask) {
        return Arrays.stream(mask.toRows()).boxed().toList();
    }
}
