package dev.quire.encodings.internal;

import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * Positions of an array whose decoded values are replaced: the exceptions of bit-packing and ALP, the non-fill values
 * of a sparse array. On the wire a {@link PatchesMetadata} and two or three children of the node: the indices
 * (non-nullable unsigned integers, sorted, shifted by the metadata's {@code offset} when the array was sliced before it
 * was written), the values (of a dtype the encoding chooses) and, optionally, chunk offsets: for each 1024-value
 * chunk the array covers, the index of its first patch.
 *
 * <p>{@link #read} checks everything before the patches are used: the count against the array length, every index
 * inside the array and strictly increasing, the chunk offsets' length and that each chunk's patches lie in that
 * chunk. Applying them afterwards cannot go out of bounds.
 */
public final class Patches {
    /** The number of values per chunk of the chunk offsets. */
    public static final int CHUNK_SIZE = 1024;

    private final long arrayLength;
    private final long offset;
    private final long[] positions;
    private final Array values;
    private final int childCount;

    private Patches(long arrayLength, long offset, long[] positions, Array values, int childCount) {
        this.arrayLength = arrayLength;
        this.offset = offset;
        this.positions = positions;
        this.values = values;
        this.childCount = childCount;
    }

    /**
     * The number of children patches described by {@code metadata} occupy: 3 with chunk offsets, else 2. Encodings
     * use it to find the children after the patches (such as validity) before reading them.
     */
    public static int childCount(PatchesMetadata metadata) {
        return metadata.hasChunkOffsetsPtype() || metadata.hasChunkOffsetsLen() ? 3 : 2;
    }

    /**
     * Reads and checks the patches of the node {@code parts}.
     *
     * @param metadata the patches' metadata, from the encoding's own metadata message
     * @param firstChild the index of the indices child; values and chunk offsets follow it
     * @param valuesDType the dtype the encoding stores patch values in
     * @param arrayLength the number of values the patches apply to
     */
    public static Patches read(ArrayParts parts, PatchesMetadata metadata, int firstChild, DType valuesDType,
            long arrayLength) {
        Objects.requireNonNull(metadata, "metadata is null");
        Objects.requireNonNull(valuesDType, "valuesDType is null");
        long count = metadata.getLen();
        if (count <= 0 || count > arrayLength) {
            throw parts.malformed("patch count " + Long.toUnsignedString(count) + " is not in [1, " + arrayLength
                    + "], the array length");
        }
        if (count > EncodingParts.MAX_ARRAY_LENGTH) {
            throw new UnsupportedFeatureException(parts.location() + ": " + count + " patches are more than "
                    + EncodingParts.MAX_ARRAY_LENGTH + " supported");
        }
        long offset = metadata.getOffset();
        if (offset < 0 || offset > Long.MAX_VALUE - arrayLength) {
            throw parts.malformed("patch offset " + Long.toUnsignedString(offset) + " plus the array length "
                    + arrayLength + " exceeds 2^63 - 1");
        }
        PType indicesPType = EncodingParts.unsignedPType(parts, metadata.getIndicesPtype(), "patch indices type");
        boolean chunked = metadata.hasChunkOffsetsPtype() || metadata.hasChunkOffsetsLen();
        if (chunked && !(metadata.hasChunkOffsetsPtype() && metadata.hasChunkOffsetsLen())) {
            throw parts.malformed("patch chunk offsets need both a length and a type, got only the "
                    + (metadata.hasChunkOffsetsLen() ? "length" : "type"));
        }
        int childCount = chunked ? 3 : 2;
        if (firstChild < 0 || firstChild > parts.childCount() - childCount) {
            throw parts.malformed("patches need children " + firstChild + " to " + (firstChild + childCount - 1)
                    + ", the node has " + parts.childCount());
        }

        PrimitiveArray indices = EncodingParts.primitiveChild(parts, firstChild, indicesPType, count);
        long[] positions = positions(parts, indices, (int) count, offset, arrayLength);
        Array values = parts.child(firstChild + 1, valuesDType, count).toCanonical();
        if (values.length() != count || !values.dtype().equals(valuesDType)) {
            throw parts.malformed("patch values did not decode to " + count + " values of " + valuesDType);
        }
        if (chunked) {
            PType chunkPType = EncodingParts.unsignedPType(parts, metadata.getChunkOffsetsPtype(),
                    "patch chunk offsets type");
            long expectedChunks = ((offset % CHUNK_SIZE) + arrayLength + CHUNK_SIZE - 1) / CHUNK_SIZE;
            long chunks = metadata.getChunkOffsetsLen();
            if (chunks != expectedChunks) {
                throw parts.malformed("patch chunk offsets have " + Long.toUnsignedString(chunks) + " entries, "
                        + arrayLength + " values at offset " + offset + " span " + expectedChunks + " chunks");
            }
            PrimitiveArray chunkOffsets = EncodingParts.primitiveChild(parts, firstChild + 2, chunkPType, chunks);
            long withinChunk = metadata.hasOffsetWithinChunk() ? metadata.getOffsetWithinChunk() : 0;
            checkChunks(parts, chunkOffsets, withinChunk, positions, offset);
        }
        return new Patches(arrayLength, offset, positions, values, childCount);
    }

    /** Turns the stored indices into positions of the array, checking range and order, one loop per index type. */
    private static long[] positions(ArrayParts parts, PrimitiveArray indices, int count, long offset,
            long arrayLength) {
        long[] out = new long[count];
        MemorySegment s = indices.values();
        switch (indices.ptype()) {
            case U8 -> {
                for (int i = 0; i < count; i++) {
                    out[i] = (s.get(ValueLayout.JAVA_BYTE, i) & 0xFFL) - offset;
                }
            }
            case U16 -> {
                for (int i = 0; i < count; i++) {
                    out[i] = (s.get(LittleEndian.SHORT, (long) i << 1) & 0xFFFFL) - offset;
                }
            }
            case U32 -> {
                for (int i = 0; i < count; i++) {
                    out[i] = (s.get(LittleEndian.INT, (long) i << 2) & 0xFFFF_FFFFL) - offset;
                }
            }
            case U64 -> {
                for (int i = 0; i < count; i++) {
                    long v = s.get(LittleEndian.LONG, (long) i << 3);
                    // Above 2^63 - 1 no index can be inside the array; make it fail the range check below.
                    out[i] = v < 0 ? -1 : v - offset;
                }
            }
            default -> throw new IllegalStateException("indices type was checked to be unsigned");
        }
        long previous = -1;
        for (int i = 0; i < count; i++) {
            long p = out[i];
            if (p < 0 || p >= arrayLength) {
                throw parts.malformed("patch index " + (p < 0 ? "below the offset " + offset
                        : Long.toString(p + offset)) + " at " + i + " is outside the array of " + arrayLength
                        + " values at offset " + offset);
            }
            if (p <= previous) {
                throw parts.malformed("patch indices are not strictly increasing at " + i + ": " + (previous + offset)
                        + " then " + (p + offset));
            }
            previous = p;
        }
        return out;
    }

    /**
     * Checks that the chunk offsets are non-decreasing and that the patches they assign to each chunk lie in it. The
     * offsets count patches from the first chunk's, less {@code withinChunk} patches sliced off its start; the last
     * chunk takes every remaining patch.
     */
    private static void checkChunks(ArrayParts parts, PrimitiveArray chunkOffsets, long withinChunk,
            long[] positions, long offset) {
        int chunks = (int) chunkOffsets.length();
        long base = chunkOffsets.getLongValue(0);
        if (base < 0) {
            throw parts.malformed("patch chunk offset 0 is " + Long.toUnsignedString(base));
        }
        long shift = offset % CHUNK_SIZE;
        int count = positions.length;
        long start = 0;
        long previous = base;
        for (int c = 0; c < chunks; c++) {
            long end;
            if (c + 1 < chunks) {
                long next = chunkOffsets.getLongValue(c + 1);
                if (next < previous) {
                    throw parts.malformed("patch chunk offsets decrease at " + (c + 1) + ": "
                            + Long.toUnsignedString(previous) + " then " + Long.toUnsignedString(next));
                }
                previous = next;
                end = Math.min(Math.max(next - base - withinChunk, 0), count);
            } else {
                end = count;
            }
            long low = Math.max((long) c * CHUNK_SIZE - shift, 0);
            long high = (long) (c + 1) * CHUNK_SIZE - shift;
            for (long p = start; p < end; p++) {
                long position = positions[(int) p];
                if (position < low || position >= high) {
                    throw parts.malformed("patch " + p + " at index " + (position + offset)
                            + " is not in chunk " + c + " its chunk offsets assign it to");
                }
            }
            start = Math.max(start, end);
        }
    }

    /**
     * The patches of rows {@code [from, to)} of the array, positioned relative to {@code from}: the patches in that
     * range (found by binary search, the positions ascend) with their values sliced, so a slice of a patched array can
     * stay encoded.
     */
    public Patches slice(long from, long to) {
        if (from < 0 || to < from || to > arrayLength) {
            throw new IndexOutOfBoundsException("slice [" + from + ", " + to + ") of " + arrayLength + " values");
        }
        int first = firstAtOrAfter(from);
        int last = firstAtOrAfter(to);
        long[] sliced = new long[last - first];
        for (int i = first; i < last; i++) {
            sliced[i - first] = positions[i] - from;
        }
        return new Patches(to - from, offset + from, sliced, values.slice(first, last), childCount);
    }

    /** The index of the first patch at or after position {@code row}. */
    private int firstAtOrAfter(long row) {
        int i = java.util.Arrays.binarySearch(positions, row);
        return i >= 0 ? i : -i - 1;
    }

    /** The number of patches. */
    public int count() {
        return positions.length;
    }

    /** The number of values the patches apply to. */
    public long arrayLength() {
        return arrayLength;
    }

    /** The stored offset (the start of the slice the array was when written), already subtracted. */
    public long offset() {
        return offset;
    }

    /** The number of children the patches occupy (2, or 3 with chunk offsets). */
    public int childCount() {
        return childCount;
    }

    /** The array position of patch {@code i}, in {@code [0, arrayLength)}. */
    public long position(int i) {
        return positions[i];
    }

    /** The patch values, canonical, in the dtype {@link #read} was given. */
    public Array values() {
        return values;
    }

    /**
     * Writes the patch values into {@code target}, which holds {@link #arrayLength()} little-endian primitive values of
     * the patch values' width. The patch values must be a primitive array.
     */
    public void applyTo(MemorySegment target) {
        applyTo(target, 0);
    }

    /**
     * Writes the patch values plus {@code add} (wrapping in their width) into {@code target}, as {@link #applyTo}: a
     * frame of reference over patched codes, added to the unpacked codes and the patches in one pass each.
     */
    public void applyTo(MemorySegment target, long add) {
        PrimitiveArray v = (PrimitiveArray) values;
        int width = v.ptype().byteWidth();
        if (target.byteSize() != arrayLength * width) {
            throw new IllegalArgumentException("target of " + target.byteSize() + " bytes for " + arrayLength
                    + " values of " + width + " bytes");
        }
        MemorySegment src = v.values();
        long[] pos = positions;
        switch (width) {
            case 1 -> {
                for (int i = 0; i < pos.length; i++) {
                    target.set(ValueLayout.JAVA_BYTE, pos[i], (byte) (src.get(ValueLayout.JAVA_BYTE, i) + add));
                }
            }
            case 2 -> {
                for (int i = 0; i < pos.length; i++) {
                    target.set(LittleEndian.SHORT, pos[i] << 1,
                            (short) (src.get(LittleEndian.SHORT, (long) i << 1) + add));
                }
            }
            case 4 -> {
                for (int i = 0; i < pos.length; i++) {
                    target.set(LittleEndian.INT, pos[i] << 2, (int) (src.get(LittleEndian.INT, (long) i << 2) + add));
                }
            }
            case 8 -> {
                for (int i = 0; i < pos.length; i++) {
                    target.set(LittleEndian.LONG, pos[i] << 3, src.get(LittleEndian.LONG, (long) i << 3) + add);
                }
            }
            default -> throw new IllegalStateException("primitive width " + width);
        }
    }

    /**
     * The validity of the patched array: {@code base} everywhere except at the patched positions, which take the
     * validity of their patch value. A non-nullable base stays as it is (its patch values are non-nullable too).
     */
    public Validity applyValidity(Validity base) {
        Objects.requireNonNull(base, "base is null");
        if (base instanceof Validity.NonNullable) {
            return base;
        }
        boolean valuesAllValid = values.nullCount() == 0;
        if (valuesAllValid && base instanceof Validity.AllValid) {
            return base;
        }
        if (arrayLength > (long) EncodingParts.MAX_ARRAY_LENGTH * 8) {
            throw new UnsupportedFeatureException("a validity of " + arrayLength + " values is too long");
        }
        byte[] bits = switch (base) {
            case Validity.Mask m -> m.bits().toPackedBytes();
            case Validity.AllInvalid a -> new byte[(int) ((arrayLength + 7) >>> 3)];
            default -> BitBuffer.filled(arrayLength, true).toPackedBytes();
        };
        long[] pos = positions;
        if (valuesAllValid) {
            for (long p : pos) {
                bits[(int) (p >>> 3)] |= (byte) (1 << (p & 7));
            }
        } else {
            for (int i = 0; i < pos.length; i++) {
                long p = pos[i];
                if (values.isValid(i)) {
                    bits[(int) (p >>> 3)] |= (byte) (1 << (p & 7));
                } else {
                    bits[(int) (p >>> 3)] &= (byte) ~(1 << (p & 7));
                }
            }
        }
        return new Validity.Mask(BitBuffer.ofBytes(bits, arrayLength));
    }
}
