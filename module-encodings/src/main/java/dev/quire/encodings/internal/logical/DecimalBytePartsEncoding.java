package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.CodeTableKernel;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.DecimalBytePartsMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;

/**
 * {@code vortex.decimal_byte_parts}: decimals whose unscaled values fit a signed integer, stored as one child of that
 * integer type (the most significant part, of the column's nullability, which carries the validity). Vortex 0.76 writes
 * no lower parts. Decodes to a decimal array of the child's width, sharing its values, or, over
 * a child that answers filters from its codes, to a lazy {@link DecimalPartsArray}.
 */
public final class DecimalBytePartsEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.decimal_byte_parts";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Decimal dtype = Checks.requireDType(parts, DType.Decimal.class);
        DecimalBytePartsMetadata meta = EncodingParts.parse(parts, DecimalBytePartsMetadata.parser(),
                "decimal byte parts");
        PType ptype = EncodingParts.ptype(parts, meta.getZerothChildPtype(), "most significant part type");
        if (!ptype.isSigned() || ptype.isFloat()) {
            throw parts.malformed("most significant part must be a signed integer, got " + ptype.displayName());
        }
        if (meta.getLowerPartCount() != 0) {
            throw parts.malformed(Integer.toUnsignedString(meta.getLowerPartCount())
                    + " lower parts; only the most significant part is supported (as in Vortex 0.76)");
        }
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 1, 1);
        Array msp = parts.child(0, new DType.Primitive(ptype, dtype.nullable()), parts.length());
        if (!(msp instanceof CodeTableKernel) && !(msp.toCanonical() instanceof PrimitiveArray)) {
            throw parts.malformed("most significant part did not decode to integers");
        }
        return over(dtype, msp);
    }

    /**
     * Decimals over the integers of {@code part}: kept lazy when the part answers filters from its codes (so do the
     * decimals), canonical otherwise. The part decodes to a primitive array.
     */
    static Array over(DType.Decimal dtype, Array part) {
        if (part instanceof CodeTableKernel kernel) {
            return new DecimalPartsArray(dtype, part, kernel);
        }
        return DecimalPartsArray.decimals(dtype, (PrimitiveArray) part.toCanonical());
    }
}
