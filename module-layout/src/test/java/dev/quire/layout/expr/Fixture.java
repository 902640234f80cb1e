package dev.quire.layout.expr;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.ChunkedArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Random batches over a schema with a column of every dtype the filter handles, each column in a random encoding
 * (canonical, sliced at a bit offset, chunked, constant, decimals at any storage width), with the plain Java values
 * kept beside the arrays for {@link Reference}; and random well-typed predicates over them.
 */
public final class Fixture {
    private Fixture() {}

    static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    static final DType.Struct ST = new DType.Struct(List.of(new Field("x", DType.primitive(PType.I32, true)),
            new Field("y", DType.utf8(true))), true);

    public static final DType.Struct SCHEMA = new DType.Struct(List.of(
            new Field("b", DType.bool(true)),
            new Field("bn", DType.bool(false)),
            new Field("i8", DType.primitive(PType.I8, true)),
            new Field("i16", DType.primitive(PType.I16, false)),
            new Field("i32", DType.primitive(PType.I32, true)),
            new Field("i64", DType.primitive(PType.I64, true)),
            new Field("u8", DType.primitive(PType.U8, true)),
            new Field("u16", DType.primitive(PType.U16, true)),
            new Field("u32", DType.primitive(PType.U32, false)),
            new Field("u64", DType.primitive(PType.U64, true)),
            new Field("f16", DType.primitive(PType.F16, true)),
            new Field("f32", DType.primitive(PType.F32, true)),
            new Field("f64", DType.primitive(PType.F64, true)),
            new Field("f64n", DType.primitive(PType.F64, false)),
            new Field("dec1", new DType.Decimal(2, 1, true)),
            new Field("dec4", new DType.Decimal(9, 2, true)),
            new Field("dec8", new DType.Decimal(18, 2, false)),
            new Field("dec16", new DType.Decimal(30, 4, true)),
            new Field("dec32", new DType.Decimal(50, 6, true)),
            new Field("s", DType.utf8(true)),
            new Field("sn", DType.utf8(false)),
            new Field("bin", DType.binary(true)),
            new Field("date", Temporal.date(TimeUnit.DAYS, true)),
            new Field("datems", Temporal.date(TimeUnit.MILLISECONDS, true)),
            new Field("ts", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), true)),
            new Field("tsny", Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.of(NEW_YORK.getId()), true)),
            new Field("tsl", Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.empty(), true)),
            new Field("tm", Temporal.time(TimeUnit.MILLISECONDS, true)),
            new Field("tmu", Temporal.time(TimeUnit.MICROSECONDS, false)),
            new Field("st", ST),
            new Field("nothing", new DType.Null())), false);

    /** Every column path a predicate may name, with its dtype. */
    static final Map<FieldPath, DType> PATHS = new LinkedHashMap<>();

    static {
        for (Field f : SCHEMA.fields()) {
            PATHS.put(FieldPath.of(f.name()), f.dtype());
        }
        PATHS.put(FieldPath.of("st", "x"), ST.field(0).dtype());
        PATHS.put(FieldPath.of("st", "y"), ST.field(1).dtype());
    }

    /**
     * A batch with the Java values of every path ({@code values}: null where the row is null, nested fields null
     * where their struct is) and, for nested fields, their own values ({@code own}: as stored, ignoring the struct).
     */
    public record Batch(StructArray array, int rows, Map<FieldPath, Object[]> values,
            Map<FieldPath, Object[]> own) {}

    // ---------------------------------------------------------------- values

    private static final String[] PIECES = {"a", "b", "c", "A", "B", "é", "É", "語", "😀", "\uFFFD", "%", "_",
        "ab", "abc", " ", "ß"};
    private static final byte[] BYTES = {0x00, 0x01, 0x61, 0x62, 0x7F, (byte) 0x80, (byte) 0xFF};
    static final long DAY_MS = 86_400_000L;
    private static final long[] DAYS = {0, 1, -1, 8766, 8767, 9131, 18414, 19000, -25000};
    private static final Instant[] INSTANTS = {Instant.EPOCH, Instant.parse("1994-01-01T00:00:00Z"),
        Instant.parse("2020-06-01T16:00:00Z"), Instant.parse("2020-03-08T07:00:00Z"),
        Instant.parse("2020-11-01T05:30:00Z"), Instant.parse("1969-12-31T23:59:59.999999999Z")};

    static long minOf(PType p) {
        return switch (p) {
            case I8 -> Byte.MIN_VALUE;
            case I16 -> Short.MIN_VALUE;
            case I32 -> Integer.MIN_VALUE;
            case I64 -> Long.MIN_VALUE;
            default -> 0;
        };
    }

    static long maxOf(PType p) {
        return switch (p) {
            case I8 -> Byte.MAX_VALUE;
            case I16 -> Short.MAX_VALUE;
            case I32 -> Integer.MAX_VALUE;
            case I64 -> Long.MAX_VALUE;
            case U8 -> 0xFF;
            case U16 -> 0xFFFF;
            case U32 -> 0xFFFF_FFFFL;
            default -> -1L; // u64: all bits
        };
    }

    static Object randomValue(DType dtype, Random r) {
        return switch (dtype) {
            case DType.Bool b -> r.nextBoolean();
            case DType.Primitive p -> primitive(p.ptype(), r);
            case DType.Decimal d -> decimal(d, r);
            case DType.Utf8 u -> string(r);
            case DType.Binary b -> bytes(r);
            case DType.Extension e -> temporal(Temporal.kind(e).orElseThrow(), r);
            default -> throw new AssertionError(dtype);
        };
    }

    static Object primitive(PType p, Random r) {
        switch (p) {
            case F64 -> {
                double[] pool = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0, -1.0,
                    0.1, 1.5, 2.5, 100.0, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, 1e10, -1e-10};
                return r.nextInt(3) == 0 ? r.nextGaussian() * 100 : pool[r.nextInt(pool.length)];
            }
            case F32 -> {
                float[] pool = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, 1f, -1f, 0.1f,
                    1.5f, 2.5f, 100f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, 1e10f};
                return r.nextInt(3) == 0 ? (float) (r.nextGaussian() * 100) : pool[r.nextInt(pool.length)];
            }
            case F16 -> {
                float[] pool = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, 1f, -1f, 0.1f,
                    1.5f, 2.5f, 65504f, -65504f, 2048f, 2050f, 5.96e-8f};
                float f = r.nextInt(3) == 0 ? (float) (r.nextGaussian() * 100) : pool[r.nextInt(pool.length)];
                return Float.float16ToFloat(Float.floatToFloat16(f));
            }
            case U64 -> {
                long[] pool = {0, 1, 2, 3, 100, Long.MAX_VALUE, Long.MIN_VALUE, -2L, -1L};
                return r.nextInt(4) == 0 ? r.nextLong() : pool[r.nextInt(pool.length)];
            }
            default -> {
                long min = minOf(p);
                long max = maxOf(p);
                long[] pool = {min, min + 1, -2, -1, 0, 1, 2, 3, 10, 100, max - 1, max};
                long v = r.nextInt(4) == 0 ? min + (long) (r.nextDouble() * ((double) max - min))
                        : pool[r.nextInt(pool.length)];
                return Math.max(min, Math.min(max, v));
            }
        }
    }

    static BigDecimal decimal(DType.Decimal d, Random r) {
        BigInteger max = BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE);
        BigInteger one = BigInteger.TEN.pow(d.scale());
        BigInteger two63 = BigInteger.ONE.shiftLeft(63);
        BigInteger[] pool = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), one, one.negate(),
            one.multiply(BigInteger.valueOf(15)).divide(BigInteger.TEN), one.multiply(BigInteger.valueOf(5)),
            max, max.negate(), two63, two63.negate(), two63.subtract(BigInteger.ONE), two63.shiftLeft(1),
            two63.shiftLeft(1).subtract(BigInteger.ONE), two63.negate().subtract(BigInteger.ONE),
            two63.shiftLeft(65), two63.shiftLeft(65).add(two63)};
        BigInteger u;
        do {
            u = r.nextInt(4) == 0 ? new BigInteger(max.bitLength(), r).mod(max.add(BigInteger.ONE))
                    .multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1)) : pool[r.nextInt(pool.length)];
        } while (u.abs().compareTo(max) > 0);
        return new BigDecimal(u, d.scale());
    }

    static String string(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(8) == 0 ? 8 + r.nextInt(10) : r.nextInt(5);
        for (int i = 0; i < n; i++) {
            sb.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    static byte[] bytes(Random r) {
        byte[] b = new byte[r.nextInt(8) == 0 ? 13 + r.nextInt(8) : r.nextInt(5)];
        for (int i = 0; i < b.length; i++) {
            b[i] = BYTES[r.nextInt(BYTES.length)];
        }
        return b;
    }

    static long temporal(Temporal.Kind kind, Random r) {
        long unitNanos = Coercion.nanosPerUnit(kind.unit());
        switch (kind.id()) {
            case Temporal.DATE_ID -> {
                long day = r.nextInt(4) == 0 ? r.nextInt(60_000) - 30_000 : DAYS[r.nextInt(DAYS.length)];
                if (kind.unit() == TimeUnit.DAYS) {
                    return day;
                }
                return day * DAY_MS + (r.nextInt(5) == 0 ? r.nextInt((int) DAY_MS) : 0);
            }
            case Temporal.TIME_ID -> {
                long dayUnits = Coercion.NANOS_PER_DAY / unitNanos;
                long[] pool = {0, 1, dayUnits / 2, dayUnits / 2 + 1, dayUnits - 1};
                return r.nextInt(3) == 0 ? Math.floorMod(r.nextLong(), dayUnits) : pool[r.nextInt(pool.length)];
            }
            default -> {
                Instant t = INSTANTS[r.nextInt(INSTANTS.length)];
                BigInteger nanos = Coercion.epochNanos(t).add(BigInteger.valueOf(switch (r.nextInt(5)) {
                    case 0 -> 0;
                    case 1 -> 1;
                    case 2 -> -1;
                    case 3 -> (long) r.nextInt(7_200) * 1_000_000_000L;
                    default -> r.nextLong() % 10_000_000_000_000L;
                }));
                return nanos.divide(BigInteger.valueOf(unitNanos)).longValueExact();
            }
        }
    }

    // ---------------------------------------------------------------- batches

    public static Batch batch(Random r, int rows) {
        Map<FieldPath, Object[]> values = new LinkedHashMap<>();
        Map<FieldPath, Object[]> own = new LinkedHashMap<>();
        List<Array> columns = new ArrayList<>();
        for (Field f : SCHEMA.fields()) {
            FieldPath path = FieldPath.of(f.name());
            if (f.dtype() instanceof DType.Null) {
                values.put(path, new Object[rows]);
                columns.add(r.nextBoolean() ? new NullArray(rows) : new ConstantArray(Scalar.nullOf(f.dtype()), rows));
            } else if (f.dtype() instanceof DType.Struct) {
                columns.add(struct(r, rows, values, own));
            } else {
                Object[] v = columnValues(f.dtype(), r, rows);
                values.put(path, v);
                columns.add(encode(f.dtype(), v, r));
            }
        }
        return new Batch(new StructArray(SCHEMA, columns, rows, Validity.NON_NULLABLE), rows, values, own);
    }

    private static Object[] columnValues(DType dtype, Random r, int rows) {
        Object[] v = new Object[rows];
        int mode = r.nextInt(20);
        double nullRate = !dtype.nullable() ? 0 : mode == 0 ? 1 : mode < 4 ? 0 : 0.2;
        boolean constant = mode == 4 || mode == 5;
        Object c = dtype.nullable() && r.nextInt(4) == 0 ? null : randomValue(dtype, r);
        for (int i = 0; i < rows; i++) {
            v[i] = constant ? c : r.nextDouble() < nullRate ? null : randomValue(dtype, r);
        }
        return v;
    }

    /** An array holding {@code v}: canonical, sliced out of a longer one, chunked, or constant when all are equal. */
    private static Array encode(DType dtype, Object[] v, Random r) {
        boolean allSame = v.length > 0;
        for (Object o : v) {
            allSame &= java.util.Objects.deepEquals(o, v[0]);
        }
        if (allSame && r.nextInt(3) > 0) {
            return new ConstantArray(v[0] == null ? Scalar.nullOf(dtype) : new Scalar(dtype, v[0]), v.length);
        }
        switch (r.nextInt(3)) {
            case 0 -> {
                int pad = 1 + r.nextInt(70);
                Object[] longer = new Object[v.length + pad + 3];
                for (int i = 0; i < longer.length; i++) {
                    longer[i] = i >= pad && i < pad + v.length ? v[i - pad] : dtype.nullable() && r.nextBoolean()
                            ? null : randomValue(dtype, r);
                }
                return build(dtype, longer, r).slice(pad, pad + v.length);
            }
            case 1 -> {
                if (v.length < 2) {
                    return build(dtype, v, r);
                }
                int cut = 1 + r.nextInt(v.length - 1);
                Object[] a = java.util.Arrays.copyOfRange(v, 0, cut);
                Object[] b = java.util.Arrays.copyOfRange(v, cut, v.length);
                return new ChunkedArray(dtype, List.of(build(dtype, a, r), build(dtype, b, r)));
            }
            default -> {
                return build(dtype, v, r);
            }
        }
    }

    private static Array build(DType dtype, Object[] v, Random r) {
        if (dtype instanceof DType.Decimal d) {
            int narrow = DecimalArray.widthForPrecision(d.precision());
            int[] widths = {1, 2, 4, 8, 16, 32};
            int width;
            do {
                width = widths[r.nextInt(widths.length)];
            } while (width < narrow);
            return decimals(d, width, v);
        }
        return Columns.of(dtype, v);
    }

    /** A decimal array at a chosen storage width. */
    static DecimalArray decimals(DType.Decimal dt, int width, Object[] values) {
        byte[] bytes = new byte[values.length * width];
        byte[] valid = new byte[(values.length + 7) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                continue;
            }
            valid[i / 8] |= (byte) (1 << (i % 8));
            BigInteger unscaled = ((BigDecimal) values[i]).setScale(dt.scale()).unscaledValue();
            byte[] be = unscaled.toByteArray();
            for (int k = 0; k < width; k++) {
                bytes[i * width + k] = k < be.length ? be[be.length - 1 - k] : (byte) (unscaled.signum() < 0 ? -1 : 0);
            }
        }
        Validity validity = !dt.nullable() ? Validity.NON_NULLABLE
                : new Validity.Mask(BitBuffer.ofBytes(valid, values.length));
        return new DecimalArray(dt, MemorySegment.ofArray(bytes), width, validity);
    }

    private static Array struct(Random r, int rows, Map<FieldPath, Object[]> values, Map<FieldPath, Object[]> own) {
        Object[] x = columnValues(ST.field(0).dtype(), r, rows);
        Object[] y = columnValues(ST.field(1).dtype(), r, rows);
        boolean[] valid = new boolean[rows];
        int mode = r.nextInt(6);
        Object[] marker = new Object[rows];
        Object[] ex = new Object[rows];
        Object[] ey = new Object[rows];
        for (int i = 0; i < rows; i++) {
            valid[i] = mode == 0 || mode > 1 && r.nextInt(5) > 0;
            marker[i] = valid[i] ? Boolean.TRUE : null;
            ex[i] = valid[i] ? x[i] : null;
            ey[i] = valid[i] ? y[i] : null;
        }
        values.put(FieldPath.of("st"), marker);
        values.put(FieldPath.of("st", "x"), ex);
        values.put(FieldPath.of("st", "y"), ey);
        own.put(FieldPath.of("st", "x"), x);
        own.put(FieldPath.of("st", "y"), y);
        if (mode == 1 && rows > 0 && r.nextBoolean()) {
            java.util.Arrays.fill(marker, null);
            java.util.Arrays.fill(ex, null);
            java.util.Arrays.fill(ey, null);
            return new ConstantArray(Scalar.nullOf(ST), rows);
        }
        byte[] bits = new byte[(rows + 7) / 8];
        for (int i = 0; i < rows; i++) {
            if (valid[i]) {
                bits[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        Array ax = encode(ST.field(0).dtype(), x, r);
        Array ay = encode(ST.field(1).dtype(), y, r);
        return new StructArray(ST, List.of(ax, ay), rows, new Validity.Mask(BitBuffer.ofBytes(bits, rows)));
    }

    // ---------------------------------------------------------------- predicates

    /** A random predicate whose literals are often values of {@code batch}, so that equalities and patterns hit. */
    public static Expr predicate(Random r, int depth, Batch batch) {
        if (depth <= 0 || r.nextInt(3) == 0) {
            return leaf(r, batch);
        }
        return switch (r.nextInt(9)) {
            case 0, 1, 2 -> predicate(r, depth - 1, batch).and(predicate(r, depth - 1, batch));
            case 3, 4 -> predicate(r, depth - 1, batch).or(predicate(r, depth - 1, batch));
            case 5 -> predicate(r, depth - 1, batch).not();
            case 6 -> new Expr.Compare(CompareOp.values()[r.nextInt(6)], predicate(r, depth - 1, batch),
                    predicate(r, depth - 1, batch));
            case 7 -> predicate(r, depth - 1, batch).isNull();
            default -> leaf(r, batch);
        };
    }

    /** A non-null value of the column at {@code path} in the batch, or a random one of its type. */
    private static Object sample(FieldPath path, DType dtype, Random r, Batch batch) {
        Object[] v = batch.values().get(path);
        if (v != null && v.length > 0 && r.nextInt(3) > 0) {
            Object o = v[r.nextInt(v.length)];
            if (o != null) {
                return o;
            }
        }
        return randomValue(dtype, r);
    }

    private static CompareOp op(Random r) {
        return CompareOp.values()[r.nextInt(6)];
    }

    static Expr leaf(Random r, Batch batch) {
        List<FieldPath> paths = new ArrayList<>(PATHS.keySet());
        // strings get more turns: they have the most operators
        FieldPath path = r.nextInt(5) == 0 ? FieldPath.of(r.nextBoolean() ? "s" : "sn")
                : paths.get(r.nextInt(paths.size()));
        DType dtype = PATHS.get(path);
        Expr.Column c = new Expr.Column(path);
        int pick = r.nextInt(20);
        if (pick == 0) {
            return c.isNull();
        }
        if (pick == 1) {
            return c.isNotNull();
        }
        return switch (dtype) {
            case DType.Null n -> r.nextBoolean() ? c.eq(5) : c.like("a%");
            case DType.Struct s -> r.nextBoolean() ? c.isNull() : c.isNotNull();
            case DType.Bool b -> switch (r.nextInt(5)) {
                case 0 -> c;
                case 1 -> c.compare(op(r), r.nextInt(5) == 0 ? Literal.nullValue() : Expr.lit(r.nextBoolean()));
                case 2 -> c.compare(op(r), new Expr.Column(FieldPath.of(r.nextBoolean() ? "b" : "bn")));
                case 3 -> c.in(r.nextBoolean(), r.nextBoolean() ? Literal.nullValue() : Expr.lit(r.nextBoolean()));
                default -> c.compare(op(r), predicate(r, 0, batch));
            };
            case DType.Utf8 u -> switch (r.nextInt(7)) {
                case 0 -> c.like(pattern((String) sample(path, dtype, r, batch), false, r));
                case 1 -> c.ilike(pattern((String) sample(path, dtype, r, batch), true, r));
                case 2 -> c.startsWith(prefix((String) sample(path, dtype, r, batch), r));
                case 3 -> c.in(sample(path, dtype, r, batch), string(r), r.nextInt(4) == 0 ? Literal.nullValue()
                        : Expr.lit(sample(path, dtype, r, batch)));
                case 4 -> c.compare(op(r), new Expr.Column(r.nextBoolean() ? FieldPath.of("s") : FieldPath.of("sn")));
                default -> c.compare(op(r), sample(path, dtype, r, batch));
            };
            case DType.Binary x -> switch (r.nextInt(4)) {
                case 0 -> c.startsWith(r.nextBoolean() ? bytes(r) : string(r));
                case 1 -> c.in(sample(path, dtype, r, batch), string(r));
                default -> c.compare(op(r), r.nextInt(4) == 0 ? Expr.lit(string(r))
                        : Expr.lit(sample(path, dtype, r, batch)));
            };
            default -> ordered(r, c, path, dtype, batch);
        };
    }

    private static Expr ordered(Random r, Expr.Column c, FieldPath path, DType dtype, Batch batch) {
        int pick = r.nextInt(10);
        if (pick == 0) {
            return c.between(literal(path, dtype, r, batch), literal(path, dtype, r, batch));
        }
        if (pick == 1) {
            return c.in(literal(path, dtype, r, batch), literal(path, dtype, r, batch), r.nextInt(4) == 0
                    ? Literal.nullValue() : literal(path, dtype, r, batch));
        }
        if (pick == 2) {
            Optional<FieldPath> other = comparableColumn(dtype, r);
            if (other.isPresent()) {
                return c.compare(op(r), new Expr.Column(other.get()));
            }
        }
        if (pick == 3) {
            return new Expr.Compare(op(r), literal(path, dtype, r, batch), c);
        }
        return c.compare(op(r), literal(path, dtype, r, batch));
    }

    /** Another column this one compares with (itself included), if any. */
    private static Optional<FieldPath> comparableColumn(DType dtype, Random r) {
        List<FieldPath> candidates = new ArrayList<>();
        Domain d = Domain.of(dtype);
        for (Map.Entry<FieldPath, DType> e : PATHS.entrySet()) {
            Domain o = Domain.of(e.getValue());
            boolean numbers = (d.family() == Domain.Family.INT || d.family() == Domain.Family.FLOAT)
                    && (o.family() == Domain.Family.INT || o.family() == Domain.Family.FLOAT);
            boolean decimals = d.family() == Domain.Family.DECIMAL && o.family() == Domain.Family.DECIMAL
                    && d.scale() == o.scale();
            boolean temporal = d.family() == Domain.Family.TEMPORAL && e.getValue().withNullable(false)
                    .equals(dtype.withNullable(false));
            if (numbers || decimals || temporal) {
                candidates.add(e.getKey());
            }
        }
        return candidates.isEmpty() ? Optional.empty() : Optional.of(candidates.get(r.nextInt(candidates.size())));
    }

    /** A literal that binds against a column of {@code dtype}: usually one of its values, sometimes off-grid. */
    static Literal literal(FieldPath path, DType dtype, Random r, Batch batch) {
        if (r.nextInt(25) == 0) {
            return Literal.nullValue();
        }
        Object v = sample(path, dtype, r, batch);
        return switch (dtype) {
            case DType.Primitive p when p.ptype().isFloat() -> {
                double d = ((Number) v).doubleValue();
                yield switch (r.nextInt(8)) {
                    case 0 -> new Literal.Typed(new Scalar(DType.primitive(PType.F64, false), d));
                    case 1 -> new Literal.Typed(new Scalar(DType.primitive(PType.F32, false), (float) d));
                    case 2 -> new Literal.Num(new BigDecimal(switch (r.nextInt(4)) {
                        case 0 -> "1e39";
                        case 1 -> "-70000";
                        case 2 -> "65519.99";
                        default -> "2049";
                    }));
                    case 3 -> Double.isFinite(d) ? new Literal.Num(new BigDecimal(d)) : Expr.lit(d);
                    default -> Expr.lit(d);
                };
            }
            case DType.Primitive p -> {
                BigDecimal n = new BigDecimal(Coercion.intKey((Long) v, p.ptype()));
                yield switch (r.nextInt(8)) {
                    case 0 -> new Literal.Num(n.add(new BigDecimal("0.5")));
                    case 1 -> new Literal.Num(n.add(BigDecimal.ONE));
                    case 2 -> new Literal.Num(n.subtract(BigDecimal.ONE));
                    case 3 -> new Literal.Typed(new Scalar(DType.primitive(PType.F64, false),
                            r.nextBoolean() ? Double.NaN : n.doubleValue()));
                    case 4 -> new Literal.Num(new BigDecimal("18446744073709551615"));
                    default -> new Literal.Num(n);
                };
            }
            case DType.Decimal d -> {
                BigDecimal n = (BigDecimal) v;
                yield switch (r.nextInt(6)) {
                    case 0 -> new Literal.Num(n.add(BigDecimal.ONE.movePointLeft(d.scale() + 1)));
                    case 1 -> new Literal.Typed(new Scalar(new DType.Decimal(d.precision(), d.scale(), false), n));
                    case 2 -> new Literal.Num(n.stripTrailingZeros());
                    case 3 -> new Literal.Num(new BigDecimal("1e60"));
                    default -> new Literal.Num(n);
                };
            }
            case DType.Extension e -> temporalLiteral(Temporal.kind(e).orElseThrow(), (Long) v, r);
            default -> throw new AssertionError(dtype);
        };
    }

    private static Literal temporalLiteral(Temporal.Kind kind, long v, Random r) {
        BigInteger nanos = BigInteger.valueOf(v).multiply(BigInteger.valueOf(Coercion.nanosPerUnit(kind.unit())));
        if (r.nextInt(6) == 0) {
            nanos = nanos.add(BigInteger.valueOf(r.nextInt(3) - 1)); // between two ticks of the column's unit
        }
        LocalDateTime utc = Coercion.utcDateTime(nanos);
        switch (kind.id()) {
            case Temporal.TIME_ID -> {
                LocalTime t = LocalTime.ofNanoOfDay(Math.floorMod(nanos.longValue(), Coercion.NANOS_PER_DAY));
                return r.nextInt(4) == 0 ? new Literal.Str(t.toString()) : new Literal.Time(t);
            }
            case Temporal.DATE_ID -> {
                return switch (r.nextInt(4)) {
                    case 0 -> new Literal.Timestamp(utc, Optional.empty());
                    case 1 -> new Literal.Str(utc.toLocalDate().toString());
                    default -> new Literal.Date(utc.toLocalDate());
                };
            }
            default -> {
                Optional<ZoneId> zone = kind.zone().map(ZoneId::of);
                LocalDateTime local = zone.map(z -> utc.atOffset(ZoneOffset.UTC).atZoneSameInstant(z)
                        .toLocalDateTime()).orElse(utc);
                return switch (r.nextInt(5)) {
                    case 0 -> new Literal.Date(local.toLocalDate());
                    case 1 -> zone.isPresent() ? new Literal.Timestamp(utc.plusHours(2),
                            Optional.of(ZoneOffset.ofHours(2))) : new Literal.Timestamp(local, Optional.empty());
                    case 2 -> new Literal.Str(local.toString().replace('T', ' '));
                    default -> new Literal.Timestamp(local, Optional.empty());
                };
            }
        }
    }

    /**
     * A like pattern made from a value: some characters become {@code _}, some runs {@code %}, literal {@code %}
     * and {@code _} are escaped, and for ilike some letters change case.
     */
    private static String pattern(String value, boolean changeCase, Random r) {
        if (r.nextInt(5) == 0) {
            String[] pieces = {"a", "b", "A", "é", "語", "😀", "%", "%", "_", "\\%", "\\_", "ab", "ß"};
            StringBuilder sb = new StringBuilder();
            int n = r.nextInt(5);
            for (int i = 0; i < n; i++) {
                sb.append(pieces[r.nextInt(pieces.length)]);
            }
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder();
        if (r.nextInt(3) == 0) {
            sb.append('%');
        }
        int[] cps = value.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            int cp = cps[i];
            int pick = r.nextInt(12);
            if (pick == 0) {
                sb.append('_');
            } else if (pick == 1) {
                sb.append('%');
                i += r.nextInt(3);
            } else {
                if (changeCase && r.nextBoolean()) {
                    cp = Character.isUpperCase(cp) ? Character.toLowerCase(cp) : Character.toUpperCase(cp);
                }
                if (cp == '%' || cp == '_' || cp == '\\') {
                    sb.append('\\');
                }
                sb.appendCodePoint(cp);
            }
        }
        if (r.nextInt(3) == 0) {
            sb.append('%');
        }
        return sb.toString();
    }

    private static String prefix(String value, Random r) {
        int[] cps = value.codePoints().toArray();
        return new String(cps, 0, r.nextInt(cps.length + 1));
    }
}
