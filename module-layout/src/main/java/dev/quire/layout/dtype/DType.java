package dev.quire.layout.dtype;

import dev.quire.errors.InvalidArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The logical type of a Vortex array. A dtype says what values mean, not how they are stored: one dtype is served by
 * many encodings. Every dtype except {@link Null} can be nullable or not.
 */
public sealed interface DType
        permits DType.Null, DType.Bool, DType.Primitive, DType.Decimal, DType.Utf8, DType.Binary, DType.Struct,
                DType.Extension {

    boolean nullable();

    /** This dtype with the given nullability ({@link Null} stays nullable). */
    DType withNullable(boolean nullable);

    /** The type of nothing but nulls; always nullable. */
    record Null() implements DType {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public DType withNullable(boolean nullable) {
            return this;
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    record Bool(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Bool(n);
        }

        @Override
        public String toString() {
            return "bool" + (nullable ? "?" : "");
        }
    }

    record Primitive(PType ptype, boolean nullable) implements DType {
        public Primitive {
            Objects.requireNonNull(ptype, "ptype is null");
        }

        @Override
        public DType withNullable(boolean n) {
            return new Primitive(ptype, n);
        }

        @Override
        public String toString() {
            return ptype.displayName() + (nullable ? "?" : "");
        }
    }

    /** A fixed-point decimal with {@code precision} digits (1..76), {@code scale} of them after the point. */
    record Decimal(int precision, int scale, boolean nullable) implements DType {
        public static final int MAX_PRECISION = 76;

        public Decimal {
            if (precision < 1 || precision > MAX_PRECISION) {
                throw new InvalidArgumentException("decimal precision must be 1.." + MAX_PRECISION + ", got "
                        + precision);
            }
            if (scale < -128 || scale > 127 || scale > precision) {
                throw new InvalidArgumentException("decimal scale " + scale + " does not fit precision " + precision);
            }
        }

        @Override
        public DType withNullable(boolean n) {
            return new Decimal(precision, scale, n);
        }

        @Override
        public String toString() {
            return "decimal(" + precision + "," + scale + ")" + (nullable ? "?" : "");
        }
    }

    record Utf8(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Utf8(n);
        }

        @Override
        public String toString() {
            return "utf8" + (nullable ? "?" : "");
        }
    }

    record Binary(boolean nullable) implements DType {
        @Override
        public DType withNullable(boolean n) {
            return new Binary(n);
        }

        @Override
        public String toString() {
            return "binary" + (nullable ? "?" : "");
        }
    }

    /** A struct of named fields; names are unique. */
    record Struct(List<Field> fields, boolean nullable) implements DType {
        public Struct {
            fields = List.copyOf(fields);
            Set<String> seen = new HashSet<>();
            for (Field f : fields) {
                if (!seen.add(f.name())) {
                    throw new InvalidArgumentException("duplicate struct field name `" + f.name() + "`");
                }
            }
        }

        public static Struct of(Field... fields) {
            return new Struct(Arrays.asList(fields), false);
        }

        public int fieldCount() {
            return fields.size();
        }

        public Field field(int i) {
            return fields.get(i);
        }

        public Optional<Integer> indexOf(String name) {
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).name().equals(name)) {
                    return Optional.of(i);
                }
            }
            return Optional.empty();
        }

        public List<String> names() {
            List<String> names = new ArrayList<>(fields.size());
            for (Field f : fields) {
                names.add(f.name());
            }
            return names;
        }

        @Override
        public DType withNullable(boolean n) {
            return new Struct(fields, n);
        }

        @Override
        public String toString() {
            return "struct{" + String.join(", ", fields.stream().map(Field::toString).toList()) + "}"
                    + (nullable ? "?" : "");
        }
    }

    /**
     * A logical type stored as another dtype, named by {@code id} with opaque {@code metadata}. Its nullability is
     * the storage's. See {@link Temporal} for the date, time and timestamp extensions.
     */
    record Extension(String id, DType storage, byte[] metadata) implements DType {
        public Extension {
            Objects.requireNonNull(id, "id is null");
            Objects.requireNonNull(storage, "storage is null");
            metadata = metadata == null ? new byte[0] : metadata.clone();
        }

        @Override
        public byte[] metadata() {
            return metadata.clone();
        }

        @Override
        public boolean nullable() {
            return storage.nullable();
        }

        @Override
        public DType withNullable(boolean n) {
            return new Extension(id, storage.withNullable(n), metadata);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Extension e && id.equals(e.id) && storage.equals(e.storage)
                    && Arrays.equals(metadata, e.metadata);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, storage, Arrays.hashCode(metadata));
        }

        @Override
        public String toString() {
            // A temporal description does not show the storage, so it carries the nullability marker itself.
            return Temporal.describe(this).map(d -> d + (nullable() ? "?" : ""))
                    .orElse("ext(" + id + ", " + storage + ")");
        }
    }

    static Null nullType() {
        return new Null();
    }

    static Bool bool(boolean nullable) {
        return new Bool(nullable);
    }

    static Primitive primitive(PType ptype, boolean nullable) {
        return new Primitive(ptype, nullable);
    }

    static Utf8 utf8(boolean nullable) {
        return new Utf8(nullable);
    }

    static Binary binary(boolean nullable) {
        return new Binary(nullable);
    }
}
