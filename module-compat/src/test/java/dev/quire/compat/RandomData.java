package dev.quire.compat;

import dev.quire.compat.Values.Bin;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Seeded random dtypes and values in the {@link Values} model. Fixed-width values are random bit patterns over the
 * full width (so floats include NaNs, infinities and subnormals, and integers the extremes); strings mix ASCII,
 * accented, CJK and astral characters.
 */
final class RandomData {
    final Random random;
    /** Strings and binaries get a length in {@code [minLength, maxLength]} (bytes for binary, chars for utf8). */
    int minLength = 0;
    int maxLength = 40;
    /**
     * Temporal values within the ranges the reference's writer accepts (times within a day, dates and timestamps
     * within ±5000 years). When false they are random bits like any integer: the reference <em>reads</em> those
     * fine, but its writer panics on them while computing statistics and leaves an empty file.
     */
    boolean temporalInRange = true;

    RandomData(long seed) {
        this.random = new Random(seed);
    }

    RandomData lengths(int min, int max) {
        this.minLength = min;
        this.maxLength = max;
        return this;
    }

    // ---------------------------------------------------------------- dtypes

    /** One of every leaf dtype Quire and the reference share, non-nullable (Null is always nullable). */
    static List<DType> leafTypes() {
        List<DType> out = new ArrayList<>();
        out.add(new DType.Null());
        out.add(new DType.Bool(false));
        for (PType p : PType.values()) {
            out.add(new DType.Primitive(p, false));
        }
        out.add(new DType.Decimal(2, 1, false));
        out.add(new DType.Decimal(4, 0, false));
        out.add(new DType.Decimal(9, 2, false));
        out.add(new DType.Decimal(18, 6, false));
        out.add(new DType.Decimal(38, 10, false));
        out.add(new DType.Decimal(76, 20, false));
        out.add(new DType.Utf8(false));
        out.add(new DType.Binary(false));
        out.addAll(temporalTypes(false));
        return out;
    }

    static List<DType> temporalTypes(boolean nullable) {
        List<DType> out = new ArrayList<>();
        out.add(Temporal.date(TimeUnit.DAYS, nullable));
        out.add(Temporal.date(TimeUnit.MILLISECONDS, nullable));
        for (TimeUnit u : List.of(TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS,
                TimeUnit.NANOSECONDS)) {
            out.add(Temporal.time(u, nullable));
            out.add(Temporal.timestamp(u, Optional.empty(), nullable));
        }
        out.add(Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), nullable));
        out.add(Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.of("America/New_York"), nullable));
        return out;
    }

    /** A random dtype: a leaf, or (while {@code depth > 0}) a struct of 1..4 random fields. */
    DType dtype(int depth) {
        List<DType> leaves = leafTypes();
        DType t;
        if (depth > 0 && random.nextInt(6) == 0) {
            int n = 1 + random.nextInt(4);
            List<Field> fields = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                fields.add(new Field("f" + i, dtype(depth - 1)));
            }
            if (n == 1 && fields.getFirst().dtype() instanceof DType.Struct s && s.nullable()) {
                // The reference cannot export a struct whose only field is a nullable struct (it takes the inner
                // struct's nulls for the outer's; see ReferenceLimitationsTest): give it a second field.
                fields.add(new Field("f1", new DType.Bool(random.nextBoolean())));
            }
            t = new DType.Struct(fields, false);
        } else {
            t = leaves.get(random.nextInt(leaves.size()));
        }
        return t.withNullable(random.nextBoolean());
    }

    /** A random top-level schema of {@code 1..maxFields} fields nested up to {@code depth} levels. */
    DType.Struct schema(int maxFields, int depth) {
        int n = 1 + random.nextInt(maxFields);
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fields.add(new Field("c" + i, dtype(depth)));
        }
        return new DType.Struct(fields, false);
    }

    // ---------------------------------------------------------------- values

    /**
     * {@code n} values of {@code dtype}; each is null with probability {@code nullFraction} when the dtype is
     * nullable (1.0 gives an all-null column, 0.0 none).
     */
    List<Object> column(DType dtype, int n, double nullFraction) {
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(maybeNull(dtype, nullFraction));
        }
        return out;
    }

    Object maybeNull(DType dtype, double nullFraction) {
        if (dtype.nullable() && (nullFraction >= 1.0 || random.nextDouble() < nullFraction)) {
            return null;
        }
        return value(dtype, nullFraction);
    }

    /** A non-null value (a struct's fields may be null, with the same fraction). */
    Object value(DType dtype, double nullFraction) {
        return switch (dtype) {
            case DType.Null n -> null;
            case DType.Bool b -> random.nextBoolean();
            case DType.Primitive p -> Values.mask(random.nextLong(), p.ptype().byteWidth());
            case DType.Decimal d -> decimal(d);
            case DType.Utf8 u -> Bin.of(string(length()));
            case DType.Binary b -> {
                byte[] bytes = new byte[length()];
                random.nextBytes(bytes);
                yield new Bin(bytes);
            }
            case DType.Struct s -> {
                List<Object> fields = new ArrayList<>();
                for (Field f : s.fields()) {
                    fields.add(maybeNull(f.dtype(), nullFraction));
                }
                yield fields;
            }
            case DType.Extension e -> temporalInRange && Temporal.kind(e).isPresent() ? temporal(Temporal.kind(e).get())
                    : value(e.storage(), nullFraction);
        };
    }

    private static final long DAYS_5K_YEARS = 1_826_212L;

    private long temporal(Temporal.Kind kind) {
        long perDay = switch (kind.unit()) {
            case DAYS -> 1L;
            case SECONDS -> 86_400L;
            case MILLISECONDS -> 86_400_000L;
            case MICROSECONDS -> 86_400_000_000L;
            case NANOSECONDS -> 86_400_000_000_000L;
        };
        long v;
        if (kind.id().equals(Temporal.TIME_ID)) {
            v = Math.floorMod(random.nextLong(), perDay);
        } else {
            // Dates and timestamps: ±5000 years (the reference rejects years beyond ±9999), capped to what an i64 holds (nanoseconds cover ±292 years).
            long bound = perDay > Long.MAX_VALUE / DAYS_5K_YEARS ? Long.MAX_VALUE : DAYS_5K_YEARS * perDay;
            v = random.nextLong(-bound + 1, bound);
            if (kind.id().equals(Temporal.DATE_ID) && kind.unit() == TimeUnit.MILLISECONDS) {
                v -= Math.floorMod(v, 86_400_000L); // Arrow Date64 holds whole days
            }
        }
        int width = kind.unit() == TimeUnit.DAYS || (kind.id().equals(Temporal.TIME_ID)
                && (kind.unit() == TimeUnit.SECONDS || kind.unit() == TimeUnit.MILLISECONDS)) ? 4 : 8;
        return Values.mask(v, width);
    }

    /** {@code n} rows of {@code schema} as a Quire batch. */
    StructArray batch(DType.Struct schema, int n, double nullFraction) {
        List<List<Object>> rows = rows(schema, n, nullFraction);
        return Values.batch(schema, rows);
    }

    List<List<Object>> rows(DType.Struct schema, int n, double nullFraction) {
        List<List<Object>> columns = new ArrayList<>();
        for (Field f : schema.fields()) {
            columns.add(column(f.dtype(), n, nullFraction));
        }
        List<List<Object>> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<Object> row = new ArrayList<>(columns.size());
            for (List<Object> c : columns) {
                row.add(c.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    private int length() {
        return minLength + random.nextInt(maxLength - minLength + 1);
    }

    private BigInteger decimal(DType.Decimal d) {
        BigInteger limit = BigInteger.TEN.pow(d.precision());
        BigInteger v = new BigInteger(limit.bitLength() + 8, random).mod(limit);
        return random.nextBoolean() ? v.negate() : v;
    }

    String string(int chars) {
        StringBuilder sb = new StringBuilder(chars);
        for (int i = 0; i < chars; i++) {
            int kind = random.nextInt(10);
            int cp = switch (kind) {
                case 0 -> 0xC0 + random.nextInt(0x100); // Latin-1 supplement and Latin extended
                case 1 -> 0x4E00 + random.nextInt(0x5000); // CJK
                case 2 -> 0x1F300 + random.nextInt(0x200); // astral: symbols and emoji
                default -> 0x20 + random.nextInt(0x5F); // printable ASCII
            };
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }
}
