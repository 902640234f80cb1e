package dev.quire.layout.internal.fb;

import java.nio.ByteBuffer;

/** A flatbuffer vector whose length was checked against its buffer when it was opened. */
public final class FbVector {
    private final FbBuffer buf;
    private final int start;
    private final int length;
    private final int elementSize;
    private final FbPath path;

    FbVector(FbBuffer buf, int start, int length, int elementSize, FbPath path) {
        this.buf = buf;
        this.start = start;
        this.length = length;
        this.elementSize = elementSize;
        this.path = path;
    }

    public int length() {
        return length;
    }

    private int at(int i) {
        if (i < 0 || i >= length) {
            throw new IllegalArgumentException("index " + i + " outside vector of " + length);
        }
        return start + i * elementSize;
    }

    public int u8(int i) {
        return Byte.toUnsignedInt(buf.getByte(at(i)));
    }

    public int u16(int i) {
        return Short.toUnsignedInt(buf.getShort(at(i)));
    }

    public long u32(int i) {
        return Integer.toUnsignedLong(buf.getInt(at(i)));
    }

    /** Field at byte {@code offset} of struct element {@code i}, as an unsigned number of {@code width} bytes. */
    public long structField(int i, int offset, int width) {
        int p = at(i) + offset;
        return switch (width) {
            case 1 -> Byte.toUnsignedInt(buf.getByte(p));
            case 2 -> Short.toUnsignedInt(buf.getShort(p));
            case 4 -> Integer.toUnsignedLong(buf.getInt(p));
            case 8 -> buf.getLong(p);
            default -> throw new IllegalArgumentException("width " + width);
        };
    }

    /**
     * A cursor over the elements of this vector of tables, for loops that read a field or two of many of them
     * without building an {@link FbTable} per element.
     */
    public FbTableCursor tables() {
        return new FbTableCursor(this, buf, path);
    }

    /** Where element {@code i} starts in the buffer. */
    int position(int i) {
        return at(i);
    }

    /** Element {@code i} of a vector of tables. */
    public FbTable table(int i) {
        int p = at(i);
        FbPath element = path.element(i);
        return buf.table(buf.uoffsetTarget(p, element), element);
    }

    /** Element {@code i} of a vector of strings. */
    public String string(int i) {
        int p = buf.uoffsetTarget(at(i), path.element(i));
        buf.check(p, 4, path.element(i));
        long len = Integer.toUnsignedLong(buf.getInt(p));
        buf.check(p + 4L, len, path.element(i));
        return buf.utf8(p + 4, (int) len, path.element(i));
    }

    public ByteBuffer asBytes() {
        return buf.slice(start, length * elementSize);
    }
}
