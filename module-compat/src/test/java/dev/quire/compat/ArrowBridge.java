package dev.quire.compat;

import dev.quire.compat.Values.Bin;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Converts between Quire and Arrow: dtypes to Arrow fields (the mapping vortex-jni 0.76.0 uses when it exports a
 * file to Arrow, pinned by {@link QuireWritesReferenceReadsTest} and {@link TemporalExtensionTest}) and back, and batches both ways through the
 * {@link Values} model. Fixed-width values are copied as raw bits, so nothing is lost on the way (NaN payloads,
 * unsigned values above the signed range).
 */
final class ArrowBridge {
    private ArrowBridge() {}

    // ---------------------------------------------------------------- dtypes

    static Schema schema(DType.Struct struct) {
        List<Field> fields = new ArrayList<>();
        for (var f : struct.fields()) {
            fields.add(field(f.name(), f.dtype()));
        }
        return new Schema(fields);
    }

    static Field field(String name, DType dtype) {
        List<Field> children = new ArrayList<>();
        if (dtype instanceof DType.Struct s) {
            for (var f : s.fields()) {
                children.add(field(f.name(), f.dtype()));
            }
        }
        return new Field(name, new FieldType(dtype.nullable(), arrowType(dtype), null), children);
    }

    static ArrowType arrowType(DType dtype) {
        return switch (dtype) {
            case DType.Null n -> ArrowType.Null.INSTANCE;
            case DType.Bool b -> ArrowType.Bool.INSTANCE;
            case DType.Primitive p -> switch (p.ptype()) {
                case U8 -> new ArrowType.Int(8, false);
                case U16 -> new ArrowType.Int(16, false);
                case U32 -> new ArrowType.Int(32, false);
                case U64 -> new ArrowType.Int(64, false);
                case I8 -> new ArrowType.Int(8, true);
                case I16 -> new ArrowType.Int(16, true);
                case I32 -> new ArrowType.Int(32, true);
                case I64 -> new ArrowType.Int(64, true);
                case F16 -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
                case F32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
                case F64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            };
            case DType.Decimal d -> new ArrowType.Decimal(d.precision(), d.scale(), d.precision() <= 38 ? 128 : 256);
            case DType.Utf8 u -> ArrowType.Utf8.INSTANCE;
            case DType.Binary b -> ArrowType.Binary.INSTANCE;
            case DType.Struct s -> ArrowType.Struct.INSTANCE;
            case DType.Extension e -> temporalType(e);
        };
    }

    private static ArrowType temporalType(DType.Extension e) {
        Temporal.Kind kind = Temporal.kind(e).orElseThrow(
                () -> new IllegalArgumentException("no Arrow type for extension " + e.id()));
        TimeUnit unit = kind.unit();
        return switch (kind.id()) {
            case Temporal.DATE_ID -> new ArrowType.Date(unit == TimeUnit.DAYS ? DateUnit.DAY : DateUnit.MILLISECOND);
            case Temporal.TIME_ID -> new ArrowType.Time(arrowUnit(unit),
                    unit == TimeUnit.SECONDS || unit == TimeUnit.MILLISECONDS ? 32 : 64);
            default -> new ArrowType.Timestamp(arrowUnit(unit), kind.zone().orElse(null));
        };
    }

    private static org.apache.arrow.vector.types.TimeUnit arrowUnit(TimeUnit unit) {
        return switch (unit) {
            case SECONDS -> org.apache.arrow.vector.types.TimeUnit.SECOND;
            case MILLISECONDS -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
            case MICROSECONDS -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
            case NANOSECONDS -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
            case DAYS -> throw new IllegalArgumentException("no Arrow time unit for days");
        };
    }

    private static TimeUnit quireUnit(org.apache.arrow.vector.types.TimeUnit unit) {
        return switch (unit) {
            case SECOND -> TimeUnit.SECONDS;
            case MILLISECOND -> TimeUnit.MILLISECONDS;
            case MICROSECOND -> TimeUnit.MICROSECONDS;
            case NANOSECOND -> TimeUnit.NANOSECONDS;
        };
    }

    static DType.Struct dtype(Schema schema) {
        List<dev.quire.layout.dtype.Field> fields = new ArrayList<>();
        for (Field f : schema.getFields()) {
            fields.add(new dev.quire.layout.dtype.Field(f.getName(), dtype(f)));
        }
        return new DType.Struct(fields, false);
    }

    static DType dtype(Field field) {
        boolean n = field.isNullable();
        return switch (field.getType()) {
            case ArrowType.Null x -> new DType.Null();
            case ArrowType.Bool x -> new DType.Bool(n);
            case ArrowType.Int i -> new DType.Primitive(switch (i.getBitWidth()) {
                case 8 -> i.getIsSigned() ? PType.I8 : PType.U8;
                case 16 -> i.getIsSigned() ? PType.I16 : PType.U16;
                case 32 -> i.getIsSigned() ? PType.I32 : PType.U32;
                default -> i.getIsSigned() ? PType.I64 : PType.U64;
            }, n);
            case ArrowType.FloatingPoint f -> new DType.Primitive(switch (f.getPrecision()) {
                case HALF -> PType.F16;
                case SINGLE -> PType.F32;
                case DOUBLE -> PType.F64;
            }, n);
            case ArrowType.Decimal d -> new DType.Decimal(d.getPrecision(), d.getScale(), n);
            case ArrowType.Utf8 x -> new DType.Utf8(n);
            case ArrowType.LargeUtf8 x -> new DType.Utf8(n);
            case ArrowType.Utf8View x -> new DType.Utf8(n);
            case ArrowType.Binary x -> new DType.Binary(n);
            case ArrowType.LargeBinary x -> new DType.Binary(n);
            case ArrowType.BinaryView x -> new DType.Binary(n);
            case ArrowType.Struct x -> {
                List<dev.quire.layout.dtype.Field> fields = new ArrayList<>();
                for (Field c : field.getChildren()) {
                    fields.add(new dev.quire.layout.dtype.Field(c.getName(), dtype(c)));
                }
                yield new DType.Struct(fields, n);
            }
            case ArrowType.Date d -> Temporal.date(d.getUnit() == DateUnit.DAY ? TimeUnit.DAYS : TimeUnit.MILLISECONDS,
                    n);
            case ArrowType.Time t -> Temporal.time(quireUnit(t.getUnit()), n);
            case ArrowType.Timestamp t -> Temporal.timestamp(quireUnit(t.getUnit()),
                    Optional.ofNullable(t.getTimezone()), n);
            default -> throw new IllegalArgumentException("no Quire dtype for Arrow " + field.getType());
        };
    }

    // ---------------------------------------------------------------- Arrow vectors -> values

    /** The value at {@code i} of an Arrow vector. */
    static Object value(FieldVector v, int i) {
        if (v instanceof NullVector || v.isNull(i)) {
            return null;
        }
        return switch (v) {
            case BitVector b -> b.get(i) != 0;
            case DecimalVector d -> d.getObject(i).unscaledValue();
            case Decimal256Vector d -> d.getObject(i).unscaledValue();
            case BaseFixedWidthVector f -> {
                ArrowBuf data = f.getDataBuffer();
                int w = f.getTypeWidth();
                long at = (long) i * w;
                yield switch (w) {
                    case 1 -> data.getByte(at) & 0xFFL;
                    case 2 -> data.getShort(at) & 0xFFFFL;
                    case 4 -> data.getInt(at) & 0xFFFF_FFFFL;
                    default -> data.getLong(at);
                };
            }
            case BaseVariableWidthVector b -> new Bin(b.get(i));
            case BaseLargeVariableWidthVector b -> new Bin(b.get(i));
            case BaseVariableWidthViewVector b -> new Bin(b.get(i));
            case StructVector s -> {
                List<Object> fields = new ArrayList<>();
                for (FieldVector c : s.getChildrenFromFields()) {
                    fields.add(value(c, i));
                }
                yield fields;
            }
            default -> throw new IllegalArgumentException("unsupported Arrow vector " + v.getClass().getName());
        };
    }

    /** Every row of an Arrow batch, as lists of field values. */
    static List<List<Object>> rows(VectorSchemaRoot root) {
        List<List<Object>> out = new ArrayList<>(root.getRowCount());
        for (int i = 0; i < root.getRowCount(); i++) {
            List<Object> row = new ArrayList<>(root.getFieldVectors().size());
            for (FieldVector v : root.getFieldVectors()) {
                row.add(value(v, i));
            }
            out.add(row);
        }
        return out;
    }

    // ---------------------------------------------------------------- values -> Arrow vectors

    /** A new Arrow batch holding a Quire batch, allocated from {@code allocator}; the caller closes it. */
    static VectorSchemaRoot toArrow(StructArray batch, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema(batch.dtype()), allocator);
        int n = Math.toIntExact(batch.length());
        for (int f = 0; f < batch.dtype().fieldCount(); f++) {
            Array column = batch.field(f);
            List<Object> values = new ArrayList<>(n);
            for (long i = 0; i < n; i++) {
                values.add(Values.of(column, i));
            }
            fill(root.getVector(f), values);
        }
        root.setRowCount(n);
        return root;
    }

    /** The Quire batch holding an Arrow batch. */
    static StructArray fromArrow(VectorSchemaRoot root) {
        return Values.batch(dtype(root.getSchema()), rows(root));
    }

    /** Sets {@code values} into a freshly created vector and sets its value count. */
    static void fill(FieldVector v, List<Object> values) {
        int n = values.size();
        switch (v) {
            case NullVector x -> x.setValueCount(n);
            case BitVector b -> {
                b.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    if (values.get(i) == null) {
                        b.setNull(i);
                    } else {
                        b.set(i, (Boolean) values.get(i) ? 1 : 0);
                    }
                }
                b.setValueCount(n);
            }
            case DecimalVector d -> {
                d.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    if (values.get(i) == null) {
                        d.setNull(i);
                    } else {
                        d.set(i, new BigDecimal((BigInteger) values.get(i), d.getScale()));
                    }
                }
                d.setValueCount(n);
            }
            case Decimal256Vector d -> {
                d.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    if (values.get(i) == null) {
                        d.setNull(i);
                    } else {
                        d.set(i, new BigDecimal((BigInteger) values.get(i), d.getScale()));
                    }
                }
                d.setValueCount(n);
            }
            case BaseFixedWidthVector f -> {
                f.allocateNew(n);
                ArrowBuf data = f.getDataBuffer();
                int w = f.getTypeWidth();
                for (int i = 0; i < n; i++) {
                    Object o = values.get(i);
                    long bits = o == null ? 0 : (Long) o;
                    long at = (long) i * w;
                    switch (w) {
                        case 1 -> data.setByte(at, (byte) bits);
                        case 2 -> data.setShort(at, (short) bits);
                        case 4 -> data.setInt(at, (int) bits);
                        default -> data.setLong(at, bits);
                    }
                    if (o != null) {
                        BitVectorHelper.setBit(f.getValidityBuffer(), i);
                    } else {
                        BitVectorHelper.unsetBit(f.getValidityBuffer(), i);
                    }
                }
                f.setValueCount(n);
            }
            case BaseVariableWidthVector b -> {
                b.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    if (values.get(i) == null) {
                        b.setNull(i);
                    } else {
                        b.setSafe(i, ((Bin) values.get(i)).bytes());
                    }
                }
                b.setValueCount(n);
            }
            case StructVector s -> {
                s.allocateNew();
                List<FieldVector> children = s.getChildrenFromFields();
                for (int c = 0; c < children.size(); c++) {
                    List<Object> column = new ArrayList<>(n);
                    for (Object o : values) {
                        column.add(o == null ? null : ((List<?>) o).get(c));
                    }
                    // A null struct's children get nulls where they are nullable; otherwise a placeholder value
                    // of the right kind (it is never compared).
                    if (!children.get(c).getField().isNullable()) {
                        for (int i = 0; i < n; i++) {
                            if (column.get(i) == null) {
                                column.set(i, placeholder(children.get(c)));
                            }
                        }
                    }
                    fill(children.get(c), column);
                }
                for (int i = 0; i < n; i++) {
                    if (values.get(i) == null) {
                        s.setNull(i);
                    } else {
                        s.setIndexDefined(i);
                    }
                }
                s.setValueCount(n);
            }
            default -> throw new IllegalArgumentException("unsupported Arrow vector " + v.getClass().getName());
        }
    }

    private static Object placeholder(FieldVector v) {
        return switch (v) {
            case BitVector b -> false;
            case DecimalVector d -> BigInteger.ZERO;
            case Decimal256Vector d -> BigInteger.ZERO;
            case BaseFixedWidthVector f -> 0L;
            case BaseVariableWidthVector b -> new Bin(new byte[0]);
            case StructVector s -> {
                List<Object> fields = new ArrayList<>();
                for (FieldVector c : s.getChildrenFromFields()) {
                    fields.add(c.getField().isNullable() ? null : placeholder(c));
                }
                yield fields;
            }
            default -> null;
        };
    }
}
