package dev.quire.layout.expr;

import java.util.Arrays;
import java.util.Optional;

/**
 * A predicate on a utf8 or binary column seen one value at a time, by its length and its leading bytes: what an
 * encoding that stores strings compressed (FSST, say) needs to answer it while producing as few bytes as it can. For
 * {@code s like 'abc%'} a value is decided by its length and its first three bytes, for {@code s = 'abc'} by its
 * length alone unless that is three; {@code %} patterns need every byte.
 *
 * <p>Offered by {@link ValuePredicate#bytesPredicate()}. It must agree exactly with {@link ValuePredicate#matches} on
 * valid values; null values are the caller's business, as for any {@link dev.quire.layout.expr.FilterKernel}.
 * Instances are immutable and thread-safe.
 */
public interface BytesPredicate {
    /** {@link #byLength}: the value matches, whatever its bytes. */
    int MATCH = 1;
    /** {@link #byLength}: the value does not match, whatever its bytes. */
    int NO_MATCH = 0;
    /** {@link #byLength}: the bytes decide. */
    int UNDECIDED = -1;

    /**
     * How many leading bytes of a value decide it, together with its length: a value of length {@code n} is decided
     * by its first {@code min(n, leadingBytes())} bytes. {@link Integer#MAX_VALUE} when every byte may matter.
     */
    int leadingBytes();

    /** Whether a value of {@code length} bytes matches whatever its bytes: {@link #MATCH}, {@link #NO_MATCH} or
     * {@link #UNDECIDED}. */
    int byLength(int length);

    /**
     * Whether a value of {@code length} bytes matches, given its first {@code min(length, leadingBytes())} bytes at
     * {@code offset} of {@code bytes} (a decoder's buffer: plain array reads are what a per-value test can afford).
     * Only asked when {@link #byLength} is {@link #UNDECIDED}.
     */
    boolean test(byte[] bytes, int offset, int length);

    /**
     * The literal {@link #test} compares a value's leading bytes with, when that is all it does (a prefix
     * {@code like}, {@code =}, {@code <>}); empty (the default) for predicates whose test does more. When present, its
     * length is {@link #leadingBytes()}, and for every value {@link #byLength} leaves {@link #UNDECIDED} (so at least
     * that long), {@link #test} is true exactly when the value's first {@code leadingBytes()} bytes equal the
     * literal's bytes, or, for a {@linkplain LeadingLiteral#negated() negated} literal, when they differ. An encoding
     * can then decide a value from its compressed form piece by piece (an FSST code's symbol against the literal's
     * next bytes, say), stopping at the first piece that disagrees, without producing the value's bytes.
     */
    default Optional<LeadingLiteral> leadingLiteral() {
        return Optional.empty();
    }

    /**
     * Whether the {@link #leadingLiteral()} (present) is all there is to the predicate, length included: a prefix
     * test. Then {@link #byLength} leaves every value at least as long as the literal {@link #UNDECIDED} and decides
     * every shorter one as not matching (as matching, for a negated literal), so an encoding can decide a value
     * without knowing its length: a value whose bytes run out before the literal's is shorter. False (the default)
     * where the length decides more ({@code =} and {@code <>} need it to be exactly the literal's).
     */
    default boolean literalIsPrefix() {
        return false;
    }

    /**
     * A literal a value's first bytes are compared with, and whether a value matches when they are equal (not
     * negated) or when they differ (negated). Immutable: it keeps and hands out copies of the bytes.
     *
     * @param bytes the literal's bytes, possibly none
     * @param negated whether a value matches when its first bytes differ from the literal
     */
    record LeadingLiteral(byte[] bytes, boolean negated) {
        /** Keeps a copy of {@code bytes}. */
        public LeadingLiteral {
            bytes = bytes.clone();
        }

        /** A copy of the literal's bytes. */
        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        /** The literal's length in bytes. */
        public int length() {
            return bytes.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof LeadingLiteral l && l.negated == negated && Arrays.equals(l.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes) * 31 + Boolean.hashCode(negated);
        }

        @Override
        public String toString() {
            return (negated ? "not " : "") + "leading " + Arrays.toString(bytes);
        }
    }
}
