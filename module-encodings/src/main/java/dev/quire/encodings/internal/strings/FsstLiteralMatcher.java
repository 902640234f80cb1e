package dev.quire.encodings.internal.strings;

import dev.quire.layout.expr.BytesPredicate;
import dev.quire.layout.spi.ArrayParts;

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
 * <p>A prefix predicate is decided on the codes alone ({@link #matchPrefix}): codes that run out before the literal is
 * covered are a value shorter than it, so the lengths child is not read. Other literals ({@code =}, {@code <>}) take
 * the lengths ({@link #match}), and there codes that run out first are malformed.
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
     * Decides the {@code length} values from {@code start}: value {@code i}'s codes are bytes
     * {@code [shift + offsets[i], shift + offsets[i + 1])} of {@code in}, its length {@code ends[i + 1] - ends[i]}. A
     * value {@code p} decides by its length is decided so; the others (at least as long as the literal, by the
     * predicate's contract) match when they begin with the literal, or, {@code negated}, when they do not. Sets bit
     * {@code k} of {@code out} for each value {@code start + k} that matches (the caller cleared it).
     *
     * <p>The first code decides most values with one array read and one look-up; the rest go one code at a time
     * ({@link #closer}). The codes must be in a heap array: read through a segment, the per-value checks cost about
     * as much as the look-up, and the window's codes are copied once instead (one bulk copy, cheaper than a read per
     * value from memory not yet in cache). {@code codesAt0} is where {@code in[0]} is in the codes buffer, for
     * messages: a value at least as long as the literal whose codes end before producing that many bytes, end on an
     * escape, or name no symbol on the way is malformed.
     */
    void match(ArrayParts parts, byte[] in, int shift, long codesAt0, int[] offsets, int[] ends, int start,
            int length, BytesPredicate p, boolean negated, long[] out) {
        int from = shift + offsets[start];
        int end = ends[start];
        for (int k = 0; k < length; k++) {
            int to = shift + offsets[start + k + 1];
            int nextEnd = ends[start + k + 1];
            int byLength = p.byLength(nextEnd - end);
            boolean match;
            if (byLength == BytesPredicate.UNDECIDED) {
                match = begins(parts, in, codesAt0, from, to, false) != negated;
            } else {
                match = byLength == BytesPredicate.MATCH;
            }
            if (match) {
                out[k >>> 6] |= 1L << k;
            }
            from = to;
            end = nextEnd;
        }
    }

    /**
     * Decides the {@code length} values from {@code start} for a prefix predicate
     * ({@link BytesPredicate#literalIsPrefix()}) on their codes alone, without their lengths: as {@link #match}, but
     * a value whose codes run out before the literal is covered is shorter than it, so does not match (matches,
     * {@code negated}). Codes that end on an escape or name no symbol on the way are still malformed; that the codes
     * decode to the value's length is not checked, as the reference does not for a prefix filter either.
     */
    void matchPrefix(ArrayParts parts, byte[] in, int shift, long codesAt0, int[] offsets, int start, int length,
            boolean negated, long[] out) {
        int from = shift + offsets[start];
        for (int k = 0; k < length; k++) {
            int to = shift + offsets[start + k + 1];
            if (begins(parts, in, codesAt0, from, to, true) != negated) {
                out[k >>> 6] |= 1L << k;
            }
            from = to;
        }
    }

    /**
     * Whether the value whose codes are {@code in[from, to)} begins with the literal: its first code looked up in the
     * table, which decides most values, then one code at a time ({@link #closer}, with {@code shortIsValue}).
     */
    private boolean begins(ArrayParts parts, byte[] in, long codesAt0, int from, int to, boolean shortIsValue) {
        byte decided = from < to ? first[in[from] & 0xFF] : CLOSER;
        if (decided == FAIL || decided == MATCH) {
            return decided == MATCH;
        }
        return decided == CLOSER ? closer(parts, in, codesAt0, from, to, 0, from, shortIsValue)
                : closer(parts, in, codesAt0, from, to, decided, from + 1, shortIsValue);
    }

    /**
     * The value whose codes are {@code in[from, to)}, from {@code i} on, with {@code q} bytes of the literal matched,
     * one code at a time. Codes that run out first are a value shorter than the literal when {@code shortIsValue}
     * (it does not begin with the literal), else malformed (the caller knows the value is at least that long).
     */
    private boolean closer(ArrayParts parts, byte[] in, long codesAt0, int from, int to, int q, int i,
            boolean shortIsValue) {
        int m = literal.length;
        if (m == 0) {
            return true;
        }
        while (true) {
            if (i >= to) {
                if (shortIsValue) {
                    return false;
                }
                throw parts.malformed("the codes at bytes [" + (codesAt0 + from) + ", " + (codesAt0 + to)
                        + ") decode to " + q + " bytes, fewer than their value's length");
            }
            int code = in[i++] & 0xFF;
            if (code == FsstSymbols.ESCAPE) {
                if (i == to) {
                    throw parts.malformed("the codes of a value end with an escape and no byte after it (codes byte "
                            + (codesAt0 + i - 1) + ")");
                }
                if (in[i++] != literal[q]) {
                    return false;
                }
                q++;
                if (q == m) {
                    return true;
                }
            } else if (lengths[code] == 0) {
                throw parts.malformed("code " + code + " at codes byte " + (codesAt0 + i - 1)
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
