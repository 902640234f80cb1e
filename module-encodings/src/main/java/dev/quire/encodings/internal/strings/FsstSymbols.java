package dev.quire.encodings.internal.strings;

import dev.quire.errors.MalformedFileException;
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

    /** See {@link #count()}. */
    private final int count;

    /**
     * Every byte value as a code: code {@code c}'s symbol and its length (both zero where it names none). Each has
     * 256 entries, so that the decoder can take a code out of a word and index the symbols with one
     * {@code & (symbolTable.length - 1)}, and the lengths with {@code c & (lengthTable.length - 1)}: the JIT compiles
     * such indexes without a bounds check (it knows they are in range), where an index it cannot bound costs a
     * compare and a branch per read. (One table of both, symbols and lengths side by side, measured slower: its
     * indexes need a shift or an or more.)
     */
    private final long[] symbolTable = new long[256];
    private final long[] lengthTable = new long[256];

    /**
     * What {@link #hasNoSymbol} adds to each byte's low seven bits and which high bits it keeps of the word itself:
     * chosen by the number of symbols, see there.
     */
    private final long addToLow;
    private final long highsKept;

    /** A table of the symbols given, unchecked: {@link #read} checks them; tests make their own. */
    FsstSymbols(long[] symbols, byte[] lengths) {
        int n = lengths.length;
        this.count = n;
        for (int c = 0; c < n; c++) {
            symbolTable[c] = symbols[c];
            lengthTable[c] = lengths[c];
        }
        // a byte b is a code naming no symbol (or the escape) when b >= n; see hasNoSymbol
        addToLow = (n >= 128 ? 256L - n : 128L - n) * ONES;
        highsKept = n >= 128 ? 0 : HIGHS;
    }

    /**
     * Whether any of the eight codes of {@code w} (a byte each) is {@link #count()} or more: the escape or a code that
     * names no symbol. Each byte's low seven bits plus {@link #addToLow} set the byte's high bit exactly when they are
     * at least {@code n - 128} (tables of 128 symbols or more) or {@code n} (fewer), without a carry into the next
     * byte (the sum is at most 255); with 128 symbols or more a byte is at least {@code n} when that bit and its own
     * high bit are set, with fewer when either is.
     */
    boolean hasNoSymbol(long w) {
        long low = (w & ~HIGHS) + addToLow;
        return (((low & (w | highsKept)) | (w & highsKept)) & HIGHS) != 0;
    }

    /** How many symbols the table has: codes {@code 0} to {@code count() - 1} name them. */
    int count() {
        return count;
    }

    /**
     * Symbol {@code code}'s bytes as a little-endian word (its first byte lowest); only the low {@link #length} bytes
     * are the symbol, the rest are whatever the file held.
     */
    long symbol(int code) {
        return symbolTable[code];
    }

    /** Symbol {@code code}'s length, 1 to {@value #MAX_SYMBOL_LENGTH}. */
    int length(int code) {
        return (int) lengthTable[code];
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

    /** Bytes past a value's end that views and readers may read (a decoded buffer has {@link #FAST_ROOM}). */
    static final int SLACK = 16;
    /**
     * Bytes of room the decoder's output needs past the bytes it should hold: a symbol is written as a whole word, so
     * the last one may write {@link #MAX_SYMBOL_LENGTH} bytes from the last position; and views read {@link #SLACK}
     * bytes past a value.
     */
    static final int FAST_ROOM = Math.max(SLACK, MAX_SYMBOL_LENGTH);
    /** Every byte of a word: {@code 0x01} in each, {@code 0x80} in each. */
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;

    /**
     * Decodes {@code codes}, which must produce exactly {@code total} bytes, into a new array of {@code total} bytes
     * followed by {@link #FAST_ROOM} bytes of zeros (symbols are written a whole word at a time, and views read whole
     * words). {@code codesStart} is where {@code codes} starts in the codes buffer, for messages.
     */
    byte[] decode(ArrayParts parts, MemorySegment codes, long codesStart, int total) {
        byte[] in = codes.toArray(ValueLayout.JAVA_BYTE);
        byte[] out = new byte[total + FAST_ROOM];
        long r = run(parts, in, 0, in.length, codesStart, out, total, true);
        int pos = (int) r;
        if (pos < total) {
            throw parts.malformed("the codes decode to " + pos + " bytes, the uncompressed lengths add up to "
                    + total);
        }
        if (pos > total || (int) (r >>> 32) < in.length) {
            throw parts.malformed("the codes decode to more than " + total + " bytes, the uncompressed lengths add"
                    + " up to " + total);
        }
        // the room past the end may hold the tail of the last symbol written; clear it so the array is deterministic
        java.util.Arrays.fill(out, total, out.length, (byte) 0);
        return out;
    }

    /** The most bytes eight codes without an escape decode to. */
    private static final int WORD_BYTES = 8 * MAX_SYMBOL_LENGTH;

    /**
     * Decodes codes from {@code in[from]} into {@code out} from its start until exactly {@code total} bytes are out,
     * and returns where the next code starts: for a reader that goes through a stream of values block by block and
     * knows each block's decoded size (from the uncompressed lengths) but not where its codes end. Codes never span
     * two values, so a block's bytes end at a code's end. {@code to} is where the stream's codes end; {@code out}
     * needs {@link #FAST_ROOM} bytes past {@code total}. {@code codesStart} is where {@code in[0]} is in the codes
     * buffer, for messages.
     *
     * @throws dev.quire.errors.MalformedFileException when the codes run out before {@code total} bytes, or a code's
     *     symbol runs past them, or a code names no symbol, or the codes end with an escape
     */
    int decodeUntil(ArrayParts parts, byte[] in, int from, int to, long codesStart, byte[] out, int total) {
        long r = run(parts, in, from, to, codesStart, out, total, false);
        int pos = (int) r;
        if (pos != total) {
            throw parts.malformed("the codes from byte " + (codesStart + from) + (pos < total
                    ? " end at byte " + (codesStart + to) + " after " + pos + " bytes"
                    : " run past a value's end, to byte " + pos) + " of a block of values whose uncompressed lengths"
                    + " add up to " + total);
        }
        return (int) (r >>> 32);
    }

    /**
     * Decodes codes from {@code in[from]} (up to {@code to}) into {@code out} from its start until {@code total}
     * bytes or more are out ({@code toEnd}: more than {@code total}, so that a code left after them is looked at and
     * a bad one reported as such) or the codes end, and returns where it stopped: the next code's index in the high
     * 32 bits, the bytes written in the low 32 (more than {@code total} when a symbol ran past it). {@code out} needs
     * {@link #FAST_ROOM} bytes past {@code total}.
     *
     * <p>The main loop takes eight codes as one little-endian word while {@value #WORD_BYTES} bytes or more are left
     * to produce (eight symbols are at most that many, so they never run past {@code total}). A word holding the
     * escape or a code naming no symbol ({@link #hasNoSymbol}, one test on the whole word) leaves the loop at once;
     * otherwise each code writes its symbol as a whole word and moves on by its length, with no test. The escape, a
     * code naming no symbol (reported there) and the last codes go one at a time.
     */
    private long run(ArrayParts parts, byte[] in, int from, int to, long codesStart, byte[] out, int total,
            boolean toEnd) {
        long[] s = symbolTable;
        long[] l = lengthTable;
        int sm = s.length - 1;
        int lm = l.length - 1;
        int n = count;
        int pos = 0;
        int i = from;
        int fastEnd = to - 8;
        int fastStop = total - WORD_BYTES;
        while (true) {
            while (i <= fastEnd && pos <= fastStop) {
                long w = (long) LONG_LE.get(in, i);
                if (hasNoSymbol(w)) {
                    break;
                }
                // eight codes by hand (as a loop, the JIT unrolls it only in part), from two ints: each code is taken
                // out with the symbols' mask, 255
                int lo = (int) w;
                int hi = (int) (w >>> 32);
                int p = pos;
                int c = lo & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = (lo >>> 8) & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = (lo >>> 16) & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = (lo >>> 24) & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = hi & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = (hi >>> 8) & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = (hi >>> 16) & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                c = (hi >>> 24) & sm;
                LONG_LE.set(out, p, s[c]);
                p += (int) l[c & lm];
                pos = p;
                i += 8;
            }
            if (i >= to || pos > total || (pos == total && !toEnd)) {
                break;
            }
            int code = in[i++] & 0xFF;
            if (code < n) {
                LONG_LE.set(out, pos, s[code]);
                pos += (int) l[code];
            } else if (code == ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes end with an escape and no byte after it (codes byte "
                            + (codesStart + i - 1) + ")");
                }
                out[pos++] = in[i++];
            } else {
                throw noSymbol(parts, code, codesStart + i - 1);
            }
        }
        return ((long) i << 32) | pos;
    }

    private MalformedFileException noSymbol(ArrayParts parts, int code, long at) {
        return parts.malformed("code " + code + " at codes byte " + at + " names no symbol (the table has "
                + count + ")");
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
        int n = count;
        int p = pos;
        int stop = pos + want;
        long i = from;
        while (p < stop && i < to) {
            int code = codes.get(ValueLayout.JAVA_BYTE, i++) & 0xFF;
            if (code < n) {
                LONG_LE.set(out, p, symbolTable[code]);
                p += (int) lengthTable[code];
            } else if (code == ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes of a value end with an escape and no byte after it (codes byte "
                            + (i - 1) + ")");
                }
                out[p++] = codes.get(ValueLayout.JAVA_BYTE, i++);
            } else {
                throw noSymbol(parts, code, i - 1);
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
        int n = count;
        int p = 0;
        int i = from;
        while (p < want && i < to) {
            int code = in[i++] & 0xFF;
            if (code < n) {
                LONG_LE.set(out, p, symbolTable[code]);
                p += (int) lengthTable[code];
            } else if (code == ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes of a value end with an escape and no byte after it (codes byte "
                            + (codesStart + i - 1) + ")");
                }
                out[p++] = in[i++];
            } else {
                throw noSymbol(parts, code, codesStart + i - 1);
            }
        }
        return p;
    }
}
