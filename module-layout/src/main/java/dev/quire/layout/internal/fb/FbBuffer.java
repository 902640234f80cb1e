package dev.quire.layout.internal.fb;

import dev.quire.errors.MalformedFileException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Untrusted flatbuffer bytes with bounds-checked access. Every read checks its range first and reports a
 * {@link MalformedFileException} naming the structure ({@code what}) and the absolute file offset, so corrupt input
 * never reaches a JDK index exception.
 */
public final class FbBuffer {
    private final ByteBuffer bytes;
    private final String what;
    private final long fileOffset;
    /**
     * A {@code maxTables} that turns counting off: for a buffer whose tree was bounded by one walk when it was read (the
     * layout) and is then read again by every reader tree built over the file's life, so that visits add up without
     * bound and must not count.
     */
    public static final int UNCOUNTED = Integer.MAX_VALUE;

    /** Tables visited so far (not kept for {@link #UNCOUNTED} buffers). */
    private long tablesVisited;
    private final int maxTables;

    /**
     * @param bytes the flatbuffer, position 0 at its first byte
     * @param what what this flatbuffer is, for messages ("footer", "layout", "array in segment 3")
     * @param fileOffset absolute offset of byte 0 in the file, or -1 when not from a file
     * @param maxTables how many tables a reader may visit before the buffer is deemed hostile, or {@link #UNCOUNTED}
     */
    public FbBuffer(ByteBuffer bytes, String what, long fileOffset, int maxTables) {
        this.bytes = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
        this.what = what;
        this.fileOffset = fileOffset;
        this.maxTables = maxTables;
    }

    public int size() {
        return bytes.limit();
    }

    public String what() {
        return what;
    }

    /** The root table: the u32 at offset 0 points at it. */
    public FbTable root() {
        int pos = uoffsetTarget(0, FbPath.root("root offset"));
        return table(pos, FbPath.root(what));
    }

    FbTable table(int pos, FbPath path) {
        int vtable = vtableOf(pos, path, -1);
        checkVtable(vtable, path, -1);
        int inlineLen = Short.toUnsignedInt(bytes.getShort(vtable + 2));
        checkInline(pos, inlineLen, path, -1);
        return new FbTable(this, pos, vtable, Short.toUnsignedInt(bytes.getShort(vtable)), inlineLen, path);
    }

    /**
     * Counts a visit to the table at {@code pos} and returns where its vtable starts (its first 4 bytes checked to
     * lie in the buffer). {@code path} names the table, or with {@code element >= 0} the vector whose element it is:
     * that path is made only when a message needs it.
     */
    int vtableOf(int pos, FbPath path, int element) {
        if (maxTables != UNCOUNTED && ++tablesVisited > maxTables) {
            throw error(where(path, element) + ": more than " + maxTables + " tables", pos);
        }
        checkAt(pos, 4, path, element);
        int vtable = pos - bytes.getInt(pos);
        checkAt(vtable, 4, path, element);
        return vtable;
    }

    /**
     * Counts visits to {@code n} tables at once, for a loop that checks them itself: false (counting nothing) when
     * they would take the buffer past its limit, so that the caller visits them one by one and fails at the right one.
     */
    boolean countTables(int n) {
        if (maxTables == UNCOUNTED) {
            return true;
        }
        if (tablesVisited + n > maxTables) {
            return false;
        }
        tablesVisited += n;
        return true;
    }

    /** Checks the vtable at {@code vtable} (from {@link #vtableOf}): its length, the table size it declares. */
    void checkVtable(int vtable, FbPath path, int element) {
        int vtableLen = Short.toUnsignedInt(bytes.getShort(vtable));
        int inlineLen = Short.toUnsignedInt(bytes.getShort(vtable + 2));
        if (vtableLen < 4 || (vtableLen & 1) != 0) {
            throw error(where(path, element) + ": vtable length " + vtableLen + " is invalid", vtable);
        }
        checkAt(vtable, vtableLen, path, element);
        if (inlineLen < 4) {
            throw error(where(path, element) + ": table size " + inlineLen + " is invalid", vtable);
        }
    }

    /** Checks that the {@code inlineLen} bytes of the table at {@code pos} lie in the buffer. */
    void checkInline(int pos, int inlineLen, FbPath path, int element) {
        checkAt(pos, inlineLen, path, element);
    }

    private void checkAt(long pos, long len, FbPath path, int element) {
        if (pos < 0 || len < 0 || pos + len > bytes.limit()) {
            check(pos, len, where(path, element));
        }
    }

    private static FbPath where(FbPath path, int element) {
        return element < 0 ? path : path.element(element);
    }

    /** Follows the u32 offset stored at {@code pos}, relative to {@code pos}; names as {@link #vtableOf} does. */
    int uoffsetTarget(int pos, FbPath path, int element) {
        checkAt(pos, 4, path, element);
        long target = pos + Integer.toUnsignedLong(bytes.getInt(pos));
        if (target >= bytes.limit()) {
            throw error(where(path, element) + ": offset points outside the " + bytes.limit() + "-byte buffer",
                    pos);
        }
        return (int) target;
    }

    /** Follows the u32 offset stored at {@code pos}, relative to {@code pos}. */
    int uoffsetTarget(int pos, FbPath path) {
        return uoffsetTarget(pos, path, -1);
    }

    void check(long pos, long len, FbPath path) {
        if (pos < 0 || len < 0 || pos + len > bytes.limit()) {
            throw error(path + ": bytes [" + pos + ", " + (pos + len) + ") are outside the " + bytes.limit()
                    + "-byte buffer", pos);
        }
    }

    byte getByte(int pos) {
        return bytes.get(pos);
    }

    short getShort(int pos) {
        return bytes.getShort(pos);
    }

    int getInt(int pos) {
        return bytes.getInt(pos);
    }

    long getLong(int pos) {
        return bytes.getLong(pos);
    }

    ByteBuffer slice(int pos, int len) {
        return bytes.slice(pos, len).order(ByteOrder.LITTLE_ENDIAN);
    }

    String utf8(int pos, int len, FbPath path) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(slice(pos, len))
                    .toString();
        } catch (CharacterCodingException e) {
            throw error(path + ": string is not valid UTF-8", pos);
        }
    }

    public MalformedFileException error(String message, long pos) {
        long at = fileOffset >= 0 && pos >= 0 ? fileOffset + pos : -1;
        return new MalformedFileException("malformed " + what + ": " + message, at);
    }
}
