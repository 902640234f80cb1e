package dev.quire.encodings.internal.compress;

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
import dev.quire.layout.spi.ArrayEncodings;
import dev.quire.layout.spi.EncodedArray;
import java.util.Optional;

/**
 * Measures arrays as the writer would serialize them: each node goes through its {@link ArrayEncoding}, and the
 * size is the sum of the buffers of the whole tree (padding and flatbuffer bytes left out), so any encoding, including
 * ones this package never heard of, is measured the same way.
 */
public final class EncodedSize implements ArrayEncoder {
    private static final EncodedSize INSTANCE = new EncodedSize();

    private EncodedSize() {}

    /** The buffer bytes of {@code array} serialized. */
    public static long of(Array array) {
        return serialize(array).byteSize();
    }

    /** {@code array} serialized as the writer would (every node through its encoding), for measuring and tests. */
    public static EncodedArray serialize(Array array) {
        return INSTANCE.encode(array);
    }

    @Override
    public EncodedArray encode(Array child) {
        ArrayEncoding encoding = ArrayEncodings.get(child.encodingId());
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
            case Validity.AllInvalid a ->
                    Optional.of(encode(new ConstantArray(new Scalar(new DType.Bool(false), false), length)));
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
