package dev.quire.cli.output;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.FieldPath;
import java.util.ArrayList;
import java.util.List;

/** The leaf columns of a struct for flat formats: nested struct fields become dotted names ({@code b.c}). */
final class Columns {
    private Columns() {}

    /** One leaf: its name, its field indices from the root, and its format. */
    record Leaf(String name, int[] path, ValueFormat format) {
        /** The leaf's array in {@code batch} and whether row {@code row} reaches it (no null struct above it). */
        Array array(StructArray batch, long row) {
            Array a = batch;
            for (int index : path) {
                if (!a.isValid(row)) {
                    return null;
                }
                a = ((StructArray) a).field(index);
            }
            return a;
        }

        /** The cell text, or null for a null value. */
        String text(StructArray batch, long row) {
            Array a = array(batch, row);
            return a == null || !a.isValid(row) ? null : format.text(a, row);
        }
    }

    static List<Leaf> of(DType.Struct dtype) {
        List<Leaf> out = new ArrayList<>();
        collect(dtype, new ArrayList<>(), new ArrayList<>(), out);
        return out;
    }

    private static void collect(DType.Struct dtype, List<String> names, List<Integer> indices, List<Leaf> out) {
        for (int i = 0; i < dtype.fieldCount(); i++) {
            Field f = dtype.field(i);
            names.add(f.name());
            indices.add(i);
            if (f.dtype() instanceof DType.Struct nested && nested.fieldCount() > 0) {
                collect(nested, names, indices, out);
            } else {
                out.add(new Leaf(new FieldPath(names).toString(),
                        indices.stream().mapToInt(Integer::intValue).toArray(), ValueFormat.of(f.dtype())));
            }
            names.removeLast();
            indices.removeLast();
        }
    }
}
