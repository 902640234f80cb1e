package dev.quire.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * How the values of one dtype are written: as JSON (jsonl rows, inspect statistics) or as text (CSV and table
 * cells). Built once per column from the dtype, then applied to the canonical arrays of every batch.
 *
 * <p>The rules: integers (unsigned ones too, {@code u64} above {@code Long.MAX_VALUE} included) are JSON numbers;
 * floats are numbers, except NaN and the infinities, which are the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}; strings are strings; binary is base64 (RFC 4648, padded); decimals are strings, so no digit is
 * lost to a double; dates, times and timestamps are ISO 8601 strings (a timestamp with a zone carries its offset, one
 * without a zone has none); structs are objects. Nulls are handled by the caller.
 */
public abstract sealed class ValueFormat {

    /** Whether a value's JSON form is a number: tables right-align these. */
    public abstract boolean numeric();

    /** Writes the (valid) value at {@code index} of a canonical array of this format's dtype. */
    public abstract void writeJson(JsonGenerator json, Array array, long index) throws IOException;

    /** The (valid) value at {@code index} as text. */
    public abstract String text(Array array, long index);

    /** Writes the value at {@code index}, or a JSON null. */
    public final void writeJsonOrNull(JsonGenerator json, Array array, long index) throws IOException {
        if (array.isValid(index)) {
            writeJson(json, array, index);
        } else {
            json.writeNull();
        }
    }

    /** Writes a scalar of this format's dtype (statistics); a null scalar is a JSON null. */
    public final void writeJson(JsonGenerator json, Scalar scalar) throws IOException {
        if (scalar.isNull()) {
            json.writeNull();
        } else {
            writeJson(json, single(scalar), 0);
        }
    }

    /** A scalar as text; {@code null} for a null scalar. */
    public final String text(Scalar scalar) {
        return scalar.isNull() ? null : text(single(scalar), 0);
    }

    /** A one-value canonical array holding {@code scalar}. */
    private static Array single(Scalar scalar) {
        ArrayBuilder builder = ArrayBuilder.forType(scalar.dtype());
        builder.appendScalar(scalar);
        return builder.finish();
    }

    public static ValueFormat of(DType dtype) {
        return switch (dtype) {
            case DType.Null n -> new Nulls();
            case DType.Bool b -> new Bools();
            case DType.Primitive p -> switch (p.ptype()) {
                case U64 -> new UnsignedLongs();
                case F16, F32 -> new Floats();
                case F64 -> new Doubles();
                default -> new Integers();
            };
            case DType.Decimal d -> new Decimals();
            case DType.Utf8 u -> new Strings();
            case DType.Binary b -> new Binaries();
            case DType.Struct s -> new Structs(s);
            case DType.Extension e -> extension(e);
        };
    }

    private static ValueFormat extension(DType.Extension e) {
        Optional<Temporal.Kind> kind = Temporal.kind(e);
        if (kind.isEmpty()) {
            return new OpaqueExtension(of(e.storage()));
        }
        Temporal.Kind k = kind.get();
        return switch (k.id()) {
            case Temporal.DATE_ID -> new Dates(k.unit());
            case Temporal.TIME_ID -> new Times(k.unit());
            default -> new Timestamps(k.unit(), k.zone());
        };
    }

    static String nonFinite(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        return v > 0 ? "Infinity" : "-Infinity";
    }

    static final class Nulls extends ValueFormat {
        @Override
        public boolean numeric() {
            return false;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeNull();
        }

        @Override
        public String text(Array array, long index) {
            return null;
        }
    }

    static final class Bools extends ValueFormat {
        @Override
        public boolean numeric() {
            return false;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeBoolean(((BoolArray) array).getBoolean(index));
        }

        @Override
        public String text(Array array, long index) {
            return Boolean.toString(((BoolArray) array).getBoolean(index));
        }
    }

    /** Every integer type but u64: the value widened to a long is exact. */
    static final class Integers extends ValueFormat {
        @Override
        public boolean numeric() {
            return true;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeNumber(((PrimitiveArray) array).getLongValue(index));
        }

        @Override
        public String text(Array array, long index) {
            return Long.toString(((PrimitiveArray) array).getLongValue(index));
        }
    }

    static final class UnsignedLongs extends ValueFormat {
        @Override
        public boolean numeric() {
            return true;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            long v = ((PrimitiveArray) array).getLong(index);
            if (v >= 0) {
                json.writeNumber(v);
            } else {
                json.writeNumber(new BigInteger(Long.toUnsignedString(v)));
            }
        }

        @Override
        public String text(Array array, long index) {
            return Long.toUnsignedString(((PrimitiveArray) array).getLong(index));
        }
    }

    /** f16 and f32, written with float precision so that 0.1f prints as 0.1. */
    static final class Floats extends ValueFormat {
        @Override
        public boolean numeric() {
            return true;
        }

        private static float value(Array array, long index) {
            PrimitiveArray p = (PrimitiveArray) array;
            return p.ptype() == PType.F16 ? p.getHalf(index) : p.getFloat(index);
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            float v = value(array, index);
            if (Float.isFinite(v)) {
                json.writeNumber(v);
            } else {
                json.writeString(nonFinite(v));
            }
        }

        @Override
        public String text(Array array, long index) {
            float v = value(array, index);
            return Float.isFinite(v) ? Float.toString(v) : nonFinite(v);
        }
    }

    static final class Doubles extends ValueFormat {
        @Override
        public boolean numeric() {
            return true;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            double v = ((PrimitiveArray) array).getDouble(index);
            if (Double.isFinite(v)) {
                json.writeNumber(v);
            } else {
                json.writeString(nonFinite(v));
            }
        }

        @Override
        public String text(Array array, long index) {
            double v = ((PrimitiveArray) array).getDouble(index);
            return Double.isFinite(v) ? Double.toString(v) : nonFinite(v);
        }
    }

    /** Decimals as plain strings ({@code "1234.50"}): exact, with the dtype's scale. */
    static final class Decimals extends ValueFormat {
        @Override
        public boolean numeric() {
            return true;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeString(text(array, index));
        }

        @Override
        public String text(Array array, long index) {
            BigDecimal v = ((DecimalArray) array).getDecimal(index);
            return v.toPlainString();
        }
    }

    static final class Strings extends ValueFormat {
        @Override
        public boolean numeric() {
            return false;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeString(text(array, index));
        }

        @Override
        public String text(Array array, long index) {
            return ((VarBinViewArray) array).getString(index);
        }
    }

    static final class Binaries extends ValueFormat {
        @Override
        public boolean numeric() {
            return false;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeString(text(array, index));
        }

        @Override
        public String text(Array array, long index) {
            return Base64.getEncoder().encodeToString(((VarBinViewArray) array).getBytes(index));
        }
    }

    /** Structs as JSON objects, fields in dtype order; as text, the same JSON. */
    static final class Structs extends ValueFormat {
        private final DType.Struct dtype;
        private final List<ValueFormat> fields = new ArrayList<>();

        Structs(DType.Struct dtype) {
            this.dtype = dtype;
            for (var f : dtype.fields()) {
                fields.add(of(f.dtype()));
            }
        }

        @Override
        public boolean numeric() {
            return false;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            StructArray s = (StructArray) array;
            json.writeStartObject();
            for (int i = 0; i < fields.size(); i++) {
                json.writeFieldName(dtype.field(i).name());
                fields.get(i).writeJsonOrNull(json, s.field(i), index);
            }
            json.writeEndObject();
        }

        @Override
        public String text(Array array, long index) {
            return Json.toText(json -> writeJson(json, array, index));
        }
    }

    /** An extension this tool does not know: its storage values. */
    static final class OpaqueExtension extends ValueFormat {
        private final ValueFormat storage;

        OpaqueExtension(ValueFormat storage) {
            this.storage = storage;
        }

        @Override
        public boolean numeric() {
            return storage.numeric();
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            storage.writeJson(json, ((ExtensionArray) array).storage(), index);
        }

        @Override
        public String text(Array array, long index) {
            return storage.text(((ExtensionArray) array).storage(), index);
        }
    }

    /** The temporal extensions: ISO 8601 strings computed from the stored integer. */
    abstract static sealed class Temporals extends ValueFormat {
        @Override
        public boolean numeric() {
            return false;
        }

        @Override
        public void writeJson(JsonGenerator json, Array array, long index) throws IOException {
            json.writeString(text(array, index));
        }

        @Override
        public String text(Array array, long index) {
            long v = ((PrimitiveArray) ((ExtensionArray) array).storage()).getLongValue(index);
            try {
                return format(v);
            } catch (DateTimeException | ArithmeticException e) {
                throw new MalformedFileException("value " + v + " is out of range for " + array.dtype());
            }
        }

        abstract String format(long stored);
    }

    static final class Dates extends Temporals {
        private final long unitsPerDay;

        Dates(TimeUnit unit) {
            this.unitsPerDay = nanosPer(TimeUnit.DAYS) / nanosPer(unit);
        }

        @Override
        String format(long stored) {
            return LocalDate.ofEpochDay(Math.floorDiv(stored, unitsPerDay)).toString();
        }
    }

    static final class Times extends Temporals {
        private final long nanosPerUnit;

        Times(TimeUnit unit) {
            this.nanosPerUnit = nanosPer(unit);
        }

        @Override
        String format(long stored) {
            return LocalTime.ofNanoOfDay(Math.multiplyExact(stored, nanosPerUnit))
                    .format(DateTimeFormatter.ISO_LOCAL_TIME);
        }
    }

    /**
     * Timestamps: with a zone, the local date-time there and its offset ({@code 2024-03-01T09:30:00+01:00}, or a
     * {@code Z} for UTC); without, the date-time alone. A zone name this JDK does not know is shown in UTC.
     */
    static final class Timestamps extends Temporals {
        private final long unitsPerSecond;
        private final long nanosPerUnit;
        private final Optional<ZoneId> zone;

        Timestamps(TimeUnit unit, Optional<String> zoneName) {
            this.nanosPerUnit = nanosPer(unit);
            this.unitsPerSecond = 1_000_000_000L / nanosPerUnit;
            this.zone = zoneName.map(Timestamps::zone);
        }

        private static ZoneId zone(String name) {
            try {
                return ZoneId.of(name);
            } catch (DateTimeException e) {
                return ZoneOffset.UTC;
            }
        }

        @Override
        String format(long stored) {
            long seconds = Math.floorDiv(stored, unitsPerSecond);
            long nanos = Math.floorMod(stored, unitsPerSecond) * nanosPerUnit;
            if (zone.isPresent()) {
                return Instant.ofEpochSecond(seconds, nanos).atZone(zone.get()).toOffsetDateTime()
                        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            }
            return LocalDateTime.ofEpochSecond(seconds, (int) nanos, ZoneOffset.UTC)
                    .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }
    }

    static long nanosPer(TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> 1L;
            case MICROSECONDS -> 1_000L;
            case MILLISECONDS -> 1_000_000L;
            case SECONDS -> 1_000_000_000L;
            case DAYS -> 86_400_000_000_000L;
        };
    }
}
