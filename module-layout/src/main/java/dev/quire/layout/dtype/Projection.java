package dev.quire.layout.dtype;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.splits.FieldMask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which parts of a value to read: everything, or a selection of a struct's fields, each with its own projection.
 * Selected fields keep the order of the struct, so a projected dtype is the original with fields left out.
 */
public final class Projection {
    private static final Projection ALL = new Projection(null);

    /** null means everything. */
    private final Map<String, Projection> fields;

    private Projection(Map<String, Projection> fields) {
        this.fields = fields;
    }

    public static Projection all() {
        return ALL;
    }

    /** Selects no field: reading it yields only row counts (a struct with no fields). */
    public static Projection none() {
        return new Projection(Map.of());
    }

    /**
     * The projection that selects {@code paths} of {@code dtype}, which must be a struct.
     *
     * @throws InvalidArgumentException naming the path and the fields available when a path does not exist
     */
    public static Projection of(DType dtype, List<FieldPath> paths) {
        if (paths.isEmpty()) {
            return ALL;
        }
        Projection result = new Projection(new LinkedHashMap<>());
        for (FieldPath path : paths) {
            result.add(dtype, path, path);
        }
        return result.ordered(dtype);
    }

    private void add(DType dtype, FieldPath path, FieldPath whole) {
        if (!(dtype instanceof DType.Struct struct)) {
            throw new InvalidArgumentException("cannot select `" + whole + "`: `" + path.head() + "` is inside "
                    + dtype + ", which is not a struct");
        }
        int index = struct.indexOf(path.head()).orElseThrow(() -> new InvalidArgumentException(
                "no column `" + whole + "`: `" + path.head() + "` is not one of " + struct.names()));
        DType child = struct.field(index).dtype();
        var tail = path.tail();
        if (tail.isEmpty()) {
            fields.put(path.head(), ALL);
            return;
        }
        Projection existing = fields.get(path.head());
        if (existing == ALL) {
            return;
        }
        if (existing == null) {
            existing = new Projection(new LinkedHashMap<>());
            fields.put(path.head(), existing);
        }
        existing.add(child, tail.get(), whole);
    }

    /** Re-orders selected fields into the struct's order, recursively. */
    private Projection ordered(DType dtype) {
        if (fields == null) {
            return this;
        }
        DType.Struct struct = (DType.Struct) dtype;
        Map<String, Projection> out = new LinkedHashMap<>();
        for (Field f : struct.fields()) {
            Projection p = fields.get(f.name());
            if (p != null) {
                out.put(f.name(), p.ordered(f.dtype()));
            }
        }
        return new Projection(out);
    }

    /** The same selection as a {@link FieldMask}, for split collection. */
    public FieldMask fieldMask() {
        if (fields == null) {
            return FieldMask.all();
        }
        Map<String, FieldMask> out = new LinkedHashMap<>();
        fields.forEach((name, p) -> out.put(name, p.fieldMask()));
        return FieldMask.of(out);
    }

    public boolean isAll() {
        return fields == null;
    }

    /** Whether field {@code name} of the struct this applies to is selected. */
    public boolean selects(String name) {
        return fields == null || fields.containsKey(name);
    }

    /** The projection of field {@code name}; {@link #all()} when everything is selected. */
    public Projection field(String name) {
        if (fields == null) {
            return ALL;
        }
        Projection p = fields.get(name);
        if (p == null) {
            throw new InvalidArgumentException("field `" + name + "` is not selected");
        }
        return p;
    }

    /** The dtype of the projected value. */
    public DType apply(DType dtype) {
        if (fields == null) {
            return dtype;
        }
        DType.Struct struct = (DType.Struct) dtype;
        List<Field> out = new ArrayList<>();
        for (Field f : struct.fields()) {
            Projection p = fields.get(f.name());
            if (p != null) {
                out.add(new Field(f.name(), p.apply(f.dtype())));
            }
        }
        return new DType.Struct(out, struct.nullable());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Projection p && Objects.equals(fields, p.fields);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(fields);
    }

    @Override
    public String toString() {
        return fields == null ? "*" : fields.toString();
    }
}
