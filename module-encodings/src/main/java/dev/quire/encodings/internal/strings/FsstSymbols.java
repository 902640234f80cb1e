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

    /** The symbol of every byte value as a code (zero where it names none), for the decoder's unchecked reads. */
    private final long[] symbolOf = new long[256];
    /** The length of every byte value's symbol, {@link #BAD} for the escape and codes that name no symbol. */
    private final int[] lengthOf = new int[256];

    private FsstSymbols(long[] symbols, byte[] lengths) {
        this.symbols = symbols;
        this.lengths = lengths;
        java.util.Arrays.fill(lengthOf, BAD);
        System.arraycopy(symbols, 0, symbolOf, 0, symbols.length);
        for (int c = 0; c < lengths.length; c++) {
            lengthOf[c] = lengths[c];
        }
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

    /** Bytes of zeros the decoded buffer has past its end, so views may read 16 bytes from any value's start. */
    static final int SLACK = 16;
    /** A length no symbol has: the fast loop's tables give it to codes that name no symbol. */
    private static final int BAD = 16;
    /**
     * The fast loop decodes eight codes at a time while this many output bytes are left: eight symbols of at most
     * eight bytes, the last written as a whole word ({@link #BAD} lengths stop the loop before anything is written).
     */
    private static final int FAST_ROOM = 8 * MAX_SYMBOL_LENGTH;

    /**
     * Decodes {@code codes}, which must produce exactly {@code total} bytes. The result has {@value #SLACK} bytes of
     * zeros at the end (symbols are written a whole word at a time, and views read whole words).
     * {@code codesStart} is where {@code codes} starts in the codes buffer, for messages.
     */
    byte[] decode(ArrayParts parts, MemorySegment codes, long codesStart, int total) {
        byte[] in = codes.toArray(ValueLayout.JAVA_BYTE);
        byte[] out = new byte[total + SLACK];
        int pos = decodeRun(parts, in, codesStart, out, total);
        if (pos != total) {
            throw parts.malformed("the codes decode to " + (pos > total ? "more than " + total : pos)
                    + " bytes, the uncompressed lengths add up to " + total);
        }
        // the slack may hold the tail of the last symbol written; clear it so the buffer is deterministic
        java.util.Arrays.fill(out, total, out.length, (byte) 0);
        return out;
    }

    /**
     * Decodes all of {@code in} into {@code out} from its start, where the codes should produce {@code total} bytes,
     * and returns the position after the last byte written: {@code total} when they did, less when the codes ran out
     * first, more when they produce more (then it stops early). {@code out} has {@value #SLACK} bytes past
     * {@code total}. {@code codesStart} is where {@code in} starts in the codes buffer, for messages.
     *
     * <p>The main loop takes eight codes as one little-endian word and looks up their eight lengths; when none is
     * {@link #BAD} (the escape, or a code that names no symbol), it writes their eight symbols (eight bytes each,
     * overlapping) with no other test. A word with an escape, and the tail, go one code at a time until the next
     * eight codes can go together again. (Symbols and lengths side by side in one table, to share a bounds check,
     * measured slower than the two tables.)
     */
    private int decodeRun(ArrayParts parts, byte[] in, long codesStart, byte[] out, int total) {
        long[] sym = symbolOf;
        int[] len = lengthOf;
        int pos = 0;
        int i = 0;
        int to = in.length;
        int fastEnd = to - 8;
        int fastRoom = total - FAST_ROOM;
        while (true) {
            while (i <= fastEnd && pos <= fastRoom) {
                long w = (long) LONG_LE.get(in, i);
                int c0 = (int) w & 0xFF;
                int c1 = (int) (w >>> 8) & 0xFF;
                int c2 = (int) (w >>> 16) & 0xFF;
                int c3 = (int) (w >>> 24) & 0xFF;
                int c4 = (int) (w >>> 32) & 0xFF;
                int c5 = (int) (w >>> 40) & 0xFF;
                int c6 = (int) (w >>> 48) & 0xFF;
                int c7 = (int) (w >>> 56);
                int l0 = len[c0];
                int l1 = len[c1];
                int l2 = len[c2];
                int l3 = len[c3];
                int l4 = len[c4];
                int l5 = len[c5];
                int l6 = len[c6];
                int l7 = len[c7];
                if (((l0 | l1 | l2 | l3 | l4 | l5 | l6 | l7) & BAD) != 0) {
                    break;
                }
                long s0 = sym[c0];
                long s1 = sym[c1];
                long s2 = sym[c2];
                long s3 = sym[c3];
                long s4 = sym[c4];
                long s5 = sym[c5];
                long s6 = sym[c6];
                long s7 = sym[c7];
                // the symbols are loaded and the eight positions known before any store
                int p1 = pos + l0;
                int p2 = p1 + l1;
                int p3 = p2 + l2;
                int p4 = p3 + l3;
                int p5 = p4 + l4;
                int p6 = p5 + l5;
                int p7 = p6 + l6;
                LONG_LE.set(out, pos, s0);
                LONG_LE.set(out, p1, s1);
                LONG_LE.set(out, p2, s2);
                LONG_LE.set(out, p3, s3);
                LONG_LE.set(out, p4, s4);
                LONG_LE.set(out, p5, s5);
                LONG_LE.set(out, p6, s6);
                LONG_LE.set(out, p7, s7);
                pos = p7 + l7;
                i += 8;
            }
            // One code: the tail, an escape, or a code that names no symbol (reported here).
            if (i >= to || pos > total) {
                break;
            }
            int code = in[i++] & 0xFF;
            int l = len[code];
            if (l != BAD) {
                LONG_LE.set(out, pos, sym[code]);
                pos += l;
            } else if (code == ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes end with an escape and no byte after it (codes byte "
                            + (codesStart + i - 1) + ")");
                }
                out[pos++] = in[i++];
            } else {
                throw parts.malformed("code " + code + " at codes byte " + (codesStart + i - 1)
                        + " names no symbol (the table has " + symbols.length + ")");
            }
        }
        return pos;
    }

    /**
     * Decodes one value whole: the codes at {@code [from, to)} must produce exactly {@code length} bytes, written into
     * {@code out} from {@code pos} ({@code out} needs {@code length + 8} bytes of room from there).
     */
    void decodeValue(ArrayParts parts, MemorySegment codes, long from, long to, byte[] out, int pos, int length) {
        long r = walk(parts, codes, from, to, out, pos, length);
        if ((int) r != length || r < 0) {
            throw parts.malformed("the codes at bytes [" + from + ", " + to + ") do not decode to the value's "
                    + length + " bytes");
        }
    }

    /**
     * Decodes the codes at bytes {@code [from, to)} of {@code codes} into {@code out} from {@code pos}, one at a time
     * straight from the segment, until {@code want} bytes are out or the codes end: the bytes written in the low 32
     * bits, and the sign bit set when it stopped with codes left.
     */
    private long walk(ArrayParts parts, MemorySegment codes, long from, long to, byte[] out, int pos, int want) {
        long[] sym = symbolOf;
        int[] len = lengthOf;
        int p = pos;
        int stop = pos + want;
        long i = from;
        while (p < stop && i < to) {
            int code = codes.get(ValueLayout.JAVA_BYTE, i++) & 0xFF;
            int l = len[code];
            if (l != BAD) {
                LONG_LE.set(out, p, sym[code]);
                p += l;
            } else if (code == ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes of a value end with an escape and no byte after it (codes byte "
                            + (i - 1) + ")");
                }
                out[p++] = codes.get(ValueLayout.JAVA_BYTE, i++);
            } else {
                throw parts.malformed("code " + code + " at codes byte " + (i - 1)
                        + " names no symbol (the table has " + symbols.length + ")");
            }
        }
        return (i < to ? Long.MIN_VALUE : 0) | (p - pos);
    }

    /**
     * Decodes the codes at bytes {@code [from, to)} of {@code in}, one value's, into {@code out} from 0, until at least
     * {@code want} bytes are out or the codes end, and returns how many bytes were written: at least {@code want}
     * unless the codes ran out first, and at most {@code want + 7} (a symbol is written whole, eight bytes at a time,
     * so {@code out} needs {@code want + 8} bytes of room). For filters that visit every value of a window and want
     * only its first bytes: the codes were copied into {@code in} once, since array reads cost a fraction of segment
     * reads at one or two codes a value. {@code codesStart} is where {@code in} starts in the codes buffer, for
     * messages.
     */
    int decodeSome(ArrayParts parts, byte[] in, int from, int to, long codesStart, byte[] out, int want) {
        long[] sym = symbolOf;
        int[] len = lengthOf;
        int p = 0;
        int i = from;
        while (p < want && i < to) {
            int code = in[i++] & 0xFF;
            int l = len[code];
            if (l != BAD) {
                LONG_LE.set(out, p, sym[code]);
                p += l;
            } else if (code == ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes of a value end with an escape and no byte after it (codes byte "
                            + (codesStart + i - 1) + ")");
                }
                out[p++] = in[i++];
            } else {
                throw parts.malformed("code " + code + " at codes byte " + (codesStart + i - 1)
                        + " names no symbol (the table has " + symbols.length + ")");
            }
        }
        return p;
    }
}
