package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A utf8 {@link StringColumn} over a {@link VarBinViewArray}, read through plain Java arrays: the views as a
 * {@code long[]} (the array's own when its views live in one, else a copy made once per batch), and each data buffer
 * as the {@code byte[]} it lives in when it is on the heap. Segment reads through fields that hold heap and native
 * segments by turns do not inline and cost several times more per byte; array reads do not have that problem. A value
 * in a buffer outside the heap is copied once, when first read, into a scratch array, and so is an inline value (out
 * of its view), so that every byte is one array read. Not thread-safe, like the batch it belongs to.
 */
final class Utf8Column implements StringColumn {
    private final VarBinViewArray array;
    /** The views: value {@code r}'s two words are {@code words[wordBase + 2r]} and the next. */
    private final long[] words;
    private final int wordBase;
    /** Per data buffer, the heap array holding it (null when it is off the heap) and where in it the buffer starts. */
    private final byte[][] heap;
    private final int[] heapBase;
    private final MemorySegment[] buffers;

    /** The row located last, and where its bytes are: at {@code data[base..]}. */
    private int row = -1;
    private int size;
    private byte[] data;
    private int base;
    private byte[] scratch = new byte[64];
    /** The located value's view when the value is inline in it: its bytes are at {@code [4, 4 + size)}. */
    private final byte[] inlineBytes = new byte[16];
    private static final VarHandle VIEW_WORD =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Data buffers of at most this many bytes that are off the heap, or on it without a word of room after them, are
     * copied to the heap whole (with that room), on first use.
     */
    static final long MAX_COPIED_BUFFER = 1 << 16;

    Utf8Column(VarBinViewArray array) {
        this.array = array;
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
            // A small heap buffer that ends too close to its array's end for a whole word past its last value is
            // left to heapArray, which copies it with room for one: values are then read where they lie.
            if (buffers[i].heapBase().orElse(null) instanceof byte[] b
                    && (buffers[i].address() + buffers[i].byteSize() + StringBlock.WORD <= b.length
                            || buffers[i].byteSize() > MAX_COPIED_BUFFER)) {
                heap[i] = b;
                heapBase[i] = (int) buffers[i].address();
            }
        }
    }

    /** Locates the row as well: queries read a value's length just before its bytes. */
    @Override
    public int length(int row) {
        if (row != this.row) {
            locate(row);
        }
        return size;
    }

    /**
     * One array read per byte, whether the value is inline or in a data buffer ({@link #locate} copies inline bytes
     * out of the view), so the per-byte path has no branch on where the value lives.
     */
    @Override
    public byte byteAt(int row, int index) {
        if (row != this.row) {
            locate(row);
        }
        Objects.checkIndex(index, size);
        return data[base + index];
    }

    /**
     * Points at values in heap data buffers where they lie (the buffers become the block's sources), and copies the
     * others into the block's own array: an inline value as the two words of its view (its bytes, then what follows
     * them in the view, which the next copy overwrites or the block's slack absorbs), a value off the heap, or too
     * close to its array's end to be read a whole word at a time, with one copy.
     */
    @Override
    public void read(int from, int n, StringBlock block) {
        block.checkCount(n);
        Objects.checkFromIndexSize(from, n, array.length());
        long[] w = words;
        int first = wordBase + 2 * from;
        long size = 0;
        for (int i = 0; i < n; i++) {
            size += (int) w[first + 2 * i];
        }
        byte[] out = block.reserve(size);
        int named = Math.min(buffers.length, StringBlock.MAX_SOURCES - 1);
        for (int b = 0; b < named; b++) {
            byte[] h = heapArray(b);
            if (h != null) {
                block.source(b + 1, h);
            }
        }
        int[] source = block.source();
        int[] start = block.start();
        int[] lengths = block.length();
        int pos = 0;
        for (int i = 0; i < n; i++) {
            long w0 = w[first + 2 * i];
            long w1 = w[first + 2 * i + 1];
            int length = (int) w0;
            lengths[i] = length;
            if (length <= VarBinViewArray.MAX_INLINED) {
                VIEW_WORD.set(out, pos, (w0 >>> 32) | (w1 << 32));
                VIEW_WORD.set(out, pos + 8, w1 >>> 32);
            } else {
                int buffer = (int) w1;
                int offset = (int) (w1 >>> 32);
                byte[] h = buffer < named ? heap[buffer] : null;
                if (h != null) {
                    long at = heapBase[buffer] + Integer.toUnsignedLong(offset);
                    if (at + length + StringBlock.WORD <= h.length) {
                        source[i] = buffer + 1;
                        start[i] = (int) at;
                        continue;
                    }
                }
                copyOut(buffer, offset, length, out, pos);
            }
            source[i] = 0;
            start[i] = pos;
            pos += length;
        }
    }

    /**
     * Copies the {@code length} bytes at {@code offset} of data buffer {@code buffer} to {@code out[pos..]}: the rare
     * value {@link #read} cannot point at (off the heap, in a large heap buffer too close to its array's end, or past
     * the block's sources).
     */
    private void copyOut(int buffer, int offset, int length, byte[] out, int pos) {
        byte[] h = heapArray(buffer);
        if (h != null) {
            System.arraycopy(h, heapBase[buffer] + offset, out, pos, length);
        } else {
            MemorySegment.copy(buffers[buffer], ValueLayout.JAVA_BYTE, Integer.toUnsignedLong(offset), out, pos,
                    length);
        }
    }

    /**
     * The heap array holding data buffer {@code buffer}, or null when it is off the heap and too large to copy: a
     * small buffer off the heap (a dictionary's values, say), or on the heap but without a word of room after it, is
     * copied once, with that room, then read like the others.
     */
    private byte[] heapArray(int buffer) {
        byte[] h = heap[buffer];
        long size = buffers[buffer].byteSize();
        if (h == null && size <= MAX_COPIED_BUFFER) {
            h = new byte[(int) size + StringBlock.WORD];
            MemorySegment.copy(buffers[buffer], ValueLayout.JAVA_BYTE, 0, h, 0, (int) size);
            heap[buffer] = h;
            heapBase[buffer] = 0;
        }
        return h;
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

    /** Finds value {@code r}'s bytes; the array checked its views. */
    private void locate(int r) {
        Objects.checkIndex(r, array.length());
        long w0 = words[wordBase + 2 * r];
        long w1 = words[wordBase + 2 * r + 1];
        int n = (int) w0;
        size = n;
        row = r;
        if (n <= VarBinViewArray.MAX_INLINED) {
            // The view as it is laid out (little-endian): the inline bytes start after its four length bytes. Two
            // stores, not one per byte.
            byte[] b = inlineBytes;
            VIEW_WORD.set(b, 0, w0);
            VIEW_WORD.set(b, 8, w1);
            data = b;
            base = 4;
            return;
        }
        int buffer = (int) w1;
        int offset = (int) (w1 >>> 32);
        byte[] h = heapArray(buffer);
        if (h != null) {
            data = h;
            base = heapBase[buffer] + offset;
        } else {
            if (scratch.length < n) {
                scratch = new byte[Math.max(n, scratch.length * 2)];
            }
            MemorySegment.copy(buffers[buffer], ValueLayout.JAVA_BYTE, Integer.toUnsignedLong(offset), scratch, 0, n);
            data = scratch;
            base = 0;
        }
    }
}
