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

    /**
     * Values laid end to end in {@code data}, cut by offsets: value {@code k} ({@code 0 <= k < count}) is the bytes
     * {@code [offsets[from + k], offsets[from + k + 1])} shifted down by {@code offsets[from]}, so the first value
     * starts at {@code data[0]}. Only the first {@code dataLength} bytes of {@code data} form the array's data buffer;
     * bytes past it are never part of a value (a decoder may leave slack there).
     *
     * <p>The views are built here, in one pass, from the offsets, so they are right by construction and are not
     * checked again as the constructor's are; what is checked is only what the offsets themselves could get wrong
     * (none may be below the one before it, and the last must stay within {@code dataLength}). The data is not
     * copied: it must not be changed afterwards.
     *
     * @throws InvalidArgumentException when the dtype is not utf8 or binary, the offsets decrease or overrun
     *     {@code dataLength}, {@code [from, from + count]} is not within {@code offsets}, or the validity does not
     *     fit the dtype and the count
     */
    public static VarBinViewArray ofOffsets(DType dtype, byte[] data, int dataLength, int[] offsets, int from,
            int count, Validity validity) {
        if (!(dtype instanceof DType.Utf8) && !(dtype instanceof DType.Binary)) {
            throw new InvalidArgumentException("varbinview arrays hold utf8 or binary, not " + dtype);
        }
        if (dataLength < 0 || dataLength > data.length) {
            throw new InvalidArgumentException("data length " + dataLength + " of a " + data.length
                    + "-byte array");
        }
        if (from < 0 || count < 0 || (long) from + count >= offsets.length || count > MAX_VIEWS) {
            throw new InvalidArgumentException(count + " values from offset " + from + " of " + offsets.length
                    + " offsets");
        }
        Arrays2.checkValidity(validity, dtype.nullable(), count);
        long[] words = new long[2 * count];
        int base = offsets[from];
        // values whose 16 bytes from their start lie within `data` are read as two words; the last few are not
        int wordsEnd = data.length - VIEW_SIZE;
        int at = 0;
        for (int k = 0; k < count; k++) {
            long next = (long) offsets[from + k + 1] - base;
            if (next < at || next > dataLength) {
                throw new InvalidArgumentException("offset " + (from + k + 1) + " is " + offsets[from + k + 1]
                        + ", outside [" + (base + (long) at) + ", " + (base + (long) dataLength) + "]");
            }
            int len = (int) next - at;
            long head;
            long tail;
            if (at <= wordsEnd) {
                head = (long) LONG_LE.get(data, at);
                tail = (long) LONG_LE.get(data, at + 8);
            } else {
                head = partialWord(data, at);
                tail = partialWord(data, at + 8);
            }
            if (len <= MAX_INLINED) {
                long lo = len >= 8 ? head : head & ((1L << (len << 3)) - 1);
                long hi = len <= 8 ? 0 : tail & ((1L << ((len - 8) << 3)) - 1);
                words[2 * k] = len | (lo << 32);
                words[2 * k + 1] = (lo >>> 32) | (hi << 32);
            } else {
                // data buffer 0, at offset `at`, after the first four bytes
                words[2 * k] = len | (head << 32);
                words[2 * k + 1] = (long) at << 32;
            }
            at = (int) next;
        }
        MemorySegment[] buffers = dataLength == 0 ? new MemorySegment[0]
                : new MemorySegment[] {MemorySegment.ofArray(data).asSlice(0, dataLength)};
        return new VarBinViewArray(dtype, MemorySegment.ofArray(words), buffers, validity);
    }

    /**
     * Views copied from {@code source}'s checked views (or empty views) over {@code source}'s buffers, shared: what
     * {@link ViewTable} builds. Only the shape is checked; it is O(1). Not public: a user's views go through the
     * checking constructor.
     */
    static VarBinViewArray gathered(DType dtype, VarBinViewArray source, MemorySegment views,
            Validity validity) {
        if (!(dtype instanceof DType.Utf8) && !(dtype instanceof DType.Binary)) {
            throw new InvalidArgumentException("varbinview arrays hold utf8 or binary, not " + dtype);
        }
        Objects.requireNonNull(source, "source is null");
        if (views.byteSize() % VIEW_SIZE != 0) {
            throw new InvalidArgumentException("varbinview views of " + views.byteSize()
                    + " bytes are not a multiple of 16");
        }
        long length = views.byteSize() / VIEW_SIZE;
        Arrays2.checkValidity(validity, dtype.nullable(), length);
        return new VarBinViewArray(dtype, views, source.buffers, validity);
    }

    /** The most values {@link #ofOffsets} builds views for (two words a value in one {@code long[]}). */
    private static final int MAX_VIEWS = (Integer.MAX_VALUE - 8) / 2;

    /** The little-endian word at {@code at} of {@code data}, bytes past its end read as zero. */
    private static long partialWord(byte[] data, int at) {
        long w = 0;
        for (int b = 7; b >= 0; b--) {
            int i = at + b;
            w = (w << 8) | (i < data.length ? data[i] & 0xFFL : 0);
        }
        return w;
    }

    private static final java.lang.invoke.VarHandle LONG_LE = java.lang.invoke.MethodHandles
            .byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

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
