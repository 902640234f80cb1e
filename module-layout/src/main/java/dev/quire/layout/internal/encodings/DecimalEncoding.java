package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.proto.DecimalMetadata;
import dev.quire.layout.internal.proto.DecimalValueType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** {@code vortex.decimal}: unscaled values of a fixed width (named in the metadata), an optional validity child. */
public final class DecimalEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return DecimalArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Decimal dtype = Metadata.requireDType(parts, DType.Decimal.class);
        DecimalMetadata meta = Metadata.parse(parts, DecimalMetadata.parser(), "decimal");
        int width = switch (meta.getValuesTypeValue()) {
            case DecimalValueType.DECIMAL_I8_VALUE -> 1;
            case DecimalValueType.DECIMAL_I16_VALUE -> 2;
            case DecimalValueType.DECIMAL_I32_VALUE -> 4;
            case DecimalValueType.DECIMAL_I64_VALUE -> 8;
            case DecimalValueType.DECIMAL_I128_VALUE -> 16;
            case DecimalValueType.DECIMAL_I256_VALUE -> 32;
            default -> throw parts.malformed("unknown decimal value type " + meta.getValuesTypeValue());
        };
        int narrowest = DecimalArray.widthForPrecision(dtype.precision());
        if (width < narrowest) {
            throw parts.malformed(dtype + " needs values of at least " + narrowest + " bytes, the metadata says "
                    + width + " (" + meta.getValuesType() + ")");
        }
        Metadata.requireBuffers(parts, 1);
        Metadata.requireChildrenAtMost(parts, 1);
        MemorySegment values = parts.buffer(0);
        Metadata.requireBufferLength(parts, values, "values", "values of " + width + " bytes", width);
        return new DecimalArray(dtype, values, width, parts.validity(0));
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        DecimalArray a = (DecimalArray) array;
        DecimalValueType type = switch (a.valueWidth()) {
            case 1 -> DecimalValueType.DECIMAL_I8;
            case 2 -> DecimalValueType.DECIMAL_I16;
            case 4 -> DecimalValueType.DECIMAL_I32;
            case 8 -> DecimalValueType.DECIMAL_I64;
            case 16 -> DecimalValueType.DECIMAL_I128;
            default -> DecimalValueType.DECIMAL_I256;
        };
        byte[] metadata = DecimalMetadata.newBuilder().setValuesType(type).build().toByteArray();
        int alignment = Integer.numberOfTrailingZeros(Math.min(a.valueWidth(), 16));
        List<EncodedArray> children = encoder.validityChild(a.validity(), a.length()).stream().toList();
        return new EncodedArray(id(), metadata, List.of(new EncodedBuffer(a.values(), alignment)), children);
    }
}
