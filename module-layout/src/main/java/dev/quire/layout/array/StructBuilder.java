package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@link StructArray}s. Fill a row by appending to each {@link #field(int)} builder, then call
 * {@link #endRow()} (or {@link #appendNull()}, which appends nulls to every field as well).
 */
public final class StructBuilder extends ArrayBuilder {
    private final DType.Struct dtype;
    private final List<ArrayBuilder> fields = new ArrayList<>();
    private final ValiditySink validity;
    private long length;

    StructBuilder(DType.Struct dtype) {
        this.dtype = dtype;
        for (var f : dtype.fields()) {
            fields.add(ArrayBuilder.forType(f.dtype()));
        }
        this.validity = new ValiditySink(dtype.nullable());
    }

    @Override
    public DType.Struct dtype() {
        return dtype;
    }

    public ArrayBuilder field(int i) {
        return fields.get(i);
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long byteSize() {
        long size = validity.byteSize();
        for (ArrayBuilder f : fields) {
            size += f.byteSize();
        }
        return size;
    }

    /** Ends a row whose fields were appended one by one. */
    public void endRow() {
        length++;
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).length() != length) {
                throw new InvalidArgumentException("field `" + dtype.field(i).name() + "` has "
                        + fields.get(i).length() + " values at the end of row " + (length - 1));
            }
        }
        validity.append(true);
    }

    @Override
    public void appendNull() {
        checkNullable();
        for (ArrayBuilder f : fields) {
            if (f.dtype().nullable()) {
                f.appendNull();
            } else {
                f.appendScalar(zero(f.dtype()));
            }
        }
        length++;
        validity.append(false);
    }

    private static Scalar zero(DType dtype) {
        return switch (dtype) {
            case DType.Bool b -> new Scalar(dtype, false);
            case DType.Primitive p -> switch (p.ptype()) {
                case F16, F32 -> new Scalar(dtype, 0f);
                case F64 -> new Scalar(dtype, 0d);
                default -> new Scalar(dtype, 0L);
            };
            case DType.Decimal d -> new Scalar(dtype, java.math.BigDecimal.ZERO.setScale(d.scale()));
            case DType.Utf8 u -> new Scalar(dtype, "");
            case DType.Binary b -> new Scalar(dtype, new byte[0]);
            case DType.Struct s -> {
                List<Scalar> values = new ArrayList<>();
                for (var f : s.fields()) {
                    values.add(f.dtype().nullable() ? Scalar.nullOf(f.dtype()) : zero(f.dtype()));
                }
                yield new Scalar(dtype, values);
            }
            case DType.Extension e -> new Scalar(dtype, zero(e.storage()).value());
            case DType.Null n -> Scalar.nullOf(dtype);
        };
    }

    @Override
    void appendCanonical(Array canonical, long from, long to) {
        StructArray src = (StructArray) canonical;
        for (int i = 0; i < fields.size(); i++) {
            fields.get(i).append(src.field(i), from, to);
        }
        validity.append(src.validity(), from, to);
        length += to - from;
    }

    @Override
    public void appendScalar(Scalar value) {
        if (value.isNull()) {
            appendNull();
            return;
        }
        List<?> values = (List<?>) value.value();
        for (int i = 0; i < fields.size(); i++) {
            fields.get(i).appendScalar((Scalar) values.get(i));
        }
        endRow();
    }

    @Override
    public StructArray finish() {
        List<Array> built = new ArrayList<>(fields.size());
        for (ArrayBuilder f : fields) {
            built.add(f.finish());
        }
        StructArray out = new StructArray(dtype, built, length, validity.take());
        length = 0;
        return out;
    }
}
