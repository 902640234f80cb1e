package dev.quire.dictionary.internal;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.dictionary.internal.proto.DictArrayMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;

/**
 * {@code vortex.dict} as an array encoding: protobuf metadata {@code DictMetadata {uint32 values_len = 1; PType
 * codes_ptype = 2; optional bool is_nullable_codes = 3; optional bool all_values_referenced = 4}}, no buffers, and
 * two children, <b>codes first, then values</b> (the opposite of the layout). Absent {@code is_nullable_codes} means
 * the codes are as nullable as the array.
 */
public final class DictEncoding implements ArrayEncoding {

    @Override
    public String id() {
        return DictArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DictArrayMetadata m;
        try {
            m = DictArrayMetadata.parseFrom(parts.metadata());
        } catch (InvalidProtocolBufferException e) {
            throw parts.malformed("invalid dictionary metadata: " + e.getMessage());
        }
        if (parts.bufferCount() != 0) {
            throw parts.malformed("a dictionary array has no buffers, this one has " + parts.bufferCount());
        }
        if (parts.childCount() != 2) {
            throw parts.malformed("a dictionary array has 2 children (codes, values), this one has "
                    + parts.childCount());
        }
        DType dtype = parts.dtype();
        DType.Primitive codesType = codesDType(m.getCodesPtype(), m.hasIsNullableCodes(), m.getIsNullableCodes(),
                dtype, parts::malformed);
        long valuesLen = Integer.toUnsignedLong(m.getValuesLen());
        Array codes = parts.child(0, codesType, parts.length());
        Array values = parts.child(1, dtype, valuesLen);
        try {
            // The codes are checked against the values as they are first read, failing through parts.malformed.
            DictArray.checkDTypes(dtype, codesType, values.dtype());
            return new DictArray(dtype, DictArray.readCodes(codes), new DictValues(values), false, parts::malformed);
        } catch (MalformedFileException | InvalidArgumentException e) {
            throw parts.malformed(e.getMessage());
        }
    }

    /** The dtype of a dictionary's codes, from its metadata; fails through {@code malformed}. */
    static DType.Primitive codesDType(int ptypeCode, boolean hasNullable, boolean nullable, DType dtype,
            java.util.function.Function<String, MalformedFileException> malformed) {
        PType ptype;
        try {
            ptype = PType.fromCode(ptypeCode);
        } catch (MalformedFileException e) {
            throw malformed.apply("dictionary codes have " + e.getMessage());
        }
        if (!ptype.isInteger()) {
            throw malformed.apply("dictionary codes are integers, not " + ptype.displayName());
        }
        boolean codesNullable = hasNullable ? nullable : dtype.nullable();
        if (codesNullable && !dtype.nullable()) {
            throw malformed.apply("nullable dictionary codes in a column of non-nullable " + dtype);
        }
        return new DType.Primitive(ptype, codesNullable);
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        DictArray dict = (DictArray) array;
        PrimitiveArray codes = dict.codes();
        if (dict.values().length() > 0xFFFF_FFFFL) {
            throw new InvalidArgumentException("a dictionary of " + dict.values().length()
                    + " values does not fit the format's u32 length");
        }
        byte[] metadata = DictArrayMetadata.newBuilder()
                .setValuesLen((int) dict.values().length())
                .setCodesPtype(codes.ptype().code())
                .setIsNullableCodes(codes.dtype().nullable())
                .setAllValuesReferenced(false)
                .build().toByteArray();
        return new EncodedArray(id(), metadata, List.of(),
                List.of(encoder.encode(codes), encoder.encode(dict.values())));
    }
}
