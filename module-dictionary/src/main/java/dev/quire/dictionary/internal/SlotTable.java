package dev.quire.dictionary.internal;

import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The fixed-width slots of a dictionary's values copied to a heap array of the slots' own word type, followed by one
 * zero slot that null rows are gathered from. Made once per dictionary ({@link DictValues#slotTable}) and read by
 * {@link Gather}, whose loops index heap arrays more cheaply than memory segments.
 */
sealed interface SlotTable {
    /** Values of more than this many bytes are gathered from their segment instead of being copied. */
    long MAX_BYTES = 8L << 20;

    /** Slot width in bytes. */
    int width();

    /** The number of values, which is also the index of the zero slot. */
    int count();

    /** One byte per slot (width 1), or {@code width} bytes per slot for a width without a word type. */
    record Bytes(byte[] slots, int width) implements SlotTable {
        @Override
        public int count() {
            return slots.length / width - 1;
        }
    }

    /** Two-byte slots. */
    record Shorts(short[] slots) implements SlotTable {
        @Override
        public int width() {
            return 2;
        }

        @Override
        public int count() {
            return slots.length - 1;
        }
    }

    /** Four-byte slots. */
    record Ints(int[] slots) implements SlotTable {
        @Override
        public int width() {
            return 4;
        }

        @Override
        public int count() {
            return slots.length - 1;
        }
    }

    /** Slots of {@code words} longs (8-byte values, 16-byte string views and decimals, 32-byte decimals). */
    record Longs(long[] slots, int words) implements SlotTable {
        @Override
        public int width() {
            return words * 8;
        }

        @Override
        public int count() {
            return slots.length / words - 1;
        }
    }

    /** The slots of {@code source} ({@code width} bytes each) and a zero slot, or null when they are too large. */
    static SlotTable of(MemorySegment source, int width) {
        if (source.byteSize() > MAX_BYTES || width <= 0) {
            return null;
        }
        long count = source.byteSize() / width;
        int n = (int) count;
        switch (width) {
            case 1 -> {
                byte[] t = new byte[n + 1];
                MemorySegment.copy(source, ValueLayout.JAVA_BYTE, 0, t, 0, n);
                return new Bytes(t, 1);
            }
            case 2 -> {
                short[] t = new short[n + 1];
                MemorySegment.copy(source, LittleEndian.SHORT, 0, t, 0, n);
                return new Shorts(t);
            }
            case 4 -> {
                int[] t = new int[n + 1];
                MemorySegment.copy(source, LittleEndian.INT, 0, t, 0, n);
                return new Ints(t);
            }
            default -> {
                if (width % 8 == 0) {
                    int words = width / 8;
                    long[] t = new long[(n + 1) * words];
                    MemorySegment.copy(source, LittleEndian.LONG, 0, t, 0, n * words);
                    return new Longs(t, words);
                }
                byte[] t = new byte[(n + 1) * width];
                MemorySegment.copy(source, ValueLayout.JAVA_BYTE, 0, t, 0, n * width);
                return new Bytes(t, width);
            }
        }
    }

    /** {@code rows} copies of slot 0, as the slots of a canonical array. */
    default MemorySegment repeat(int rows) {
        switch (this) {
            case Bytes(byte[] t, int w) when w == 1 -> {
                byte[] out = new byte[rows];
                java.util.Arrays.fill(out, t[0]);
                return MemorySegment.ofArray(out);
            }
            case Shorts(short[] t) -> {
                short[] out = new short[rows];
                java.util.Arrays.fill(out, t[0]);
                return MemorySegment.ofArray(out);
            }
            case Ints(int[] t) -> {
                int[] out = new int[rows];
                java.util.Arrays.fill(out, t[0]);
                return MemorySegment.ofArray(out);
            }
            case Longs(long[] t, int words) when words == 1 -> {
                long[] out = new long[rows];
                java.util.Arrays.fill(out, t[0]);
                return MemorySegment.ofArray(out);
            }
            case Longs(long[] t, int words) -> {
                long[] out = new long[Math.multiplyExact(rows, words)];
                if (rows > 0) {
                    System.arraycopy(t, 0, out, 0, words);
                    doubling(out, words, rows);
                }
                return MemorySegment.ofArray(out);
            }
            case Bytes(byte[] t, int w) -> {
                byte[] out = new byte[Math.multiplyExact(rows, w)];
                if (rows > 0) {
                    System.arraycopy(t, 0, out, 0, w);
                    doubling(out, w, rows);
                }
                return MemorySegment.ofArray(out);
            }
        }
    }

    /** Fills {@code rows} slots of {@code unit} elements from the first one, doubling the filled prefix each copy. */
    private static void doubling(Object out, int unit, int rows) {
        for (int filled = 1; filled < rows; filled <<= 1) {
            int count = Math.min(filled, rows - filled);
            System.arraycopy(out, 0, out, filled * unit, count * unit);
        }
    }
}
