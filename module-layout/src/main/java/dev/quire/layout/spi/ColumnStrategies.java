package dev.quire.layout.spi;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.WriteOptions;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The {@link ColumnStrategy column strategies} on the module or class path. */
public final class ColumnStrategies {
    private ColumnStrategies() {}

    private static final class Holder {
        static final Registry<ColumnStrategy> REGISTRY =
                Registry.load("column strategy", ColumnStrategy.class, ColumnStrategy::id);
        /** By priority, highest first, then by id. */
        static final List<ColumnStrategy> ORDERED = REGISTRY.ids().stream().map(REGISTRY::get)
                .sorted(Comparator.comparingInt(ColumnStrategy::priority).reversed()).toList();
    }

    /** Every strategy found, highest priority first. */
    public static List<ColumnStrategy> all() {
        return Holder.ORDERED;
    }

    /** Every id found, sorted. */
    public static List<String> ids() {
        return Holder.REGISTRY.ids();
    }

    /** The encoder of the first strategy (by priority) that applies to a column of {@code dtype}, if any. */
    public static Optional<ChunkEncoder> encoderFor(DType dtype, WriteOptions options) {
        return encoderFor(all(), dtype, options);
    }

    /** The encoder of the first of {@code strategies} that applies to a column of {@code dtype}, if any. */
    public static Optional<ChunkEncoder> encoderFor(List<ColumnStrategy> strategies, DType dtype,
            WriteOptions options) {
        for (ColumnStrategy s : strategies) {
            Optional<ChunkEncoder> e = s.encoder(dtype, options);
            if (e.isPresent()) {
                return e;
            }
        }
        return Optional.empty();
    }
}
