package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * The distinct values of one dictionary being written, in code order, with an open-addressing index from value to
 * code, all in primitive arrays (no object per value). Primitive values are keyed by their raw bits (so {@code -0.0}
 * and {@code 0.0}, and NaNs with different payloads, stay distinct and round-trip exactly); strings and bytes by
 * their bytes, read where they lie in the chunk's views and data buffers. Rows are looked up in the chunk last
 * {@link #bind bound}. Memory grows with the number of distinct values only.
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

    /** Makes {@code chunk} (a canonical array of the table's dtype) the one whose rows the next calls look up. */
    abstract void bind(Array chunk);

    /** The code of row {@code row}'s value in the bound chunk, or -1 when it is not in the table. */
    abstract int find(long row);

    /** The canonical bytes row {@code row}'s value (of the bound chunk) would add to the dictionary. */
    abstract long bytesOf(long row);

    /** Adds row {@code row}'s value (of the bound chunk, not in the table) with the next code, which it returns. */
    abstract int add(long row);

    /** The code of the null entry, or -1. */
    int nullCode() {
        return nullCode;
    }

    /** The canonical bytes a null entry takes: a fixed-width slot. */
    abstract long nullBytes();

    /** Adds the null entry with the next code, which it returns. */
    abstract int addNull();

    /**
     * Keeps the first {@code keep} values, dropping the codes above. The dropped values must be the ones added since
     * the table held {@code keep} values, in any order ({@link #reorder} from {@code keep} on keeps that so): undoing
     * a piece's additions is what this is for.
     */
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

        /** The bound chunk's values. */
        private MemorySegment seg;

        @Override
        void bind(Array chunk) {
            seg = ((PrimitiveArray) chunk).values();
        }

        private long raw(long row) {
            return switch (width) {
                case 1 -> Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, row));
                case 2 -> Short.toUnsignedLong(seg.get(LittleEndian.SHORT, row << 1));
                case 4 -> Integer.toUnsignedLong(seg.get(LittleEndian.INT, row << 2));
                default -> seg.get(LittleEndian.LONG, row << 3);
            };
        }

        @Override
        int find(long row) {
            long v = raw(row);
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
        long bytesOf(long row) {
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
        int add(long row) {
            growIfNeeded();
            long v = raw(row);
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

    /**
     * utf8 and binary values by their bytes. A value of at most 12 bytes is keyed by its 16-byte view (length, then
     * the bytes, zero-padded), compared as two longs; a longer one by its length and first four bytes (the view's
     * first word) and its bytes, kept back to back in one growing array. Equal values have equal lengths, so each
     * is hashed the one way its length selects.
     */
    static final class Bytes extends ValueTable {
        /** Per code: the view's first word (length and first four bytes). */
        private long[] heads = new long[16];
        /** Per code: the view's second word for a short value, else where its bytes start in {@link #data}. */
        private long[] tails = new long[16];
        private int[] hashes = new int[16];
        /** The bytes of the values longer than 12 bytes, back to back. */
        private byte[] data = new byte[0];
        private MemorySegment dataSegment = MemorySegment.ofArray(data);
        private int dataSize;

        /** The bound chunk's views and data buffers. */
        private MemorySegment views;
        private MemorySegment[] buffers;

        Bytes(DType dtype) {}

        @Override
        void bind(Array chunk) {
            VarBinViewArray v = (VarBinViewArray) chunk;
            views = v.views();
            buffers = v.buffers().toArray(MemorySegment[]::new);
        }

        /** The second word of a short value's view with the bytes past its end zeroed (writers should zero them). */
        private static long shortTail(long tail, int length) {
            return length >= 12 ? tail : length <= 4 ? 0 : tail & ((1L << ((length - 4) << 3)) - 1);
        }

        /** The first word of a view with the prefix bytes past the value's end zeroed. */
        private static long head(long head, int length) {
            return length >= 4 ? head : head & ((1L << ((length + 4) << 3)) - 1);
        }

        private static int hashShort(long head, long tail) {
            return mix(head * 0x9E3779B97F4A7C15L ^ tail);
        }

        private static int hashLong(MemorySegment b, long offset, int length) {
            long h = length * 0x9E3779B97F4A7C15L;
            long i = 0;
            for (; i + 8 <= length; i += 8) {
                h = (h ^ b.get(LittleEndian.LONG, offset + i)) * 0x100000001B3L;
                h ^= h >>> 29;
            }
            for (; i < length; i++) {
                h = (h ^ b.get(ValueLayout.JAVA_BYTE, offset + i)) * 0x100000001B3L;
            }
            return mix(h);
        }

        @Override
        int find(long row) {
            long view = row * VarBinViewArray.VIEW_SIZE;
            long w0 = views.get(LittleEndian.LONG, view);
            int length = (int) w0;
            long head = head(w0, length);
            int mask = slots.length - 1;
            if (length <= VarBinViewArray.MAX_INLINED) {
                long tail = shortTail(views.get(LittleEndian.LONG, view + 8), length);
                for (int i = hashShort(head, tail) & mask; ; i = (i + 1) & mask) {
                    int s = slots[i];
                    if (s == 0) {
                        return EMPTY;
                    }
                    int c = s - 1;
                    if (heads[c] == head && tails[c] == tail) {
                        return c;
                    }
                }
            }
            MemorySegment buffer = buffers[views.get(LittleEndian.INT, view + 8)];
            long offset = Integer.toUnsignedLong(views.get(LittleEndian.INT, view + 12));
            int h = hashLong(buffer, offset, length);
            MemorySegment stored = dataSegment;
            for (int i = h & mask; ; i = (i + 1) & mask) {
                int s = slots[i];
                if (s == 0) {
                    return EMPTY;
                }
                int c = s - 1;
                if (hashes[c] == h && heads[c] == head && MemorySegment.mismatch(buffer, offset, offset + length,
                        stored, tails[c], tails[c] + length) < 0) {
                    return c;
                }
            }
        }

        @Override
        long bytesOf(long row) {
            long len = views.get(LittleEndian.INT, row * VarBinViewArray.VIEW_SIZE);
            return VarBinViewArray.VIEW_SIZE + (len > VarBinViewArray.MAX_INLINED ? len : 0);
        }

        @Override
        long nullBytes() {
            return VarBinViewArray.VIEW_SIZE;
        }

        private void ensureCapacity() {
            if (size == heads.length) {
                heads = Arrays.copyOf(heads, size * 2);
                tails = Arrays.copyOf(tails, size * 2);
                hashes = Arrays.copyOf(hashes, size * 2);
            }
        }

        @Override
        int addNull() {
            ensureCapacity();
            heads[size] = 0;
            tails[size] = 0;
            hashes[size] = 0;
            valueBytes += VarBinViewArray.VIEW_SIZE;
            nullCode = size;
            return size++;
        }

        @Override
        int add(long row) {
            growIfNeeded();
            ensureCapacity();
            long view = row * VarBinViewArray.VIEW_SIZE;
            long w0 = views.get(LittleEndian.LONG, view);
            int length = (int) w0;
            long head = head(w0, length);
            heads[size] = head;
            if (length <= VarBinViewArray.MAX_INLINED) {
                long tail = shortTail(views.get(LittleEndian.LONG, view + 8), length);
                tails[size] = tail;
                hashes[size] = hashShort(head, tail);
            } else {
                MemorySegment buffer = buffers[views.get(LittleEndian.INT, view + 8)];
                long offset = Integer.toUnsignedLong(views.get(LittleEndian.INT, view + 12));
                if (data.length - dataSize < length) {
                    long grown = Math.max((long) data.length * 2, (long) dataSize + length);
                    data = Arrays.copyOf(data, Math.toIntExact(Math.max(grown, 1024)));
                    dataSegment = MemorySegment.ofArray(data);
                }
                MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, offset, data, dataSize, length);
                tails[size] = dataSize;
                dataSize += length;
                hashes[size] = hashLong(buffer, offset, length);
            }
            insertSlot(hashes[size], size);
            valueBytes += VarBinViewArray.VIEW_SIZE + (length > VarBinViewArray.MAX_INLINED ? length : 0);
            return size++;
        }

        private int length(int code) {
            return (int) heads[code];
        }

        @Override
        int hashOfCode(int code) {
            return hashes[code];
        }

        /**
         * Drops codes {@code [keep, size)}, looking at those only: they are the values added since the table held
         * {@code keep} (see {@link ValueTable#truncate}), so their long values' bytes are the tail of {@link #data},
         * which now ends where the first of them starts.
         */
        @Override
        void truncate(int keep) {
            int end = dataSize;
            for (int c = keep; c < size; c++) {
                int len = length(c);
                if (c != nullCode && len > VarBinViewArray.MAX_INLINED) {
                    end = Math.min(end, (int) tails[c]);
                }
                valueBytes -= VarBinViewArray.VIEW_SIZE + (len > VarBinViewArray.MAX_INLINED ? len : 0);
            }
            dataSize = end;
            size = keep;
            if (nullCode >= keep) {
                nullCode = -1;
            }
            rebuild(slots.length);
        }

        @Override
        void reorder(int from, int[] order) {
            long[] movedHeads = new long[order.length];
            long[] movedTails = new long[order.length];
            int[] movedHashes = new int[order.length];
            for (int k = 0; k < order.length; k++) {
                movedHeads[k] = heads[order[k]];
                movedTails[k] = tails[order[k]];
                movedHashes[k] = hashes[order[k]];
            }
            System.arraycopy(movedHeads, 0, heads, from, order.length);
            System.arraycopy(movedTails, 0, tails, from, order.length);
            System.arraycopy(movedHashes, 0, hashes, from, order.length);
            moveNull(from, order);
            rebuild(slots.length);
        }

        /**
         * The values as a varbinview array, as {@link dev.quire.layout.array.VarBinViewBuilder} would build it: views in code order, the
         * long values' bytes in one data buffer in code order (none when there are no long values), a null entry's
         * view zero.
         */
        @Override
        Array toArray(DType dtype) {
            long[] out = new long[2 * size];
            long longBytes = 0;
            for (int c = 0; c < size; c++) {
                int len = length(c);
                if (c != nullCode && len > VarBinViewArray.MAX_INLINED) {
                    longBytes += len;
                }
            }
            byte[] outData = new byte[Math.toIntExact(longBytes)];
            int at = 0;
            for (int c = 0; c < size; c++) {
                if (c == nullCode) {
                    continue;
                }
                int len = length(c);
                out[2 * c] = heads[c];
                if (len <= VarBinViewArray.MAX_INLINED) {
                    out[2 * c + 1] = tails[c];
                } else {
                    System.arraycopy(data, (int) tails[c], outData, at, len);
                    out[2 * c + 1] = (long) at << 32; // buffer 0, then the offset
                    at += len;
                }
            }
            List<MemorySegment> buffers = longBytes == 0 ? List.of() : List.of(MemorySegment.ofArray(outData));
            return new VarBinViewArray(dtype, MemorySegment.ofArray(out), buffers, validity(dtype));
        }

        @Override
        long retainedBytes() {
            return 4L * slots.length + 20L * heads.length + data.length + 64;
        }
    }
}
