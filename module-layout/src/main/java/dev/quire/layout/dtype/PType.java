package dev.quire.layout.dtype;

import dev.quire.errors.MalformedFileException;

/** Primitive value types, numbered as in the Vortex flatbuffer and protobuf schemas. */
public enum PType {
    U8(1, false, false),
    U16(2, false, false),
    U32(4, false, false),
    U64(8, false, false),
    I8(1, true, false),
    I16(2, true, false),
    I32(4, true, false),
    I64(8, true, false),
    F16(2, true, true),
    F32(4, true, true),
    F64(8, true, true);

    private static final PType[] BY_CODE = values();

    private final int byteWidth;
    private final boolean signed;
    private final boolean floating;

    PType(int byteWidth, boolean signed, boolean floating) {
        this.byteWidth = byteWidth;
        this.signed = signed;
        this.floating = floating;
    }

    /** The wire number of this type. */
    public int code() {
        return ordinal();
    }

    public static PType fromCode(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new MalformedFileException("unknown primitive type code " + code);
        }
        return BY_CODE[code];
    }

    public int byteWidth() {
        return byteWidth;
    }

    /** log2 of the byte width: the buffer alignment exponent Vortex uses for values of this type. */
    public int alignmentExponent() {
        return Integer.numberOfTrailingZeros(byteWidth);
    }

    public boolean isSigned() {
        return signed;
    }

    public boolean isFloat() {
        return floating;
    }

    public boolean isInteger() {
        return !floating;
    }

    public boolean isUnsigned() {
        return !signed;
    }

    /** The lower-case name Vortex prints ({@code u8}, {@code f64}). */
    public String displayName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
