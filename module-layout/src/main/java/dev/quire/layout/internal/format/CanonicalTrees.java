package dev.quire.layout.internal.format;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.StructArray;
import java.util.ArrayList;
import java.util.List;

/** Arrays decoded all the way down: the scan's canonical batches, and the writer's columns before it slices them. */
public final class CanonicalTrees {
    private CanonicalTrees() {}

    /** Canonicalises {@code array} and, through structs and extensions, every field in it. */
    public static Array of(Array array) {
        Array c = array.toCanonical();
        if (c instanceof StructArray s) {
            List<Array> fields = new ArrayList<>(s.fields().size());
            boolean changed = false;
            for (Array f : s.fields()) {
                Array cf = of(f);
                changed |= cf != f;
                fields.add(cf);
            }
            return changed ? new StructArray(s.dtype(), fields, s.length(), s.validity()) : s;
        }
        if (c instanceof ExtensionArray e) {
            Array storage = of(e.storage());
            return storage == e.storage() ? e : new ExtensionArray(e.dtype(), storage);
        }
        return c;
    }
}
