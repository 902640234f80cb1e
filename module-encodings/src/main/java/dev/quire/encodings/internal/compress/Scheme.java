package dev.quire.encodings.internal.compress;

import dev.quire.layout.array.Array;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One way of compressing arrays of a {@link ValueClass} (frame of reference with bit-packing, run-end, ALP, FSST,
 * ...), for the {@link Compressor}. The compressor estimates every applicable scheme on a sample of a chunk, picks the
 * smallest within its decode-cost budget, and compresses the whole chunk with it; the scheme may hand the arrays it
 * makes (run values, FoR residuals, patch values) back through {@link CompressionContext#compress} to be compressed a
 * level deeper.
 *
 * <p>Schemes are stateless and thread-safe, listed in {@link Compressor#SCHEMES} or passed to a {@link Compressor}
 * directly.
 * Every array a scheme returns must have an {@link dev.quire.layout.spi.ArrayEncoding} that can encode it.
 */
public interface Scheme {

    /** A dotted lower-case name, such as {@code int.bitpacked}; used for exclusions and in messages. */
    String id();

    /** The classes of values this scheme compresses. */
    Set<ValueClass> valueClasses();

    /**
     * The relative cost of decoding one value of this scheme's own node (children not counted): 0 for free (a
     * constant), 1 for a cheap loop (bit-unpacking, adding a reference), more for lookups and string decompression.
     * Costs add up along a cascade, which the compressor keeps within its budget.
     */
    int decodeCost();

    /**
     * A cheap test on the full canonical array (its length, null count, dtype) of whether this scheme can apply at
     * all; schemes that answer false are not estimated.
     */
    default boolean applies(Array canonical, CompressionContext ctx) {
        return true;
    }

    /**
     * The number of bytes {@code sample} (canonical) would take compressed with this scheme (children compressed as
     * {@code ctx} does), or empty when the scheme does not apply to it. The default compresses the sample and measures
     * the result.
     */
    default OptionalLong estimate(Array sample, CompressionContext ctx) {
        Optional<Array> compressed = compress(sample, ctx);
        return compressed.isEmpty() ? OptionalLong.empty() : OptionalLong.of(ctx.byteSize(compressed.get()));
    }

    /**
     * {@code canonical} compressed with this scheme (same dtype, length and values), or empty when the scheme does not
     * apply to these values. Children go through {@link CompressionContext#compress} to be compressed further.
     */
    Optional<Array> compress(Array canonical, CompressionContext ctx);
}
