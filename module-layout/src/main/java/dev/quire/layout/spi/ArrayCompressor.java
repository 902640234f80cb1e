package dev.quire.layout.spi;

import dev.quire.layout.array.Array;

/**
 * Compresses the arrays the writer puts in flat layouts, found through {@link java.util.ServiceLoader} into a
 * context's {@link Plugins}. When {@link dev.quire.layout.format.WriteOptions#compression() compression} is on, the
 * writer hands every array it is about to serialize into a flat layout (a column's chunks, a column strategy's arrays
 * through {@link ChunkSink#writeArray}, zone-map tables, struct validity) to its context's compressor with the highest
 * {@link #priority()}, and writes what it returns. Without any compressor, arrays are written as given.
 *
 * <p>The returned array must hold the same values as its input (same dtype, length, nulls), and every node of it must
 * have an {@link ArrayEncoding} in {@code plugins} that {@link ArrayEncoding#canEncode() can encode} it; a
 * compressor measures what it builds with {@link Plugins#encode}. Implementations are stateless and thread-safe. Declare {@code provides dev.quire.layout.spi.ArrayCompressor with ...} in
 * {@code module-info.java} and list the class in {@code META-INF/services/dev.quire.layout.spi.ArrayCompressor}.
 */
public interface ArrayCompressor {

    /** A dotted lower-case name, such as {@code quire.btrblocks}. */
    String id();

    /** Among a context's compressors, the highest priority is used (ties go to the smaller id). */
    default int priority() {
        return 0;
    }

    /**
     * {@code array} in the encoding this compressor finds smallest, or {@code array} itself when nothing pays. The
     * input is usually canonical but may already be encoded (a strategy's own arrays); it may be reused by the caller
     * after this returns, so the result must not depend on it changing.
     */
    Array compress(Array array, Plugins plugins);

    /**
     * The bytes {@code array} would take once compressed, estimated the cheap way (on a sample, as the choice of an
     * encoding is made): for a writer deciding between layouts, such as a dictionary strategy weighing codes and
     * values against the plain column. Never below zero.
     */
    long estimateSize(Array array, Plugins plugins);

    /**
     * {@link #estimateSize} that remembers how it got there: for a writer that weighs {@code array} and may then write
     * it, so the encoding is not chosen twice. {@link Estimate#compress()} returns what {@link #compress} would. The
     * default estimates now and compresses afresh when asked.
     */
    default Estimate estimate(Array array, Plugins plugins) {
        long bytes = estimateSize(array, plugins);
        return new Estimate() {
            @Override
            public long bytes() {
                return bytes;
            }

            @Override
            public Array compress() {
                return ArrayCompressor.this.compress(array, plugins);
            }
        };
    }

    /** An array's estimated compressed size, and the array compressed as the estimate chose. */
    interface Estimate {
        /** What {@link #estimateSize} returns for the array. */
        long bytes();

        /** The array compressed, as {@link ArrayCompressor#compress} would return it. */
        Array compress();
    }
}
