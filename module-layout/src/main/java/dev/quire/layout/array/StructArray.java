package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The canonical array of a struct dtype: one child array per field, all of the same length. */
public final class StructArray implements Array {
    public static final String ID = "vortex.struct";

    private final DType.Struct dtype;
    private final List<Array> fields;
    private final long length;
    private final Validity validity;

    public StructArray(DType.Struct dtype, List<Array> fields, long length, Validity validity) {
        this.dtype = Objects.requireNonNull(dtype, "dtype is null");
        this.fields = List.copyOf(fields);
        if (this.fields.size() != dtype.fieldCount()) {
            throw new InvalidArgumentException("struct " + dtype + " needs " + dtype.fieldCount() + " fields, got "
                    + this.fields.size());
        }
        for (int i = 0; i < this.fields.size(); i++) {
            Array f = this.fields.get(i);
            if (f.length() != length) {
                throw new InvalidArgumentException("field `" + dtype.field(i).name() + "` has " + f.length()
                        + " values, the struct " + length);
            }
            if (!f.dtype().equals(dtype.field(i).dtype())) {
                throw new InvalidArgumentException("field `" + dtype.field(i).name() + "` is " + f.dtype()
                        + ", the struct declares " + dtype.field(i).dtype());
            }
        }
        if (length < 0) {
            throw new InvalidArgumentException("negative length " + length);
        }
        Arrays2.checkValidity(validity, dtype.nullable(), length);
        this.length = length;
        this.validity = validity;
    }

    /** A non-nullable struct of the given named columns; the dtype is built from the columns' dtypes. */
    public static StructArray of(List<String> names, List<? extends Array> columns) {
        if (names.size() != columns.size()) {
            throw new InvalidArgumentException(names.size() + " names for " + columns.size() + " columns");
        }
        List<dev.quire.layout.dtype.Field> fields = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            fields.add(new dev.quire.layout.dtype.Field(names.get(i), columns.get(i).dtype()));
        }
        long length = columns.isEmpty() ? 0 : columns.getFirst().length();
        return new StructArray(new DType.Struct(fields, false), List.copyOf(columns), length, Validity.NON_NULLABLE);
    }

    @Override
    public DType.Struct dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return ID;
    }

    public List<Array> fields() {
        return fields;
    }

    public Array field(int i) {
        return fields.get(i);
    }

    /** The field called {@code name}. */
    public Array field(String name) {
        return fields.get(dtype.indexOf(name).orElseThrow(
                () -> new InvalidArgumentException("no field `" + name + "` in " + dtype)));
    }

    public Validity validity() {
        return validity;
    }

    @Override
    public boolean isValid(long index) {
        return validity.isValid(index);
    }

    @Override
    public long nullCount() {
        return validity.nullCount(length);
    }

    @Override
    public StructArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length);
        List<Array> sliced = new ArrayList<>(fields.size());
        for (Array f : fields) {
            sliced.add(f.slice(from, to));
        }
        return new StructArray(dtype, sliced, to - from, validity.slice(from, to));
    }

    @Override
    public StructArray toCanonical() {
        return this;
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length);
        if (!isValid(index)) {
            return Scalar.nullOf(dtype);
        }
        List<Scalar> values = new ArrayList<>(fields.size());
        for (Array f : fields) {
            values.add(f.scalarAt(index));
        }
        return new Scalar(dtype, values);
    }

    @Override
    public String toString() {
        return "StructArray[" + dtype + ", " + length + "]";
    }
}
