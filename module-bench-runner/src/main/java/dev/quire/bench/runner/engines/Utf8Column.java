package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A utf8 {@link StringColumn} over a {@link VarBinViewArray}, read through plain Java arrays: the views as a
 * {@code long[]} (the array's own when its views live in one, else a copy made once per batch), and each data buffer
 * as the {@code byte[]} it lives in when it is on the heap. Segment reads through fields that hold heap and native
 * segments by turns do not inline and cost several times more per byte; array reads do not have that problem. A value
 * in a buffer outside the heap is copied once, when first read, into a scratch array. Not thread-safe, like the batch
 * it belongs to.
 */
final class Utf8Column implements StringColumn {
    private final VarBinViewArray array;
    private final int length;
    /** The views: value {@code r}'s two words are {@code words[wordBase + 2r]} and the next. */
    private final long[] words;
    private final int wordBase;
    /** Per data buffer, the heap array holding it (null when it is off the heap) and where in it the buffer starts. */
    private final byte[][] heap;
    private final int[] heapBase;
    private final MemorySegment[] buffers;

    /** A value in a buffer off the heap, copied here when read. */
    private byte[] scratch = new byte[64];
    private int scratchRow = -1;

    /** Data buffers off the heap of at most this many bytes are copied to the heap whole, on first use. */
    static final long MAX_COPIED_BUFFER = 1 << 16;

    Utf8Column(VarBinViewArray array) {
        this.array = array;
        this.length = Math.toIntExact(array.length());
        MemorySegment views = array.views();
        Object viewArray = views.heapBase().orElse(null);
        if (viewArray instanceof long[] w && views.address() % 8 == 0) {
            this.words = w;
            this.wordBase = (int) (views.address() / 8);
        } else {
            this.words = views.toArray(LittleEndian.LONG);
            this.wordBase = 0;
        }
        this.buffers = array.buffers().toArray(MemorySegment[]::new);
        this.heap = new byte[buffers.length][];
        this.heapBase = new int[buffers.length];
        for (int i = 0; i < buffers.length; i++) {
            if (buffers[i].heapBase().orElse(null) instanceof byte[] b) {
                heap[i] = b;
                heapBase[i] = (int) buffers[i].address();
            }
        }
    }

    @Override
    public int length(int row) {
        return (int) words[wordBase + 2 * row];
    }

    /**
     * Reads the row's view on every call, as the reference's Arrow adapter does, and keeps nothing between calls on
     * the common path (views and data on the heap): with no stores in a caller's loop over one value's bytes, the JIT
     * keeps the view's words in registers.
     */
    @Override
    public byte byteAt(int row, int index) {
        Objects.checkIndex(row, length);
        int at = wordBase + 2 * row;
        long w0 = words[at];
        int size = (int) w0;
        Objects.checkIndex(index, size);
        if (size <= VarBinViewArray.MAX_INLINED) {
            int p = index + 4;
            return (byte) (words[at + (p >>> 3)] >>> ((p & 7) << 3));
        }
        long w1 = words[at + 1];
        int buffer = (int) w1;
        byte[] h = heap[buffer];
        if (h != null) {
            return h[heapBase[buffer] + (int) (w1 >>> 32) + index];
        }
        return offHeap(row, buffer, Integer.toUnsignedLong((int) (w1 >>> 32)), size, index);
    }

    @Override
    public String get(int row) {
        return array.getString(row);
    }

    @Override
    public boolean equalsBytes(int row, byte[] utf8) {
        if (length(row) != utf8.length) {
            return false;
        }
        for (int i = 0; i < utf8.length; i++) {
            if (byteAt(row, i) != utf8[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A byte of a value in a buffer off the heap: a small buffer (a dictionary's values, say) is copied to the heap
     * whole, once, and then read like the others; a value in a large one is copied into a scratch array, once per row.
     */
    private byte offHeap(int row, int buffer, long offset, int size, int index) {
        if (buffers[buffer].byteSize() <= MAX_COPIED_BUFFER) {
            heap[buffer] = buffers[buffer].toArray(ValueLayout.JAVA_BYTE);
            heapBase[buffer] = 0;
            return heap[buffer][(int) offset + index];
        }
        if (row != scratchRow) {
            if (scratch.length < size) {
                scratch = new byte[Math.max(size, scratch.length * 2)];
            }
            MemorySegment.copy(buffers[buffer], ValueLayout.JAVA_BYTE, offset, scratch, 0, size);
            scratchRow = row;
        }
        return scratch[index];
    }
}
