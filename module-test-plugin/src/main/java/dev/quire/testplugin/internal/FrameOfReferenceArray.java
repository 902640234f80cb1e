package dev.quire.testplugin.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * {@code i64} values stored as a reference value plus {@code i32} deltas: value = reference + delta, with two's
 * complement wrap-around (so any reference and deltas decode to some value, whatever a file holds). Nulls live in the
 * deltas' validity.
 */
public final class FrameOfReferenceArray implements Array {
    public static final String ID = "quire.test.frame_of_reference";

    private final DType.Primitive dtype;
    private final long reference;
    private final PrimitiveArray deltas;

    public FrameOfReferenceArray(long reference, PrimitiveArray deltas) {
        this.deltas = Objects.requireNonNull(deltas, "deltas is null");
        if (deltas.ptype() != PType.I32) {
            throw new InvalidArgumentException("frame-of-reference deltas are i32, got " + deltas.dtype());
        }
        this.dtype = new DType.Primitive(PType.I64, deltas.dtype().nullable());
        this.reference = reference;
    }

    /**
     * Encodes {@code i64} values with their smallest valid value as the reference.
     *
     * @throws InvalidArgumentException when the values span more than {@link Integer#MAX_VALUE}
     */
    public static FrameOfReferenceArray encode(PrimitiveArray values) {
        if (values.ptype() != PType.I64) {
            throw new InvalidArgumentException("frame-of-reference encodes i64 values, got " + values.dtype());
        }
        long n = values.length();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long i = 0; i < n; i++) {
            if (values.isValid(i)) {
                min = Math.min(min, values.getLong(i));
                max = Math.max(max, values.getLong(i));
            }
        }
        long reference = min <= max ? min : 0;
        if (min <= max && (max - min < 0 || max - min > Integer.MAX_VALUE)) {
            throw new InvalidArgumentException("values from " + min + " to " + max + " do not fit i32 deltas");
        }
        int[] deltas = new int[Math.toIntExact(n)];
        for (int i = 0; i < deltas.length; i++) {
            deltas[i] = values.isValid(i) ? (int) (values.getLong(i) - reference) : 0;
        }
        DType.Primitive deltaType = new DType.Primitive(PType.I32, values.dtype().nullable());
        return new FrameOfReferenceArray(reference,
                new PrimitiveArray(deltaType, MemorySegment.ofArray(deltas), values.validity()));
    }

    public long reference() {
        return reference;
    }

    public PrimitiveArray deltas() {
        return deltas;
    }

    @Override
    public DType.Primitive dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return deltas.length();
    }

    @Override
    public String encodingId() {
        return ID;
    }

    @Override
    public boolean isValid(long index) {
        return deltas.isValid(index);
    }

    @Override
    public long nullCount() {
        return deltas.nullCount();
    }

    @Override
    public FrameOfReferenceArray slice(long from, long to) {
        return new FrameOfReferenceArray(reference, deltas.slice(from, to));
    }

    @Override
    public PrimitiveArray toCanonical() {
        long[] out = new long[Math.toIntExact(length())];
        for (int i = 0; i < out.length; i++) {
            out[i] = reference + deltas.getInt(i);
        }
        return new PrimitiveArray(dtype, MemorySegment.ofArray(out), deltas.validity());
    }

    @Override
    public Scalar scalarAt(long index) {
        Scalar delta = deltas.scalarAt(index);
        return delta.isNull() ? Scalar.nullOf(dtype) : new Scalar(dtype, reference + (Long) delta.value());
    }

    @Override
    public String toString() {
        return "FrameOfReferenceArray[" + dtype + ", reference " + reference + ", " + length() + "]";
    }
}
