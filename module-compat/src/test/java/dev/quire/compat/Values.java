package dev.quire.compat;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.DecimalBuilder;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The neutral value model both sides are compared in. A value is {@code null} for a null, a {@link Boolean}, a
 * {@link Long} holding the <em>bit pattern</em> of any fixed-width primitive (integers and floats alike, zero-extended
 * from their width, so a u8 of 200 and an Arrow byte of -56 compare equal, and floats compare by bits including NaN
 * payloads), a {@link BigInteger} for a decimal's unscaled value, a {@link Bin} for utf8 and binary, and a
 * {@link List} of field values for a struct. Extension values are their storage's value.
 */
final class Values {
    private Values() {}

    /** Bytes with value equality; prints as text when they are printable UTF-8. */
    record Bin(byte[] bytes) {
        static Bin of(String s) {
            return new Bin(s.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bin b && Arrays.equals(bytes, b.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            String hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 48));
            return "Bin[" + bytes.length + "B " + hex + (bytes.length > 48 ? "…" : "") + "]";
        }
    }

    /** The byte width of the fixed-width values of {@code dtype} (primitives and primitive-backed extensions). */
    static int width(DType dtype) {
        return switch (dtype) {
            case DType.Primitive p -> p.ptype().byteWidth();
            case DType.Extension e -> width(e.storage());
            default -> throw new IllegalArgumentException(dtype + " is not fixed-width");
        };
    }

    /** Masks a bit pattern to {@code width} bytes. */
    static long mask(long bits, int width) {
        return width == 8 ? bits : bits & ((1L << (8 * width)) - 1);
    }

    // ---------------------------------------------------------------- Quire arrays -> values

    /** The value at {@code i} of a Quire array (canonicalised first). */
    static Object of(Array array, long i) {
        return ofCanonical(array.toCanonical(), i);
    }

    private static Object ofCanonical(Array a, long i) {
        if (!a.isValid(i)) {
            return null;
        }
        return switch (a) {
            case NullArray n -> null;
            case BoolArray b -> b.getBoolean(i);
            case PrimitiveArray p -> switch (p.ptype().byteWidth()) {
                case 1 -> p.getByte(i) & 0xFFL;
                case 2 -> p.getShort(i) & 0xFFFFL;
                case 4 -> p.getInt(i) & 0xFFFF_FFFFL;
                default -> p.getLong(i);
            };
            case DecimalArray d -> d.getUnscaled(i);
            case VarBinViewArray v -> new Bin(v.getBytes(i));
            case StructArray s -> {
                List<Object> fields = new ArrayList<>(s.fields().size());
                for (Array f : s.fields()) {
                    fields.add(of(f, i));
                }
                yield fields;
            }
            case ExtensionArray e -> of(e.storage(), i);
            default -> throw new IllegalStateException("not a canonical array: " + a);
        };
    }

    /** Every row of a struct array, as lists of field values. */
    static List<List<Object>> rows(StructArray batch) {
        List<List<Object>> out = new ArrayList<>((int) batch.length());
        StructArray s = (StructArray) batch.toCanonical();
        List<Array> fields = s.fields().stream().map(Array::toCanonical).toList();
        for (long i = 0; i < s.length(); i++) {
            List<Object> row = new ArrayList<>(fields.size());
            for (Array f : fields) {
                row.add(ofCanonical(f, i));
            }
            out.add(row);
        }
        return out;
    }

    // ---------------------------------------------------------------- values -> Quire arrays

    /** A canonical Quire array of {@code dtype} holding {@code values}. */
    static Array toQuire(DType dtype, List<Object> values) {
        int n = values.size();
        return switch (dtype) {
            case DType.Null x -> new NullArray(n);
            case DType.Bool b -> {
                byte[] bits = new byte[(n + 7) / 8];
                for (int i = 0; i < n; i++) {
                    if (Boolean.TRUE.equals(values.get(i))) {
                        bits[i >>> 3] |= (byte) (1 << (i & 7));
                    }
                }
                yield new BoolArray(BitBuffer.ofBytes(bits, n), validity(b, values));
            }
            case DType.Primitive p -> {
                int w = p.ptype().byteWidth();
                MemorySegment seg = MemorySegment.ofArray(new byte[n * w]);
                for (int i = 0; i < n; i++) {
                    Object v = values.get(i);
                    long bits = v == null ? 0 : (Long) v;
                    switch (w) {
                        case 1 -> seg.set(ValueLayout.JAVA_BYTE, i, (byte) bits);
                        case 2 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) bits);
                        case 4 -> seg.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) bits);
                        default -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, bits);
                    }
                }
                yield new PrimitiveArray(p, seg, validity(p, values));
            }
            case DType.Decimal d -> {
                DecimalBuilder b = (DecimalBuilder) ArrayBuilder.forType(d);
                for (Object v : values) {
                    if (v == null && d.nullable()) {
                        b.appendNull();
                    } else {
                        // A non-nullable field of a null struct row still needs a value; it is never compared.
                        b.appendUnscaled(v == null ? BigInteger.ZERO : (BigInteger) v);
                    }
                }
                yield b.finish();
            }
            case DType.Utf8 u -> varBin(u, values);
            case DType.Binary x -> varBin(x, values);
            case DType.Struct s -> {
                List<Array> fields = new ArrayList<>();
                for (int f = 0; f < s.fieldCount(); f++) {
                    List<Object> column = new ArrayList<>(n);
                    for (Object v : values) {
                        column.add(v == null ? null : ((List<?>) v).get(f));
                    }
                    fields.add(toQuire(s.field(f).dtype(), column));
                }
                yield new StructArray(s, fields, n, validity(s, values));
            }
            case DType.Extension e -> new ExtensionArray(e, toQuire(e.storage(), values));
        };
    }

    private static Array varBin(DType dtype, List<Object> values) {
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(dtype);
        for (Object v : values) {
            if (v == null && dtype.nullable()) {
                b.appendNull();
            } else {
                b.appendBytes(v == null ? new byte[0] : ((Bin) v).bytes());
            }
        }
        return b.finish();
    }

    private static Validity validity(DType dtype, List<Object> values) {
        if (!dtype.nullable()) {
            return Validity.NON_NULLABLE;
        }
        int n = values.size();
        byte[] bits = new byte[(n + 7) / 8];
        boolean anyNull = false;
        for (int i = 0; i < n; i++) {
            if (values.get(i) != null) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            } else {
                anyNull = true;
            }
        }
        return anyNull ? new Validity.Mask(BitBuffer.ofBytes(bits, n)) : Validity.ALL_VALID;
    }

    /** A non-nullable Quire batch of {@code schema} from rows of field values. */
    static StructArray batch(DType.Struct schema, List<List<Object>> rows) {
        List<Object> asValues = new ArrayList<>(rows);
        return (StructArray) toQuire(schema, asValues);
    }

    /** Renders a value for a failure message, with dtype-aware decoding of bit patterns. */
    static String show(DType dtype, Object v) {
        if (v == null) {
            return "null";
        }
        if (dtype instanceof DType.Extension e) {
            return show(e.storage(), v);
        }
        if (dtype instanceof DType.Primitive p && v instanceof Long bits) {
            String hex = "0x" + Long.toHexString(bits);
            return switch (p.ptype()) {
                case F16 -> Float.float16ToFloat((short) (long) bits) + " (" + hex + ")";
                case F32 -> Float.intBitsToFloat((int) (long) bits) + " (" + hex + ")";
                case F64 -> Double.longBitsToDouble(bits) + " (" + hex + ")";
                case I8 -> (byte) (long) bits + " (" + hex + ")";
                case I16 -> (short) (long) bits + " (" + hex + ")";
                case I32 -> (int) (long) bits + " (" + hex + ")";
                case U64 -> Long.toUnsignedString(bits) + " (" + hex + ")";
                default -> bits + " (" + hex + ")";
            };
        }
        if (dtype instanceof DType.Utf8 && v instanceof Bin b) {
            String s = new String(b.bytes(), StandardCharsets.UTF_8);
            return "\"" + (s.length() > 60 ? s.substring(0, 60) + "…" : s) + "\" " + b;
        }
        return String.valueOf(v);
    }
}
