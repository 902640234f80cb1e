package dev.quire.splits;

import dev.quire.errors.InvalidArgumentException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Which fields of a value a split collection concerns: all of them, or some fields of a struct, each with its own
 * mask. Only the columns a scan reads contribute boundaries, so a narrow scan of a wide file walks only its columns.
 */
public final class FieldMask {
    private static final FieldMask ALL = new FieldMask(null);
    private static final FieldMask NONE = new FieldMask(Map.of());

    /** The selected fields and their masks, in the struct's order; null means everything. */
    private final Map<String, FieldMask> fields;

    private FieldMask(Map<String, FieldMask> fields) {
        this.fields = fields;
    }

    /** Every field, at every depth. */
    public static FieldMask all() {
        return ALL;
    }

    /** No field: a struct contributes only its own end. */
    public static FieldMask none() {
        return NONE;
    }

    /** These fields of a struct, each with its mask; the map's order is kept. */
    public static FieldMask of(Map<String, FieldMask> fields) {
        Map<String, FieldMask> copy = new LinkedHashMap<>();
        fields.forEach((name, mask) -> copy.put(Objects.requireNonNull(name, "field name is null"),
                Objects.requireNonNull(mask, "mask of field " + name + " is null")));
        return copy.isEmpty() ? NONE : new FieldMask(Collections.unmodifiableMap(copy));
    }

    public boolean isAll() {
        return fields == null;
    }

    /** Whether field {@code name} of the struct this mask applies to is selected. */
    public boolean selects(String name) {
        return fields == null || fields.containsKey(name);
    }

    /**
     * The mask of field {@code name}: {@link #all()} when everything is selected.
     *
     * @throws InvalidArgumentException when the field is not selected
     */
    public FieldMask field(String name) {
        if (fields == null) {
            return ALL;
        }
        FieldMask mask = fields.get(name);
        if (mask == null) {
            throw new InvalidArgumentException("field `" + name + "` is not selected by " + this);
        }
        return mask;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FieldMask m && Objects.equals(fields, m.fields);
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
