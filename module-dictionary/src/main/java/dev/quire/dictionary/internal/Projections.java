package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import java.util.ArrayList;
import java.util.List;

/** Applies a projection to a struct-typed dictionary column, once decoded. */
final class Projections {
    private Projections() {}

    static Array apply(Array array, Projection projection) {
        if (projection.isAll()) {
            return array;
        }
        StructArray struct = (StructArray) array.toCanonical();
        DType.Struct dtype = struct.dtype();
        List<Array> fields = new ArrayList<>();
        for (int i = 0; i < dtype.fieldCount(); i++) {
            String name = dtype.field(i).name();
            if (projection.selects(name)) {
                fields.add(apply(struct.field(i), projection.field(name)));
            }
        }
        return new StructArray((DType.Struct) projection.apply(dtype), fields, struct.length(), struct.validity());
    }
}
