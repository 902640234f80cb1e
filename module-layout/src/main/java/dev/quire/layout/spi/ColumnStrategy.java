package dev.quire.layout.spi;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.WriteOptions;
import java.util.Optional;

/**
 * A way of writing the chunks of one column other than as plain flat layouts, found through
 * {@link java.util.ServiceLoader} into the writer's context: the writer asks every strategy of its context, for each leaf column,
 * whether it applies, and hands each chunk of a column to the encoder of the strategy that does (the one with the
 * highest {@link #priority()}). Without any strategy, or when none applies, chunks are written as flat layouts of
 * their canonical arrays. Zone maps are the writer's, computed on the canonical rows whatever the strategy writes.
 *
 * <p>Implementations are stateless factories; the state of one column lives in its {@link ChunkEncoder}. Declare
 * {@code provides dev.quire.layout.spi.ColumnStrategy with ...} in {@code module-info.java} and list the class in
 * {@code META-INF/services/dev.quire.layout.spi.ColumnStrategy}.
 */
public interface ColumnStrategy {

    /** A dotted lower-case name, such as {@code quire.dictionary}. */
    String id();

    /** Among strategies that apply to a column, the highest priority wins (ties go to the smaller id). */
    default int priority() {
        return 0;
    }

    /**
     * An encoder for one leaf column of {@code dtype} written with {@code options}, or empty when this strategy does
     * not apply to the column (its dtype, or options that switch it off). {@code plugins} are the writer's: the
     * compressor it uses ({@link Plugins#compressor()}, when {@link WriteOptions#compression()} is on) is the one a
     * strategy's output must beat.
     */
    Optional<ChunkEncoder> encoder(DType dtype, WriteOptions options, Plugins plugins);
}
