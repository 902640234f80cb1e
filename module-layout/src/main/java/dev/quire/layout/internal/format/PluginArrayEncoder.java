package dev.quire.layout.internal.format;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.Plugins;
import java.util.Objects;
import java.util.Optional;

/**
 * Encodes array trees node by node through the encodings of a plugin set: what the writer serializes, and what
 * {@link Plugins#encode} measures. Stateless apart from the plugins; thread-safe.
 */
public final class PluginArrayEncoder implements ArrayEncoder {
    private final Plugins plugins;

    public PluginArrayEncoder(Plugins plugins) {
        this.plugins = Objects.requireNonNull(plugins, "plugins is null");
    }

    @Override
    public EncodedArray encode(Array child) {
        ArrayEncoding encoding = plugins.arrayEncoding(child.encodingId());
        if (!encoding.canEncode()) {
            throw new InvalidArgumentException("arrays of encoding `" + child.encodingId() + "` cannot be written");
        }
        return encoding.encode(child, this);
    }

    @Override
    public Optional<EncodedArray> validityChild(Validity validity, long length) {
        return switch (validity) {
            case Validity.NonNullable n -> Optional.empty();
            case Validity.AllValid a -> Optional.empty();
            case Validity.AllInvalid a -> Optional.of(encode(new ConstantArray(new Scalar(new DType.Bool(false),
                    false), length)));
            case Validity.Mask m -> {
                BitBuffer bits = m.bits();
                long ones = bits.countOnes();
                if (ones == length) {
                    yield Optional.empty();
                }
                if (ones == 0) {
                    yield validityChild(Validity.ALL_INVALID, length);
                }
                yield Optional.of(encode(new BoolArray(bits, Validity.NON_NULLABLE)));
            }
        };
    }
}
