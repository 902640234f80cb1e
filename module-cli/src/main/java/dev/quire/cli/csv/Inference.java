package dev.quire.cli.csv;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Infers a column's dtype from sample values. Each non-empty value gets the narrowest kind it parses as; kinds merge
 * upwards (integers and floats make floats, dates and timestamps make timestamps), and anything else makes utf8.
 * Integers are i64, floats f64, dates {@code vortex.date} (days), timestamps {@code vortex.timestamp} in
 * microseconds (nanoseconds when a value has more than six fraction digits), with zone UTC when values carry an
 * offset. An empty value is a null: a column is nullable when the sample has one, and {@code null} when it has
 * nothing else.
 */
public final class Inference {
    /** What one value looks like. The order matters only for {@link #merge}. */
    enum Kind { NONE, BOOL, INT, FLOAT, DATE, TIMESTAMP, TIMESTAMP_TZ, STRING }

    static final Pattern INT = Pattern.compile("[+-]?\\d+");
    static final Pattern FLOAT = Pattern.compile(
            "[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|[+-]?(?i:nan|inf|infinity)");
    static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    static final Pattern TIMESTAMP = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.(\\d{1,9}))?)?(Z|[+-]\\d{2}:\\d{2})?");

    private Kind kind = Kind.NONE;
    private boolean sawEmpty;
    private boolean nanos;

    /** Takes one sample value into account; null is an unquoted empty field. */
    public void accept(String raw) {
        String v = raw == null ? "" : raw.strip();
        if (v.isEmpty()) {
            sawEmpty = true;
            return;
        }
        if (kind == Kind.STRING) {
            return;
        }
        kind = merge(kind, kindOf(v));
    }

    Kind kindOf(String v) {
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Kind.BOOL;
        }
        if (INT.matcher(v).matches()) {
            // Too big for i64: keep the digits exact as text rather than round them into a double.
            return Values.parsesAsLong(v) ? Kind.INT : Kind.STRING;
        }
        if (FLOAT.matcher(v).matches()) {
            return Kind.FLOAT;
        }
        if (DATE.matcher(v).matches()) {
            return Values.parsesAsDate(v) ? Kind.DATE : Kind.STRING;
        }
        var m = TIMESTAMP.matcher(v);
        if (m.matches()) {
            if (!Values.parsesAsTimestamp(v)) {
                return Kind.STRING;
            }
            if (m.group(3) != null && m.group(3).length() > 6) {
                nanos = true;
            }
            return m.group(4) != null ? Kind.TIMESTAMP_TZ : Kind.TIMESTAMP;
        }
        return Kind.STRING;
    }

    static Kind merge(Kind a, Kind b) {
        if (a == b || b == Kind.NONE) {
            return a;
        }
        if (a == Kind.NONE) {
            return b;
        }
        Kind lo = a.compareTo(b) < 0 ? a : b;
        Kind hi = a.compareTo(b) < 0 ? b : a;
        if (lo == Kind.INT && hi == Kind.FLOAT) {
            return Kind.FLOAT;
        }
        if (lo == Kind.DATE && hi == Kind.TIMESTAMP) {
            return Kind.TIMESTAMP;
        }
        return Kind.STRING;
    }

    /** The dtype the values seen so far call for. */
    public DType dtype() {
        boolean nullable = sawEmpty;
        return switch (kind) {
            case NONE -> new DType.Null();
            case BOOL -> new DType.Bool(nullable);
            case INT -> new DType.Primitive(PType.I64, nullable);
            case FLOAT -> new DType.Primitive(PType.F64, nullable);
            case DATE -> Temporal.date(TimeUnit.DAYS, nullable);
            case TIMESTAMP -> Temporal.timestamp(unit(), Optional.empty(), nullable);
            case TIMESTAMP_TZ -> Temporal.timestamp(unit(), Optional.of("UTC"), nullable);
            case STRING -> new DType.Utf8(nullable);
        };
    }

    private TimeUnit unit() {
        return nanos ? TimeUnit.NANOSECONDS : TimeUnit.MICROSECONDS;
    }
}
