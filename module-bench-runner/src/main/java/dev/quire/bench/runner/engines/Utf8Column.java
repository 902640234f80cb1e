package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A utf8 {@link StringColumn} over a {@link VarBinViewArray}. The last value read byte by byte is copied once into a
 * scratch array, so {@link #byteAt} is a plain array read (segment reads through a field that holds heap and native
 * segments by turns do not inline, and cost several times more per byte); lengths and whole-value comparisons read in
 * place. Not thread-safe, like the batch it belongs to.
 */
final class Utf8Column implements StringColumn {
    private final VarBinViewArray array;
    private final MemorySegment views;
    private final MemorySegment[] buffers;
    private int row = -1;
    private MemorySegment segment;
    private long base;
    private int size;
    /** The bytes of value {@code copied}, when {@code copied == row}; grown as needed. */
    private byte[] scratch = new byte[64];
    private int copied = -1;

    Utf8Column(VarBinViewArray array) {
        this.array = array;
        this.views = array.views();
        this.buffers = array.buffers().toArray(MemorySegment[]::new);
    }

    @Override
    public int length(int row) {
        return views.get(LittleEndian.INT, (long) row * VarBinViewArray.VIEW_SIZE);
    }

    @Override
    public byte byteAt(int row, int index) {
        if (row != copied) {
            copy(row);
        }
        Objects.checkIndex(index, size);
        return scratch[index];
    }

    @Override
    public String get(int row) {
        return array.getString(row);
    }

    @Override
    public boolean equalsBytes(int row, byte[] utf8) {
        locate(row);
        return size == utf8.length
                && MemorySegment.mismatch(segment, base, base + size, MemorySegment.ofArray(utf8), 0, size) == -1;
    }

    private void copy(int r) {
        locate(r);
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, scratch.length * 2)];
        }
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, base, scratch, 0, size);
        copied = r;
    }

    /** Points {@code segment}, {@code base} and {@code size} at value {@code r}; the array checked its views. */
    private void locate(int r) {
        if (r == row) {
            return;
        }
        Objects.checkIndex(r, array.length());
        long view = (long) r * VarBinViewArray.VIEW_SIZE;
        int n = views.get(LittleEndian.INT, view);
        if (n <= VarBinViewArray.MAX_INLINED) {
            segment = views;
            base = view + 4;
        } else {
            segment = buffers[views.get(LittleEndian.INT, view + 8)];
            base = Integer.toUnsignedLong(views.get(LittleEndian.INT, view + 12));
        }
        size = n;
        row = r;
    }
}
