package dev.quire.layout.expr;

/**
 * A predicate on a utf8 or binary column seen one value at a time, by its length and its leading bytes: what an
 * encoding that stores strings compressed (FSST, say) needs to answer it while producing as few bytes as it can. For
 * {@code s like 'abc%'} a value is decided by its length and its first three bytes, for {@code s = 'abc'} by its
 * length alone unless that is three; {@code %} patterns need every byte.
 *
 * <p>Offered by {@link ValuePredicate#bytesPredicate()}. It must agree exactly with {@link ValuePredicate#matches} on
 * valid values; null values are the caller's business, as for any {@link dev.quire.layout.spi.FilterKernel}.
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
}
