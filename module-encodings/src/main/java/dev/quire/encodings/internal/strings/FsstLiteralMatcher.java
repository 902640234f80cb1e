package dev.quire.encodings.internal.strings;

import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Whether FSST-compressed values begin with a literal, decided on their codes without decoding them: the FSST paper's
 * idea of matching a prefix on the compressed form. With {@code q} bytes of the literal matched so far, a code's
 * symbol either disagrees with the literal's next bytes where they overlap (the value fails), or covers the rest of
 * the literal (it matches), or is a proper prefix of the rest (go on at {@code q} plus its length with the next
 * code); an escape compares its one byte.
 *
 * <p>The first code decides most values, so its outcome is looked up in a table of all 256 codes built once per
 * symbol table and literal: fail, match, go on at {@code q = 1..7}, or look closer (the escape, and codes that name
 * no symbol, reported as malformed). Later codes compare the symbol word with the literal's bytes at {@code q} under
 * a mask of the overlap.
 *
 * <p>Immutable once built; one per array and predicate.
 */
final class FsstLiteralMatcher {
    /** First-code outcomes besides "go on at q" ({@code 1..7}). */
    private static final byte MATCH = 0;
    private static final byte FAIL = -1;
    /** The escape, and codes that name no symbol: the slow path looks at them. */
    private static final byte CLOSER = -2;

    private final FsstSymbols symbols;
    private final byte[] literal;
    /**
     * The literal's bytes from each position {@code q} as a little-endian word, zeros past its end: compared with a
     * symbol word under a mask of the bytes both have.
     */
    private final long[] words;
    /** Each code's outcome as a value's first code. */
    private final byte[] first = new byte[256];
    /** Each code's symbol length, 0 where it names no symbol (the escape included). */
    private final int[] lengths = new int[256];
    /** Each code's symbol word (0 where it names none). */
    private final long[] symbolWords = new long[256];

    private FsstLiteralMatcher(FsstSymbols symbols, byte[] literal) {
        this.symbols = symbols;
        this.literal = literal;
        int m = literal.length;
        this.words = new long[m];
        for (int q = 0; q < m; q++) {
            long w = 0;
            for (int k = Math.min(m - q, 8) - 1; k >= 0; k--) {
                w = w << 8 | (literal[q + k] & 0xFF);
            }
            words[q] = w;
        }
        for (int c = 0; c < symbols.count(); c++) {
            lengths[c] = symbols.length(c);
            symbolWords[c] = symbols.symbol(c);
        }
        for (int c = 0; c < 256; c++) {
            // at q = 0 a symbol goes on at its length, at most 7, so every outcome fits a byte
            first[c] = m == 0 ? MATCH : lengths[c] == 0 ? CLOSER : (byte) step(c, 0);
        }
    }

    /** A matcher for values that begin with {@code literal}, over codes of {@code symbols}. */
    static FsstLiteralMatcher of(FsstSymbols symbols, byte[] literal) {
        return new FsstLiteralMatcher(symbols, literal.clone());
    }

    /**
     * Symbol {@code code} (which names one) read at position {@code q} of the literal (before its end):
     * {@link #FAIL} when they disagree where they overlap, {@link #MATCH} when it covers the rest of the literal, else
     * the position to go on at.
     */
    private int step(int code, int q) {
        int len = lengths[code];
        int rest = literal.length - q;
        int both = Math.min(len, rest);
        long mask = -1L >>> (64 - 8 * both);
        if (((symbolWords[code] ^ words[q]) & mask) != 0) {
            return FAIL;
        }
        return len >= rest ? MATCH : q + len;
    }

    /**
     * Whether the value whose codes are bytes {@code [from, to)} of {@code codes} begins with the literal. The value
     * must be at least as long as the literal by its recorded length (shorter ones are the caller's to decide): codes
     * that end before producing that many bytes, end on an escape, or name no symbol on the way are malformed. Codes
     * past the point where the value is decided are not looked at. The codes are read in place: most values need only
     * their first code byte, and copying the window's codes to the heap first measured no faster.
     */
    boolean startsWith(ArrayParts parts, MemorySegment codes, long from, long to) {
        if (from >= to) {
            return closer(parts, codes, from, to, 0, from);
        }
        byte decided = first[codes.get(ValueLayout.JAVA_BYTE, from) & 0xFF];
        if (decided == FAIL) {
            return false;
        }
        if (decided == MATCH) {
            return true;
        }
        return decided == CLOSER ? closer(parts, codes, from, to, 0, from)
                : closer(parts, codes, from, to, decided, from + 1);
    }

    /** The value's codes from {@code i}, with {@code q} bytes of the literal matched, one code at a time. */
    private boolean closer(ArrayParts parts, MemorySegment codes, long from, long to, int q, long i) {
        int m = literal.length;
        if (m == 0) {
            return true;
        }
        while (true) {
            if (i >= to) {
                throw parts.malformed("the codes at bytes [" + from + ", " + to + ") decode to " + q
                        + " bytes, fewer than their value's length");
            }
            int code = codes.get(ValueLayout.JAVA_BYTE, i++) & 0xFF;
            if (code == FsstSymbols.ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes of a value end with an escape and no byte after it (codes byte "
                            + (i - 1) + ")");
                }
                if (codes.get(ValueLayout.JAVA_BYTE, i++) != literal[q]) {
                    return false;
                }
                q++;
                if (q == m) {
                    return true;
                }
            } else if (lengths[code] == 0) {
                throw parts.malformed("code " + code + " at codes byte " + (i - 1)
                        + " names no symbol (the table has " + symbols.count() + ")");
            } else {
                int next = step(code, q);
                if (next <= MATCH) {
                    return next == MATCH;
                }
                q = next;
            }
        }
    }
}
