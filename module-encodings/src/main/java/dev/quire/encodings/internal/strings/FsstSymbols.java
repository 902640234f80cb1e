package dev.quire.encodings.internal.strings;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** An FSST symbol table, checked, and the decoder of a code stream. */
final class FsstSymbols {
    /** The code that makes the next byte stand for itself. */
    static final int ESCAPE = 255;
    /** The longest symbol; also the slack the decoder needs past the end of its output. */
    static final int MAX_SYMBOL_LENGTH = 8;

    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] symbols;
    private final byte[] lengths;

    private FsstSymbols(long[] symbols, byte[] lengths) {
        this.symbols = symbols;
        this.lengths = lengths;
    }

    /** Reads and checks the symbols buffer (8 bytes a symbol) and the lengths buffer (a byte a symbol, 1..8). */
    static FsstSymbols read(ArrayParts parts, MemorySegment symbolBytes, MemorySegment lengthBytes) {
        long count = lengthBytes.byteSize();
        if (count > ESCAPE) {
            throw parts.malformed("symbol table has " + count + " symbols, at most " + ESCAPE + " are allowed");
        }
        if (symbolBytes.byteSize() != count * 8) {
            throw parts.malformed("symbols buffer has " + symbolBytes.byteSize() + " bytes, " + count
                    + " symbols need " + count * 8);
        }
        int n = (int) count;
        long[] symbols = new long[n];
        MemorySegment.copy(symbolBytes, LittleEndian.LONG, 0, symbols, 0, n);
        byte[] lengths = lengthBytes.toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < n; i++) {
            if (lengths[i] < 1 || lengths[i] > MAX_SYMBOL_LENGTH) {
                throw parts.malformed("symbol " + i + " has length " + lengths[i] + ", not 1 to 8");
            }
        }
        return new FsstSymbols(symbols, lengths);
    }

    /**
     * Decodes {@code codes}, which must produce exactly {@code total} bytes. The result has
     * {@value #MAX_SYMBOL_LENGTH} bytes of slack at the end (symbols are written a whole word at a time).
     * {@code codesStart} is where {@code codes} starts in the codes buffer, for messages.
     */
    byte[] decode(ArrayParts parts, MemorySegment codes, long codesStart, int total) {
        byte[] in = codes.toArray(ValueLayout.JAVA_BYTE);
        byte[] out = new byte[total + MAX_SYMBOL_LENGTH];
        long[] symbols = this.symbols;
        byte[] lengths = this.lengths;
        int count = symbols.length;
        int pos = 0;
        int i = 0;
        int end = in.length;
        while (i < end) {
            if (pos > total) {
                break;
            }
            int code = in[i++] & 0xFF;
            if (code < count) {
                LONG_LE.set(out, pos, symbols[code]);
                pos += lengths[code];
            } else if (code == ESCAPE) {
                if (i == end) {
                    throw parts.malformed("the codes end with an escape and no byte after it");
                }
                out[pos++] = in[i++];
            } else {
                throw parts.malformed("code " + code + " at codes byte " + (codesStart + i - 1)
                        + " names no symbol (the table has " + count + ")");
            }
        }
        if (pos != total) {
            throw parts.malformed("the codes decode to " + (pos > total ? "more than " + total : pos)
                    + " bytes, the uncompressed lengths add up to " + total);
        }
        // the slack may hold the tail of the last symbol written; clear it so the buffer is deterministic
        java.util.Arrays.fill(out, total, out.length, (byte) 0);
        return out;
    }
}
