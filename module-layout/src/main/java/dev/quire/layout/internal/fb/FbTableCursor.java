package dev.quire.layout.internal.fb;

/**
 * One reusable view moved over the tables of a vector of tables: for loops over thousands of sibling tables that
 * read a field or two of each (a chunked layout's children), where building an {@link FbTable} and its path per
 * element would cost more than the reads. Each move checks what {@link FbVector#table} checks, except that a vtable
 * shared with the previous element (builders write one vtable for tables of the same shape) is not checked again;
 * a path for a message is made only when a check fails. Not thread-safe: one loop owns a cursor.
 */
public final class FbTableCursor {
    private final FbVector vector;
    private final FbBuffer buf;
    /** The vector's path; an element's is made from it on error. */
    private final FbPath path;
    private int index = -1;
    private int pos;
    private int vtable = -1;
    private int vtableLen;
    private int inlineLen;

    FbTableCursor(FbVector vector, FbBuffer buf, FbPath path) {
        this.vector = vector;
        this.buf = buf;
        this.path = path;
    }

    /** Moves to element {@code i} of the vector. */
    public FbTableCursor moveTo(int i) {
        int target = buf.uoffsetTarget(vector.position(i), path, i);
        int vt = buf.vtableOf(target, path, i);
        if (vt != vtable) {
            buf.checkVtable(vt, path, i);
            vtable = vt;
            vtableLen = Short.toUnsignedInt(buf.getShort(vt));
            inlineLen = Short.toUnsignedInt(buf.getShort(vt + 2));
        }
        buf.checkInline(target, inlineLen, path, i);
        index = i;
        pos = target;
        return this;
    }

    private int field(int field, int width, String name) {
        if (index < 0) {
            throw new IllegalStateException("the cursor has not been moved to a table yet");
        }
        int off = FbTable.fieldOffset(buf, vtable, vtableLen, field);
        if (off != 0 && off + width > inlineLen) {
            throw buf.error(path.element(index).field(name) + ": field lies outside its table", pos + off);
        }
        return off;
    }

    /** A u16 field of the current table, {@code dflt} when absent. */
    public int u16(int field, String name, int dflt) {
        int off = field(field, 2, name);
        return off == 0 ? dflt : Short.toUnsignedInt(buf.getShort(pos + off));
    }

    /** A u64 field of the current table, as {@link FbTable#u64} reads it. */
    public long u64(int field, String name, long dflt) {
        int off = field(field, 8, name);
        if (off == 0) {
            return dflt;
        }
        long v = buf.getLong(pos + off);
        if (v < 0) {
            throw buf.error(path.element(index).field(name) + ": value " + Long.toUnsignedString(v)
                    + " is too large", pos + off);
        }
        return v;
    }
}
