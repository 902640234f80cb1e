package dev.quire.encodings.internal.strings;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;

/**
 * Writes the 16-byte views of a {@link VarBinViewArray} over one data buffer: values of at most
 * {@value VarBinViewArray#MAX_INLINED} bytes are copied into their view, longer ones are referenced (data buffer 0)
 * with a copy of their first four bytes. The views live on the heap, so they stay valid for as long as referenced.
 */
final class BinaryViews {
    private final MemorySegment data;
    private final MemorySegment views;

    /** Views for {@code count} values over {@code data} (at most 4 GiB, since view offsets are u32). */
    BinaryViews(MemorySegment data, int count) {
        this.data = data;
        this.views = MemorySegment.ofArray(new long[Math.multiplyExact(count, 2)]);
    }

    /** The largest number of values one views buffer (a {@code long[]} of two words a value) may hold. */
    static final int MAX_VALUES = (Integer.MAX_VALUE - 8) / 2;

    /** Sets the view of value {@code index} to bytes {@code [start, start + length)} of the data buffer. */
    void set(int index, long start, int length) {
        long v = (long) index * VarBinViewArray.VIEW_SIZE;
        views.set(LittleEndian.INT, v, length);
        if (length <= VarBinViewArray.MAX_INLINED) {
            MemorySegment.copy(data, start, views, v + 4, length);
        } else {
            MemorySegment.copy(data, start, views, v + 4, 4);
            // buffer index 0 stays zero
            views.set(LittleEndian.INT, v + 12, (int) start);
        }
    }

    /** The views buffer: {@code count * 16} bytes. Views never set are all-zero (empty values), as for nulls. */
    MemorySegment views() {
        return views;
    }
}
