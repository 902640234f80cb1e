package dev.quire.dictionary.internal;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.DictionaryOptions;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.ArrayCompressor;
import dev.quire.layout.spi.ChunkEncoder;
import dev.quire.layout.spi.ColumnStrategy;
import dev.quire.layout.spi.Plugins;
import java.util.Optional;

/**
 * The dictionary write strategy, {@code quire.dictionary}: on whenever it is in the writer's context (this module is
 * on the module or class path) and {@link WriteOptions#dictionary()} is enabled, for columns of integers of 2 bytes or more, floats, utf8 and
 * binary (a 1-byte column can never shrink: its codes alone are as large). Each chunk is judged on its own; see
 * {@link DictionaryEncoder}. The cap is {@link DictionaryOptions#maxBytes()} of distinct values (canonical size)
 * and {@link DictionaryOptions#maxEntries()} values per dictionary.
 */
public final class DictionaryStrategy implements ColumnStrategy {
    public static final String ID = "quire.dictionary";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Optional<ChunkEncoder> encoder(DType dtype, WriteOptions options, Plugins plugins) {
        DictionaryOptions dict = options.dictionary();
        if (!dict.enabled() || !eligible(dtype)) {
            return Optional.empty();
        }
        // With compression on, a dictionary must beat the column as the compressor would write it, not as canonical.
        Optional<ArrayCompressor> compressor = options.compression() ? plugins.compressor() : Optional.empty();
        return Optional.of(new DictionaryEncoder(dtype, dict, compressor, plugins));
    }

    /** Whether columns of {@code dtype} are dictionary-encoded where it pays. */
    public static boolean eligible(DType dtype) {
        return switch (dtype) {
            case DType.Primitive p -> p.ptype().byteWidth() > 1;
            case DType.Utf8 u -> true;
            case DType.Binary b -> true;
            default -> false;
        };
    }
}
