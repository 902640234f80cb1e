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

    /**
     * Reads a u16 field ({@code u16Field}, 0 when absent) and a u64 field ({@code u64Field}, 0 when absent) of every
     * table of the vector in one pass: the u16s into {@code u16s[i]} (when {@code u16s} is not null), the running
     * sums of the u64s into {@code sums[i + 1]} ({@code sums[0]} is 0). Each u64 is checked as {@link #u64} checks
     * it; the sums wrap on overflow, which the caller detects as a sum smaller than the one before.
     *
     * <p>This is the loop a chunked layout of thousands of children runs before it can answer anything, so a table
     * costs only its vector entry, its vtable offset and the two fields: where the fields sit is read once per run of
     * tables sharing a vtable, and the checks {@link #moveTo} makes are folded into a few comparisons. Input they
     * reject is read again through {@link #moveTo}, {@link #u16} and {@link #u64}, so errors say exactly what those
     * say. The cursor is left at the last table.
     *
     * @return the u16 every table holds, or -1 when they differ or the vector is empty (with {@code u16s} null, the
     *     caller then needs another pass with an array to learn each one)
     */
    public int readAll(int u16Field, String u16Name, int u64Field, String u64Name, char[] u16s, long[] sums) {
        int n = vector.length();
        if ((u16s != null && u16s.length < n) || sums.length < n + 1) {
            throw new IllegalArgumentException("arrays of " + (u16s == null ? 0 : u16s.length) + " and "
                    + sums.length + " for " + n + " tables");
        }
        sums[0] = 0;
        if (n == 0) {
            return -1;
        }
        if (!buf.countTables(n)) {
            return readAllCarefully(u16Field, u16Name, u64Field, u64Name, u16s, sums);
        }
        long limit = buf.size();
        int entries = vector.position(0);
        int u16Off = vtable < 0 ? 0 : fieldOffset(u16Field, 2);
        int u64Off = vtable < 0 ? 0 : fieldOffset(u64Field, 8);
        int common = -2;
        long sum = 0;
        int last = 0;
        for (int i = 0; i < n; i++) {
            // Entries lie in the buffer (the vector's length was checked when it was opened).
            int entry = entries + 4 * i;
            long target = entry + Integer.toUnsignedLong(buf.getInt(entry));
            if (target > limit - 4) {
                return failAt(i, u16Field, u16Name, u64Field, u64Name);
            }
            int t = (int) target;
            long vt = target - buf.getInt(t);
            if (vt != vtable) {
                if (vt < 0 || vt > limit - 4 || !acceptVtable((int) vt, t, u16Field, u64Field)) {
                    return failAt(i, u16Field, u16Name, u64Field, u64Name);
                }
                u16Off = fieldOffset(u16Field, 2);
                u64Off = fieldOffset(u64Field, 8);
                if (u16Off < 0 || u64Off < 0) {
                    return failAt(i, u16Field, u16Name, u64Field, u64Name);
                }
            }
            if (target > limit - inlineLen) {
                return failAt(i, u16Field, u16Name, u64Field, u64Name);
            }
            int v16 = u16Off == 0 ? 0 : Short.toUnsignedInt(buf.getShort(t + u16Off));
            if (u16s != null) {
                u16s[i] = (char) v16;
            }
            if (common != v16) {
                common = common == -2 ? v16 : -1;
            }
            if (u64Off != 0) {
                long v = buf.getLong(t + u64Off);
                if (v < 0) {
                    return failAt(i, u16Field, u16Name, u64Field, u64Name);
                }
                sum += v;
            }
            sums[i + 1] = sum;
            last = t;
        }
        index = n - 1;
        pos = last;
        return common;
    }

    /**
     * Takes the vtable at {@code vt} (its first 4 bytes known to lie in the buffer) for the table at {@code t} when
     * {@link FbBuffer#checkVtable} would: false when it would not (the caller then fails through {@link #moveTo}).
     */
    private boolean acceptVtable(int vt, int t, int u16Field, int u64Field) {
        int len = Short.toUnsignedInt(buf.getShort(vt));
        int inline = Short.toUnsignedInt(buf.getShort(vt + 2));
        if (len < 4 || (len & 1) != 0 || (long) vt + len > buf.size() || inline < 4) {
            return false;
        }
        vtable = vt;
        vtableLen = len;
        inlineLen = inline;
        return true;
    }

    /** Where a field of {@code width} bytes sits in tables of the current vtable: 0 when absent, -1 past the table. */
    private int fieldOffset(int field, int width) {
        int off = FbTable.fieldOffset(buf, vtable, vtableLen, field);
        return off != 0 && off + width > inlineLen ? -1 : off;
    }

    /** {@link #readAll}'s way for input it rejects: each table read through {@link #moveTo}, which says why. */
    private int readAllCarefully(int u16Field, String u16Name, int u64Field, String u64Name, char[] u16s,
            long[] sums) {
        int common = -2;
        long sum = 0;
        for (int i = 0; i < vector.length(); i++) {
            moveTo(i);
            int v16 = u16(u16Field, u16Name, 0);
            if (u16s != null) {
                u16s[i] = (char) v16;
            }
            if (common != v16) {
                common = common == -2 ? v16 : -1;
            }
            sum += u64(u64Field, u64Name, 0);
            sums[i + 1] = sum;
        }
        return common;
    }

    /** Reads table {@code i} through the checked path, which throws saying what is wrong with it. */
    private int failAt(int i, int u16Field, String u16Name, int u64Field, String u64Name) {
        moveTo(i);
        u16(u16Field, u16Name, 0);
        u64(u64Field, u64Name, 0);
        throw new IllegalStateException("table " + i + " was rejected by the fast path but reads without error");
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
