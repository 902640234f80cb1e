package dev.quire.layout.spi;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The {@link ArrayCompressor array compressors} on the module or class path. */
public final class ArrayCompressors {
    private ArrayCompressors() {}

    private static final class Holder {
        static final Registry<ArrayCompressor> REGISTRY =
                Registry.load("array compressor", ArrayCompressor.class, ArrayCompressor::id);
        /** By priority, highest first, then by id. */
        static final List<ArrayCompressor> ORDERED = REGISTRY.ids().stream().map(REGISTRY::get)
                .sorted(Comparator.comparingInt(ArrayCompressor::priority).reversed()).toList();
    }

    /** Every compressor found, highest priority first. */
    public static List<ArrayCompressor> all() {
        return Holder.ORDERED;
    }

    /** Every id found, sorted. */
    public static List<String> ids() {
        return Holder.REGISTRY.ids();
    }

    /** The compressor the writer uses: the one with the highest priority, if any is on the path. */
    public static Optional<ArrayCompressor> preferred() {
        List<ArrayCompressor> all = all();
        return all.isEmpty() ? Optional.empty() : Optional.of(all.getFirst());
    }
}
