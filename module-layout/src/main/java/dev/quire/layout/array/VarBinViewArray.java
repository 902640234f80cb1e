package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The canonical array of utf8 and binary dtypes: a 16-byte view per value, plus data buffers. A view holds the
 * value's length; values of at most {@value #MAX_INLINED} bytes follow it inline, longer ones are named by a data
 * buffer index and an offset (after a copy of their first four bytes).
 */
public final class VarBinViewArray implements Array {
    public static final String ID = "vortex.varbinview";
    public static final int VIEW_SIZE = 16;
    public static final int MAX_INLINED = 12;

    private static final ValueLayout.OfInt INT = LittleEndian.INT;

    private final DType dtype;
    private final MemorySegment views;
    private final MemorySegment[] buffers;
    private final long length;
    private final Validity validity;

    /**
     * Wraps views and data buffers, checking every view of a valid value against the buffers so a corrupt file
     * cannot make a later read go out of bounds.
     *
     * @throws MalformedFileException when a view names a missing buffer or bytes beyond a buffer's end
     */
    public VarBinViewArray(DType dtype, MemorySegment views, List<MemorySegment> buffers, Validity validity) {
        if (!(dtype instanceof DType.Utf8) && !(dtype instanceof DType.Binary)) {
            throw new InvalidArgumentException("varbinview arrays hold utf8 or binary, not " + dtype);
        }
        this.dtype = dtype;
        this.views = Objects.requireNonNull(views, "views is null");
        if (views.byteSize() % VIEW_SIZE != 0) {
            throw new MalformedFileException("varbinview views buffer of " + views.byteSize()
                    + " bytes is not a multiple of 16");
        }
        this.buffers = buffers.toArray(MemorySegment[]::new);
        this.length = views.byteSize() / VIEW_SIZE;
        Arrays2.checkValidity(validity, dtype.nullable(), length);
        this.validity = validity;
        checkViews();
    }

    private VarBinViewArray(DType dtype, MemorySegment views, MemorySegment[] buffers, Validity validity) {
        this.dtype = dtype;
        this.views = views;
        this.buffers = buffers;
        this.length = views.byteSize() / VIEW_SIZE;
        this.validity = validity;
    }

    private void checkViews() {
        boolean allValid = !(validity instanceof Validity.Mask) && !(validity instanceof Validity.AllInvalid);
        if (validity instanceof Validity.AllInvalid) {
            return;
        }
        if (allValid && views.heapBase().orElse(null) instanceof long[] words && views.address() % 8 == 0) {
            checkWords(words, (int) (views.address() / 8));
            return;
        }
        for (long i = 0; i < length; i++) {
            if (!allValid && !validity.isValid(i)) {
                continue;
            }
            long v = i * VIEW_SIZE;
            int size = views.get(INT, v);
            if (size < 0) {
                throw new MalformedFileException("varbinview value " + i + " has negative length " + size);
            }
            if (size > MAX_INLINED) {
                int buffer = views.get(INT, v + 8);
                long offset = Integer.toUnsignedLong(views.get(INT, v + 12));
                if (buffer < 0 || buffer >= buffers.length) {
                    throw new MalformedFileException("varbinview value " + i + " names data buffer " + buffer
                            + " of " + buffers.length);
                }
                if (offset + size > buffers[buffer].byteSize()) {
                    throw new MalformedFileException("varbinview value " + i + " spans bytes [" + offset + ", "
                            + (offset + size) + ") of a " + buffers[buffer].byteSize() + "-byte data buffer");
                }
            }
        }
    }

    /** {@link #checkViews()} for views held in a {@code long[]} from {@code base}, every value valid. */
    private void checkWords(long[] words, int base) {
        for (long i = 0; i < length; i++) {
            long w0 = words[base + (int) (2 * i)];
            int size = (int) w0;
            if (size < 0) {
                throw new MalformedFileException("varbinview value " + i + " has negative length " + size);
            }
            if (size > MAX_INLINED) {
                long w1 = words[base + (int) (2 * i) + 1];
                int buffer = (int) w1;
                long offset = w1 >>> 32;
                if (buffer < 0 || buffer >= buffers.length) {
                    throw new MalformedFileException("varbinview value " + i + " names data buffer " + buffer
                            + " of " + buffers.length);
                }
                if (offset + size > buffers[buffer].byteSize()) {
                    throw new MalformedFileException("varbinview value " + i + " spans bytes [" + offset + ", "
                            + (offset + size) + ") of a " + buffers[buffer].byteSize() + "-byte data buffer");
                }
            }
        }
    }

    @Override
    public DType dtype() {
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

    public MemorySegment views() {
        return views;
    }

    public List<MemorySegment> buffers() {
        return List.of(buffers);
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

    /** The byte length of value {@code i}. */
    public int byteLength(long i) {
        return views.get(INT, i * VIEW_SIZE);
    }

    /**
     * Value {@code i} as a zero-copy segment (of the views buffer for short values, of a data buffer otherwise). A
     * null slot's view is not checked when the array is built (nor by Vortex); if it points nowhere, this is empty.
     */
    public MemorySegment bytesAt(long i) {
        long v = i * VIEW_SIZE;
        int size = views.get(INT, v);
        if (size >= 0 && size <= MAX_INLINED) {
            return views.asSlice(v + 4, size);
        }
        int buffer = views.get(INT, v + 8);
        long offset = Integer.toUnsignedLong(views.get(INT, v + 12));
        if (size < 0 || buffer < 0 || buffer >= buffers.length || offset + size > buffers[buffer].byteSize()) {
            // only a null slot gets here: the views of valid values were checked by the constructor
            return views.asSlice(v, 0);
        }
        return buffers[buffer].asSlice(offset, size);
    }

    public byte[] getBytes(long i) {
        return bytesAt(i).toArray(ValueLayout.JAVA_BYTE);
    }

    /** Value {@code i} decoded as UTF-8 (invalid sequences become U+FFFD). */
    public String getString(long i) {
        return new String(getBytes(i), StandardCharsets.UTF_8);
    }

    @Override
    public VarBinViewArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length);
        return new VarBinViewArray(dtype, views.asSlice(from * VIEW_SIZE, (to - from) * VIEW_SIZE), buffers,
                validity.slice(from, to));
    }

    @Override
    public VarBinViewArray toCanonical() {
        return this;
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length);
        if (!isValid(index)) {
            return Scalar.nullOf(dtype);
        }
        return new Scalar(dtype, dtype instanceof DType.Utf8 ? getString(index) : getBytes(index));
    }

    @Override
    public String toString() {
        return "VarBinViewArray[" + dtype + ", " + length + "]";
    }
}
