package dev.quire.layout.internal.fb;

import java.nio.ByteBuffer;

/** One flatbuffer table, read through its vtable with every access bounds-checked. */
public final class FbTable {
    private final FbBuffer buf;
    private final int pos;
    private final int vtable;
    private final int vtableLen;
    private final int inlineLen;
    private final FbPath path;

    FbTable(FbBuffer buf, int pos, int vtable, int vtableLen, int inlineLen, FbPath path) {
        this.buf = buf;
        this.pos = pos;
        this.vtable = vtable;
        this.vtableLen = vtableLen;
        this.inlineLen = inlineLen;
        this.path = path;
    }

    /** Where this table is, for messages. */
    public String path() {
        return path.toString();
    }

    public FbBuffer buffer() {
        return buf;
    }

    /** Offset of field {@code index} from the table start, or 0 when absent. */
    private int field(int index, int width, String name) {
        int off = fieldOffset(buf, vtable, vtableLen, index);
        if (off != 0 && off + width > inlineLen) {
            throw buf.error(path.field(name) + ": field lies outside its table", pos + off);
        }
        return off;
    }

    /**
     * Offset of field {@code index} from the start of a table whose vtable (checked, {@code vtableLen} bytes) is at
     * {@code vtable}, or 0 when absent. The caller checks that the field lies inside the table.
     */
    static int fieldOffset(FbBuffer buf, int vtable, int vtableLen, int index) {
        int slot = 4 + 2 * index;
        if (slot + 2 > vtableLen) {
            return 0;
        }
        return Short.toUnsignedInt(buf.getShort(vtable + slot));
    }

    public boolean has(int index) {
        return field(index, 0, "field " + index) != 0;
    }

    public int u8(int index, String name, int dflt) {
        int off = field(index, 1, name);
        return off == 0 ? dflt : Byte.toUnsignedInt(buf.getByte(pos + off));
    }

    public int i8(int index, String name, int dflt) {
        int off = field(index, 1, name);
        return off == 0 ? dflt : buf.getByte(pos + off);
    }

    public boolean bool(int index, String name, boolean dflt) {
        int off = field(index, 1, name);
        return off == 0 ? dflt : buf.getByte(pos + off) != 0;
    }

    public int u16(int index, String name, int dflt) {
        int off = field(index, 2, name);
        return off == 0 ? dflt : Short.toUnsignedInt(buf.getShort(pos + off));
    }

    public long u32(int index, String name, long dflt) {
        int off = field(index, 4, name);
        return off == 0 ? dflt : Integer.toUnsignedLong(buf.getInt(pos + off));
    }

    /** A u64 field; values above {@link Long#MAX_VALUE} are rejected since no length or count can be that big. */
    public long u64(int index, String name, long dflt) {
        int off = field(index, 8, name);
        if (off == 0) {
            return dflt;
        }
        long v = buf.getLong(pos + off);
        if (v < 0) {
            throw buf.error(path.field(name) + ": value " + Long.toUnsignedString(v) + " is too large", pos + off);
        }
        return v;
    }

    /** Whether the optional field (one with no schema default, such as {@code null_count}) is present. */
    public boolean present(int index, String name) {
        return field(index, 1, name) != 0;
    }

    /** Where the offset field points, or -1 when absent; {@code at} is the field's path. */
    private int indirect(int index, String name, FbPath at) {
        int off = field(index, 4, name);
        return off == 0 ? -1 : buf.uoffsetTarget(pos + off, at);
    }

    /** A sub-table, or null when absent. */
    public FbTable table(int index, String name) {
        FbPath at = path.field(name);
        int target = indirect(index, name, at);
        return target < 0 ? null : buf.table(target, at);
    }

    public String string(int index, String name) {
        FbPath at = path.field(name);
        int target = indirect(index, name, at);
        if (target < 0) {
            return null;
        }
        buf.check(target, 4, at);
        long len = Integer.toUnsignedLong(buf.getInt(target));
        buf.check(target + 4L, len, at);
        return buf.utf8(target + 4, (int) len, at);
    }

    /** A vector of inline elements of {@code elementSize} bytes, or null when absent. */
    public FbVector vector(int index, String name, int elementSize) {
        FbPath at = path.field(name);
        int target = indirect(index, name, at);
        if (target < 0) {
            return null;
        }
        buf.check(target, 4, at);
        long len = Integer.toUnsignedLong(buf.getInt(target));
        buf.check(target + 4L, len * elementSize, at);
        return new FbVector(buf, target + 4, (int) len, elementSize, at);
    }

    /** The bytes of a {@code [ubyte]} field, or null when absent. */
    public ByteBuffer bytes(int index, String name) {
        FbVector v = vector(index, name, 1);
        return v == null ? null : v.asBytes();
    }
}
