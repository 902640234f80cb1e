package dev.quire.layout.spi;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.internal.proto.ListValue;
import dev.quire.layout.internal.proto.NullValue;
import dev.quire.layout.internal.proto.ScalarValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Scalars in their file form: the protobuf {@code ScalarValue} that constant arrays, statistics and encoding metadata
 * use. The dtype is not stored; it is supplied by whoever knows it.
 */
public final class ScalarValues {
    private ScalarValues() {}

    /**
     * Decodes {@code bytes} as a value of {@code dtype}.
     *
     * @throws MalformedFileException when the bytes are not a ScalarValue or do not fit the dtype
     */
    public static Scalar decode(ByteBuffer bytes, DType dtype) {
        ScalarValue value;
        try {
            value = ScalarValue.parseFrom(bytes.duplicate());
        } catch (InvalidProtocolBufferException e) {
            throw new MalformedFileException("invalid scalar value for " + dtype + ": " + e.getMessage());
        }
        return fromProto(value, dtype);
    }

    public static byte[] encode(Scalar scalar) {
        return toProto(scalar.dtype(), scalar.value()).toByteArray();
    }

    static Scalar fromProto(ScalarValue v, DType dtype) {
        if (v.getKindCase() == ScalarValue.KindCase.NULL_VALUE || v.getKindCase() == ScalarValue.KindCase.KIND_NOT_SET) {
            if (!dtype.nullable()) {
                throw new MalformedFileException("null scalar for non-nullable " + dtype);
            }
            return Scalar.nullOf(dtype);
        }
        return new Scalar(dtype, valueOf(v, dtype));
    }

    private static Object valueOf(ScalarValue v, DType dtype) {
        return switch (dtype) {
            case DType.Null n -> throw mismatch(v, dtype);
            case DType.Bool b -> {
                if (v.getKindCase() != ScalarValue.KindCase.BOOL_VALUE) {
                    throw mismatch(v, dtype);
                }
                yield v.getBoolValue();
            }
            case DType.Primitive p -> primitive(v, p);
            case DType.Decimal d -> {
                if (v.getKindCase() != ScalarValue.KindCase.BYTES_VALUE) {
                    throw mismatch(v, dtype);
                }
                byte[] le = v.getBytesValue().toByteArray();
                if (le.length == 0 || le.length > 32) {
                    throw new MalformedFileException("decimal scalar of " + le.length + " bytes");
                }
                byte[] be = new byte[le.length];
                for (int i = 0; i < le.length; i++) {
                    be[i] = le[le.length - 1 - i];
                }
                yield new BigDecimal(new BigInteger(be), d.scale());
            }
            case DType.Utf8 u -> {
                if (v.getKindCase() != ScalarValue.KindCase.STRING_VALUE) {
                    throw mismatch(v, dtype);
                }
                yield v.getStringValue();
            }
            case DType.Binary b -> {
                if (v.getKindCase() != ScalarValue.KindCase.BYTES_VALUE) {
                    throw mismatch(v, dtype);
                }
                yield v.getBytesValue().toByteArray();
            }
            case DType.Struct s -> {
                if (v.getKindCase() != ScalarValue.KindCase.LIST_VALUE
                        || v.getListValue().getValuesCount() != s.fieldCount()) {
                    throw mismatch(v, dtype);
                }
                List<Scalar> fields = new ArrayList<>();
                for (int i = 0; i < s.fieldCount(); i++) {
                    fields.add(fromProto(v.getListValue().getValues(i), s.field(i).dtype()));
                }
                yield fields;
            }
            case DType.Extension e -> valueOf(v, e.storage());
        };
    }

    private static Object primitive(ScalarValue v, DType.Primitive p) {
        PType t = p.ptype();
        switch (v.getKindCase()) {
            case INT64_VALUE, UINT64_VALUE -> {
                if (t.isFloat()) {
                    // Vortex may store integral float values as integers; accept them exactly.
                    long raw = v.getKindCase() == ScalarValue.KindCase.INT64_VALUE ? v.getInt64Value()
                            : v.getUint64Value();
                    return switch (t) {
                        case F64 -> (double) raw;
                        default -> (float) raw;
                    };
                }
                long raw = v.getKindCase() == ScalarValue.KindCase.INT64_VALUE ? v.getInt64Value()
                        : v.getUint64Value();
                checkRange(raw, t, v.getKindCase() == ScalarValue.KindCase.UINT64_VALUE);
                return raw;
            }
            case F32_VALUE -> {
                float f = v.getF32Value();
                return switch (t) {
                    case F32, F16 -> f;
                    case F64 -> (double) f;
                    default -> throw mismatch(v, p);
                };
            }
            case F64_VALUE -> {
                double d = v.getF64Value();
                return switch (t) {
                    case F64 -> d;
                    case F32, F16 -> (float) d;
                    default -> throw mismatch(v, p);
                };
            }
            case F16_VALUE -> {
                if (t != PType.F16) {
                    throw mismatch(v, p);
                }
                return Float.float16ToFloat((short) v.getF16Value());
            }
            default -> throw mismatch(v, p);
        }
    }

    private static void checkRange(long raw, PType t, boolean unsigned) {
        boolean ok = switch (t) {
            case U8 -> raw >= 0 && raw <= 0xFF;
            case U16 -> raw >= 0 && raw <= 0xFFFF;
            case U32 -> raw >= 0 && raw <= 0xFFFF_FFFFL;
            case U64 -> unsigned || raw >= 0;
            case I8 -> raw >= Byte.MIN_VALUE && raw <= Byte.MAX_VALUE;
            case I16 -> raw >= Short.MIN_VALUE && raw <= Short.MAX_VALUE;
            case I32 -> raw >= Integer.MIN_VALUE && raw <= Integer.MAX_VALUE;
            case I64 -> !unsigned || raw >= 0;
            default -> false;
        };
        if (!ok) {
            throw new MalformedFileException("scalar " + (unsigned ? Long.toUnsignedString(raw) : raw)
                    + " does not fit " + t);
        }
    }

    private static MalformedFileException mismatch(ScalarValue v, DType dtype) {
        return new MalformedFileException("scalar of kind " + v.getKindCase() + " does not fit " + dtype);
    }

    static ScalarValue toProto(DType dtype, Object value) {
        if (value == null) {
            return ScalarValue.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
        }
        return switch (dtype) {
            case DType.Null n -> ScalarValue.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
            case DType.Bool b -> ScalarValue.newBuilder().setBoolValue((Boolean) value).build();
            case DType.Primitive p -> switch (p.ptype()) {
                case U8, U16, U32, U64 -> ScalarValue.newBuilder().setUint64Value((Long) value).build();
                case I8, I16, I32, I64 -> ScalarValue.newBuilder().setInt64Value((Long) value).build();
                case F16 -> ScalarValue.newBuilder()
                        .setF16Value(Short.toUnsignedLong(Float.floatToFloat16((Float) value))).build();
                case F32 -> ScalarValue.newBuilder().setF32Value((Float) value).build();
                case F64 -> ScalarValue.newBuilder().setF64Value((Double) value).build();
            };
            case DType.Decimal d -> {
                BigInteger unscaled = ((BigDecimal) value).setScale(d.scale()).unscaledValue();
                int width = dev.quire.layout.array.DecimalArray.widthForPrecision(d.precision());
                byte[] be = unscaled.toByteArray();
                if (be.length > width) {
                    throw new InvalidArgumentException(value + " does not fit " + d);
                }
                byte[] le = new byte[width];
                byte sign = (byte) (unscaled.signum() < 0 ? -1 : 0);
                for (int i = 0; i < width; i++) {
                    int src = be.length - 1 - i;
                    le[i] = src >= 0 ? be[src] : sign;
                }
                yield ScalarValue.newBuilder().setBytesValue(ByteString.copyFrom(le)).build();
            }
            case DType.Utf8 u -> ScalarValue.newBuilder().setStringValue((String) value).build();
            case DType.Binary b -> ScalarValue.newBuilder().setBytesValue(ByteString.copyFrom((byte[]) value)).build();
            case DType.Struct s -> {
                ListValue.Builder list = ListValue.newBuilder();
                List<?> fields = (List<?>) value;
                for (int i = 0; i < s.fieldCount(); i++) {
                    Scalar f = (Scalar) fields.get(i);
                    list.addValues(toProto(f.dtype(), f.value()));
                }
                yield ScalarValue.newBuilder().setListValue(list).build();
            }
            case DType.Extension e -> toProto(e.storage(), value);
        };
    }
}
