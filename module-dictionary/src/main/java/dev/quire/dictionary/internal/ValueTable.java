package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * The distinct values of one dictionary being written, in code order, with an open-addressing index from value to
 * code. Primitive values are keyed by their raw bits (so {@code -0.0} and {@code 0.0}, and NaNs with different
 * payloads, stay distinct and round-trip exactly); strings and bytes by their bytes, hashed and compared in place
 * without copying. Memory grows with the number of distinct values only.
 */
abstract sealed class ValueTable permits ValueTable.Fixed, ValueTable.Bytes {
    private static final int EMPTY = -1;

    /** code + 1 per slot, 0 when empty; the capacity is a power of two, at most half full. */
    int[] slots = new int[16];
    int size;
    /** The canonical bytes of the values, as a plain chunk would hold them. */
    long valueBytes;
    /** The code of the null entry, or -1 when the dictionary has none; it is not in the index. */
    int nullCode = -1;

    static ValueTable forType(DType dtype) {
        return dtype instanceof DType.Primitive p ? new Fixed(p) : new Bytes(dtype);
    }

    int size() {
        return size;
    }

    long valueBytes() {
        return valueBytes;
    }

    /** The code of row {@code row}'s value in {@code chunk} (a canonical array), or -1 when it is not in the table. */
    abstract int find(Array chunk, long row);

    /** The canonical bytes row {@code row}'s value would add to the dictionary. */
    abstract long bytesOf(Array chunk, long row);

    /** Adds row {@code row}'s value (not in the table) with the next code, which it returns. */
    abstract int add(Array chunk, long row);

    /** The code of the null entry, or -1. */
    int nullCode() {
        return nullCode;
    }

    /** The canonical bytes a null entry takes: a fixed-width slot. */
    abstract long nullBytes();

    /** Adds the null entry with the next code, which it returns. */
    abstract int addNull();

    /** Keeps the first {@code keep} values, dropping the codes above. */
    abstract void truncate(int keep);

    /** Reorders codes {@code [from, size)}: the value of old code {@code order[k]} gets code {@code from + k}. */
    abstract void reorder(int from, int[] order);

    /** The values, in code order, as a canonical array of {@code dtype}. */
    abstract Array toArray(DType dtype);

    /** The estimated heap bytes held. */
    abstract long retainedBytes();

    void growIfNeeded() {
        if ((size + 1) * 2 > slots.length) {
            rebuild(slots.length * 2);
        }
    }

    abstract int hashOfCode(int code);

    void rebuild(int capacity) {
        slots = new int[capacity];
        for (int c = 0; c < size; c++) {
            if (c != nullCode) {
                insertSlot(hashOfCode(c), c);
            }
        }
    }

    /** After {@link #reorder}: where the null entry went. */
    void moveNull(int from, int[] order) {
        if (nullCode >= from) {
            for (int k = 0; k < order.length; k++) {
                if (order[k] == nullCode) {
                    nullCode = from + k;
                    return;
                }
            }
        }
    }

    /** The validity of the values array: the null entry, if any, is null. */
    Validity validity(DType dtype) {
        if (nullCode < 0) {
            return Validity.allValid(dtype.nullable());
        }
        byte[] bits = new byte[(size + 7) / 8];
        for (int c = 0; c < size; c++) {
            if (c != nullCode) {
                bits[c >>> 3] |= (byte) (1 << (c & 7));
            }
        }
        return new Validity.Mask(dev.quire.layout.array.BitBuffer.ofBytes(bits, size));
    }

    void insertSlot(int hash, int code) {
        int mask = slots.length - 1;
        int i = hash & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = code + 1;
    }

    static int mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return (int) h;
    }

    /** Primitive values by their raw bits, zero-extended to 64. */
    static final class Fixed extends ValueTable {
        private final int width;
        private long[] values = new long[16];

        Fixed(DType.Primitive dtype) {
            this.width = dtype.ptype().byteWidth();
        }

        private long raw(Array chunk, long row) {
            MemorySegment seg = ((PrimitiveArray) chunk).values();
            return switch (width) {
                case 1 -> Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, row));
                case 2 -> Short.toUnsignedLong(seg.get(LittleEndian.SHORT, row << 1));
                case 4 -> Integer.toUnsignedLong(seg.get(LittleEndian.INT, row << 2));
                default -> seg.get(LittleEndian.LONG, row << 3);
            };
        }

        @Override
        int find(Array chunk, long row) {
            long v = raw(chunk, row);
            int mask = slots.length - 1;
            for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
                int s = slots[i];
                if (s == 0) {
                    return EMPTY;
                }
                if (values[s - 1] == v) {
                    return s - 1;
                }
            }
        }

        @Override
        long bytesOf(Array chunk, long row) {
            return width;
        }

        @Override
        long nullBytes() {
            return width;
        }

        @Override
        int addNull() {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = 0;
            valueBytes += width;
            nullCode = size;
            return size++;
        }

        @Override
        int add(Array chunk, long row) {
            growIfNeeded();
            long v = raw(chunk, row);
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size] = v;
            insertSlot(mix(v), size);
            valueBytes += width;
            return size++;
        }

        @Override
        int hashOfCode(int code) {
            return mix(values[code]);
        }

        @Override
        void truncate(int keep) {
            size = keep;
            valueBytes = (long) keep * width;
            if (nullCode >= keep) {
                nullCode = -1;
            }
            rebuild(slots.length);
        }

        @Override
        void reorder(int from, int[] order) {
            long[] moved = new long[order.length];
            for (int k = 0; k < order.length; k++) {
                moved[k] = values[order[k]];
            }
            System.arraycopy(moved, 0, values, from, moved.length);
            moveNull(from, order);
            rebuild(slots.length);
        }

        @Override
        Array toArray(DType dtype) {
            DType.Primitive p = (DType.Primitive) dtype;
            MemorySegment seg = MemorySegment.ofArray(new byte[size * width]);
            for (int c = 0; c < size; c++) {
                long v = values[c];
                switch (width) {
                    case 1 -> seg.set(ValueLayout.JAVA_BYTE, c, (byte) v);
                    case 2 -> seg.set(LittleEndian.SHORT, (long) c << 1, (short) v);
                    case 4 -> seg.set(LittleEndian.INT, (long) c << 2, (int) v);
                    default -> seg.set(LittleEndian.LONG, (long) c << 3, v);
                }
            }
            return new PrimitiveArray(p, seg, validity(p));
        }

        @Override
        long retainedBytes() {
            return 4L * slots.length + 8L * values.length + 64;
        }
    }

    /** utf8 and binary values by their bytes. */
    static final class Bytes extends ValueTable {
        private byte[][] values = new byte[16][];
        private int[] hashes = new int[16];

        Bytes(DType dtype) {}

        private static MemorySegment bytes(Array chunk, long row) {
            return ((VarBinViewArray) chunk).bytesAt(row);
        }

        private static int hash(MemorySegment b) {
            long n = b.byteSize();
            long h = n * 0x9E3779B97F4A7C15L;
            long i = 0;
            for (; i + 8 <= n; i += 8) {
                h = (h ^ b.get(LittleEndian.LONG, i)) * 0x100000001B3L;
                h ^= h >>> 29;
            }
            for (; i < n; i++) {
                h = (h ^ b.get(ValueLayout.JAVA_BYTE, i)) * 0x100000001B3L;
            }
            return mix(h);
        }

        @Override
        int find(Array chunk, long row) {
            MemorySegment b = bytes(chunk, row);
            int h = hash(b);
            int mask = slots.length - 1;
            for (int i = h & mask; ; i = (i + 1) & mask) {
                int s = slots[i];
                if (s == 0) {
                    return EMPTY;
                }
                int c = s - 1;
                if (hashes[c] == h && values[c].length == b.byteSize()
                        && MemorySegment.mismatch(b, 0, b.byteSize(), MemorySegment.ofArray(values[c]), 0,
                                values[c].length) < 0) {
                    return c;
                }
            }
        }

        @Override
        long bytesOf(Array chunk, long row) {
            long len = ((VarBinViewArray) chunk).byteLength(row);
            return VarBinViewArray.VIEW_SIZE + (len > VarBinViewArray.MAX_INLINED ? len : 0);
        }

        @Override
        long nullBytes() {
            return VarBinViewArray.VIEW_SIZE;
        }

        @Override
        int addNull() {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
                hashes = Arrays.copyOf(hashes, size * 2);
            }
            values[size] = new byte[0];
            hashes[size] = 0;
            valueBytes += VarBinViewArray.VIEW_SIZE;
            nullCode = size;
            return size++;
        }

        @Override
        int add(Array chunk, long row) {
            growIfNeeded();
            MemorySegment b = bytes(chunk, row);
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
                hashes = Arrays.copyOf(hashes, size * 2);
            }
            values[size] = b.toArray(ValueLayout.JAVA_BYTE);
            hashes[size] = hash(b);
            insertSlot(hashes[size], size);
            valueBytes += bytesOf(chunk, row);
            return size++;
        }

        @Override
        int hashOfCode(int code) {
            return hashes[code];
        }

        @Override
        void truncate(int keep) {
            for (int c = keep; c < size; c++) {
                int len = values[c].length;
                valueBytes -= VarBinViewArray.VIEW_SIZE + (len > VarBinViewArray.MAX_INLINED ? len : 0);
                values[c] = null;
            }
            size = keep;
            if (nullCode >= keep) {
                nullCode = -1;
            }
            rebuild(slots.length);
        }

        @Override
        void reorder(int from, int[] order) {
            byte[][] moved = new byte[order.length][];
            int[] movedHashes = new int[order.length];
            for (int k = 0; k < order.length; k++) {
                moved[k] = values[order[k]];
                movedHashes[k] = hashes[order[k]];
            }
            System.arraycopy(moved, 0, values, from, moved.length);
            System.arraycopy(movedHashes, 0, hashes, from, moved.length);
            moveNull(from, order);
            rebuild(slots.length);
        }

        @Override
        Array toArray(DType dtype) {
            VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(dtype);
            for (int c = 0; c < size; c++) {
                if (c == nullCode) {
                    builder.appendNull();
                } else {
                    builder.appendBytes(values[c]);
                }
            }
            return builder.finish();
        }

        @Override
        long retainedBytes() {
            long bytes = 4L * slots.length + 4L * hashes.length + 8L * values.length + 64;
            for (int c = 0; c < size; c++) {
                bytes += 16 + values[c].length;
            }
            return bytes;
        }
    }
}
