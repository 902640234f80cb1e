package dev.quire.encodings.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncodings;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Serializes an encoded array through its encoding's {@code encode} (as the writer does, children included) into a
 * {@link Node}, and decodes that node back through {@link InMemoryParts}: the write-then-read path of a file, without
 * the file.
 */
public final class EncodedRoundTrip implements ArrayEncoder {
    private static final EncodedRoundTrip INSTANCE = new EncodedRoundTrip();

    private EncodedRoundTrip() {}

    /** The node {@code array} serializes to. */
    public static Node serialize(Array array) {
        return node(INSTANCE.encode(array));
    }

    /** Serializes {@code array} and decodes it again. */
    public static Array roundTrip(Array array) {
        return InMemoryParts.decode(serialize(array), array.dtype(), array.length());
    }

    /** Serializes {@code encoded}, decodes it and asserts the values are those of {@code expected}, bit for bit. */
    public static void assertRoundTrip(Array expected, Array encoded, String context) {
        assertFalse(encoded.isCanonical(), context + ": the encoder made an encoded array");
        Array decoded = roundTrip(encoded);
        Expected.assertValues(values(expected), decoded, context);
    }

    /** The values of {@code array} as {@link Expected#assertValues} takes them (null for a null). */
    public static List<Object> values(Array array) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            Scalar s = array.scalarAt(i);
            out.add(s.isNull() ? null : s.value());
        }
        return out;
    }

    private static Node node(EncodedArray e) {
        List<MemorySegment> buffers = new ArrayList<>();
        for (EncodedBuffer b : e.buffers()) {
            buffers.add(b.bytes());
        }
        List<Node> children = new ArrayList<>();
        for (EncodedArray c : e.children()) {
            children.add(node(c));
        }
        return new Node(e.encodingId(), e.metadata(), buffers, children);
    }

    @Override
    public EncodedArray encode(Array child) {
        return ArrayEncodings.get(child.encodingId()).encode(child, this);
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
                yield Optional.of(encode(new BoolArray(bits, Validity.NON_NULLABLE)));
            }
        };
    }
}
