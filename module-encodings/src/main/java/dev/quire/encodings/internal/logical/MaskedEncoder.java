package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes {@code vortex.masked}: a nullable array as an encoded array of its non-nullable form, whose values under
 * the nulls are free to be anything that compresses well (the run continued, the constant repeated), and the
 * validity beside it.
 */
public final class MaskedEncoder {
    private MaskedEncoder() {}

    /** The validity of a canonical array, or empty for the classes that carry none of their own. */
    public static Optional<Validity> validityOf(Array canonical) {
        return Optional.ofNullable(switch (canonical) {
            case PrimitiveArray p -> p.validity();
            case BoolArray b -> b.validity();
            case VarBinViewArray v -> v.validity();
            case DecimalArray d -> d.validity();
            default -> null;
        });
    }

    /**
     * {@code source} (canonical, nullable) as {@code values} (an encoded array of the non-nullable dtype, equal to
     * the source wherever the source is valid) and {@code validity}.
     */
    public static MaskedArray wrap(Array source, Array values, Validity validity) {
        return new MaskedArray(source, values, validity);
    }

    /** A {@code vortex.masked} array. */
    public static final class MaskedArray extends SourceBackedArray {
        private final Array values;
        private final Validity validity;

        MaskedArray(Array source, Array values, Validity validity) {
            super(source);
            this.values = values;
            this.validity = validity;
        }

        public Array values() {
            return values;
        }

        @Override
        public String encodingId() {
            return MaskedEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            List<EncodedArray> children = new ArrayList<>();
            children.add(encoder.encode(values));
            encoder.validityChild(validity, length()).ifPresent(children::add);
            return new EncodedArray(encodingId(), new byte[0], List.of(), children);
        }
    }
}
