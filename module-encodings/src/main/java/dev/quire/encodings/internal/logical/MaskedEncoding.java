package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayParts;

/**
 * {@code vortex.masked}: a nullable array stored as its values (child 0, the non-nullable dtype) and a validity
 * (child 1; absent means all valid). Decodes to the child's canonical array carrying that validity.
 */
public final class MaskedEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.masked";

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType dtype = parts.dtype();
        if (!dtype.nullable() || dtype instanceof DType.Null) {
            throw parts.malformed("a masked array needs a nullable, non-null dtype, got " + dtype);
        }
        Checks.requireEmptyMetadata(parts);
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 1, 2);
        Array values = parts.child(0, dtype.withNullable(false), parts.length()).toCanonical();
        Validity validity = parts.validity(1);
        return withValidity(parts, values, dtype, validity);
    }

    /**
     * {@code values} (canonical, of the non-nullable form of {@code dtype}, so all valid) as an array of
     * {@code dtype} with {@code validity}.
     */
    static Array withValidity(ArrayParts parts, Array values, DType dtype, Validity validity) {
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray((DType.Primitive) dtype, p.values(), validity);
            case BoolArray b -> new BoolArray(b.bits(), validity);
            case DecimalArray d -> new DecimalArray((DType.Decimal) dtype, d.values(), d.valueWidth(), validity);
            case VarBinViewArray v -> new VarBinViewArray(dtype, v.views(), v.buffers(), validity);
            case StructArray s -> new StructArray((DType.Struct) dtype, s.fields(), s.length(), validity);
            case ExtensionArray e -> {
                DType.Extension ext = (DType.Extension) dtype;
                yield new ExtensionArray(ext, withValidity(parts, e.storage().toCanonical(), ext.storage(), validity));
            }
            case NullArray n -> throw parts.malformed("a masked array cannot hold nulls only");
            default -> throw parts.malformed("values decoded to " + values.encodingId() + ", not a canonical array");
        };
    }
}
