package dev.quire.cli.csv;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolBuilder;
import dev.quire.layout.array.DecimalBuilder;
import dev.quire.layout.array.ExtensionBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * Appends CSV fields to array builders, one parser per column dtype. An empty field is a null, except that a quoted
 * empty field ({@code ""}) is the empty string in a utf8 column; other text must parse as the dtype (spaces around it
 * are ignored), or the parser fails with an {@link InvalidArgumentException} that says why (the caller adds the row
 * and column). Text of utf8 columns is kept as is, spaces included.
 */
public final class Values {
    private Values() {}

    /** Appends one field's text to a builder. */
    @FunctionalInterface
    public interface Parser {
        /** Appends {@code raw} to {@code builder}: {@code raw} is null for an unquoted empty field. */
        void append(ArrayBuilder builder, String raw);
    }

    public static Parser forType(DType dtype) {
        Parser parse = switch (dtype) {
            case DType.Null n -> (b, v) -> {
                throw new InvalidArgumentException("the column's type is null, but it has a value");
            };
            case DType.Bool t -> (b, v) -> ((BoolBuilder) b).appendBoolean(parseBool(v));
            case DType.Primitive p when p.ptype() == PType.U64 ->
                    (b, v) -> ((PrimitiveBuilder) b).appendLong(parseUnsigned(v));
            case DType.Primitive p when p.ptype().isFloat() ->
                    (b, v) -> ((PrimitiveBuilder) b).appendDouble(parseDouble(v));
            case DType.Primitive p -> (b, v) -> ((PrimitiveBuilder) b).appendLong(parseLong(v));
            case DType.Decimal d -> (b, v) -> ((DecimalBuilder) b).appendDecimal(parseDecimal(v));
            case DType.Utf8 u -> (b, v) -> ((VarBinViewBuilder) b).appendString(v);
            case DType.Binary bin -> (b, v) -> ((VarBinViewBuilder) b).appendBytes(parseBase64(v));
            case DType.Struct s -> throw new InvalidArgumentException("CSV columns cannot be structs");
            case DType.Extension e -> extension(e);
        };
        boolean text = dtype instanceof DType.Utf8;
        return (builder, raw) -> {
            // null is an unquoted empty field; a quoted one ("") is an empty string in utf8 columns.
            if (raw == null || (!text && raw.isBlank())) {
                if (!builder.dtype().nullable()) {
                    throw new InvalidArgumentException("empty value, but the column is not nullable");
                }
                builder.appendNull();
            } else {
                parse.append(builder, text ? raw : raw.strip());
            }
        };
    }

    private static Parser extension(DType.Extension e) {
        Temporal.Kind kind = Temporal.kind(e).orElseThrow(
                () -> new InvalidArgumentException("cannot read extension type " + e.id() + " from CSV"));
        long nanosPerUnit = nanosPer(kind.unit());
        return switch (kind.id()) {
            case Temporal.DATE_ID -> {
                long unitsPerDay = nanosPer(TimeUnit.DAYS) / nanosPerUnit;
                yield (b, v) -> storage(b).appendLong(Math.multiplyExact(parseDate(v), unitsPerDay));
            }
            case Temporal.TIMESTAMP_ID -> {
                Optional<ZoneId> zone = kind.zone().map(ZoneId::of);
                yield (b, v) -> storage(b).appendLong(timestamp(v, zone, nanosPerUnit, kind.unit()));
            }
            default -> throw new InvalidArgumentException("cannot read " + kind.id() + " from CSV");
        };
    }

    private static PrimitiveBuilder storage(ArrayBuilder b) {
        return (PrimitiveBuilder) ((ExtensionBuilder) b).storage();
    }

    static boolean parseBool(String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new InvalidArgumentException("`" + v + "` is not a boolean (true, false, 1 or 0)");
        };
    }

    static long parseLong(String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("`" + v + "` is not an integer in the range of i64");
        }
    }

    static long parseUnsigned(String v) {
        try {
            return Long.parseUnsignedLong(v.startsWith("+") ? v.substring(1) : v);
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("`" + v + "` is not an integer in the range of u64");
        }
    }

    static boolean parsesAsLong(String v) {
        try {
            Long.parseLong(v);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static double parseDouble(String v) {
        if (plainNumber(v)) {
            try {
                return Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new InvalidArgumentException("`" + v + "` is not a number");
            }
        }
        String lower = v.toLowerCase(Locale.ROOT);
        boolean negative = lower.startsWith("-");
        String unsigned = lower.startsWith("-") || lower.startsWith("+") ? lower.substring(1) : lower;
        return switch (unsigned) {
            case "nan" -> Double.NaN;
            case "inf", "infinity" -> negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            default -> throw new InvalidArgumentException("`" + v + "` is not a number");
        };
    }

    /**
     * Whether {@code v} has only the characters of a decimal number; {@link Double#parseDouble} then checks the
     * rest. This keeps out what Java alone would take: hexadecimal floats and {@code d}/{@code f} suffixes.
     */
    private static boolean plainNumber(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!(c >= '0' && c <= '9') && c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E') {
                return false;
            }
        }
        return !v.isEmpty();
    }

    static BigDecimal parseDecimal(String v) {
        try {
            return new BigDecimal(v);
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("`" + v + "` is not a decimal number");
        }
    }

    static byte[] parseBase64(String v) {
        try {
            return Base64.getDecoder().decode(v);
        } catch (IllegalArgumentException e) {
            throw new InvalidArgumentException("`" + v + "` is not base64: " + e.getMessage());
        }
    }

    static long parseDate(String v) {
        try {
            return date(v).toEpochDay();
        } catch (DateTimeException e) {
            throw new InvalidArgumentException("`" + v + "` is not an ISO date (yyyy-mm-dd)");
        }
    }

    /** {@code yyyy-mm-dd}, read by hand: {@link LocalDate#parse} is several times slower, and this is per value. */
    private static LocalDate date(String v) {
        if (v.length() != 10 || v.charAt(4) != '-' || v.charAt(7) != '-') {
            return LocalDate.parse(v);
        }
        int year = digits(v, 0, 4);
        int month = digits(v, 5, 7);
        int day = digits(v, 8, 10);
        if (year < 0 || month < 0 || day < 0) {
            return LocalDate.parse(v);
        }
        return LocalDate.of(year, month, day);
    }

    private static int digits(String v, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    static boolean parsesAsDate(String v) {
        try {
            date(v);
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    static boolean parsesAsTimestamp(String v) {
        try {
            instant(v, Optional.of(ZoneOffset.UTC));
            return true;
        } catch (DateTimeException | InvalidArgumentException e) {
            return false;
        }
    }

    /**
     * An ISO date-time ({@code T} or a space between date and time) in the column's unit. Text with an offset is an
     * instant; text without one is read in the column's zone, or as a zone-less timestamp when it has none.
     */
    static long timestamp(String v, Optional<ZoneId> zone, long nanosPerUnit, TimeUnit unit) {
        Instant instant;
        try {
            instant = instant(v, zone);
        } catch (DateTimeException e) {
            throw new InvalidArgumentException("`" + v + "` is not an ISO date-time (yyyy-mm-ddThh:mm[:ss[.f]])");
        }
        if (instant.getNano() % nanosPerUnit != 0) {
            throw new InvalidArgumentException("`" + v + "` is more precise than the column's unit (" + unit.symbol()
                    + ")");
        }
        long unitsPerSecond = 1_000_000_000L / nanosPerUnit;
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), unitsPerSecond),
                    instant.getNano() / nanosPerUnit);
        } catch (ArithmeticException e) {
            throw new InvalidArgumentException("`" + v + "` is out of range for timestamps in " + unit.symbol());
        }
    }

    /** {@code zone} empty: the text must have no offset and is taken as UTC wall time (a zone-less timestamp). */
    private static Instant instant(String v, Optional<ZoneId> zone) {
        String iso = v.length() > 10 && v.charAt(10) == ' ' ? v.substring(0, 10) + 'T' + v.substring(11) : v;
        boolean hasOffset = iso.endsWith("Z") || iso.lastIndexOf('+') > 10 || iso.lastIndexOf('-') > 10;
        if (hasOffset) {
            if (zone.isEmpty()) {
                throw new InvalidArgumentException("`" + v + "` has a time zone offset, but the column's timestamps "
                        + "have no zone (declare one: timestamp(us,UTC))");
            }
            return OffsetDateTime.parse(iso).toInstant();
        }
        // A date alone is its midnight: columns that mix dates and date-times are inferred as timestamps.
        LocalDateTime local = iso.length() == 10 ? LocalDate.parse(iso).atStartOfDay() : LocalDateTime.parse(iso);
        return zone.isPresent() ? local.atZone(zone.get()).toInstant() : local.toInstant(ZoneOffset.UTC);
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
