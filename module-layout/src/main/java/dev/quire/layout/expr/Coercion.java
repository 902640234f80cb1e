package dev.quire.layout.expr;

import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * Numbers as binding sees them. Every comparable column maps its values to integer <em>keys</em> whose order is the
 * comparison order: integers, dates and times are their own keys, decimals their unscaled value, floats a key built
 * from their bits ({@link #keyF64}). A literal becomes a {@link Position} in that key space, possibly between two keys
 * or beyond every key; a comparison then becomes a range of keys ({@link KeySet}).
 */
final class Coercion {
    private Coercion() {}

    static final long NANOS_PER_DAY = 86_400_000_000_000L;

    /** The key of NaN: one above +infinity, so NaN sorts above every number and equals itself. */
    static final long NAN64 = 0x7FF0_0000_0000_0001L;
    static final long NAN32 = 0x7F80_0001L;
    static final long NAN16 = 0x7C01L;

    /** Beyond this many decimal digits a literal is outside every integer key space (keys have at most 256 bits). */
    private static final int HUGE_DIGITS = 500;
    /** Beyond this many digits a literal is outside every float range, or rounds to zero. */
    private static final int FLOAT_DIGITS = 400;

    static long nanosPerUnit(TimeUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> 1L;
            case MICROSECONDS -> 1_000L;
            case MILLISECONDS -> 1_000_000L;
            case SECONDS -> 1_000_000_000L;
            case DAYS -> NANOS_PER_DAY;
        };
    }

    static LocalDateTime utcDateTime(BigInteger epochNanos) {
        BigInteger[] qr = epochNanos.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
        long seconds = qr[0].longValueExact();
        long nanos = qr[1].longValue();
        if (nanos < 0) {
            seconds--;
            nanos += 1_000_000_000L;
        }
        return LocalDateTime.ofInstant(Instant.ofEpochSecond(seconds, nanos), ZoneOffset.UTC);
    }

    static BigInteger epochNanos(Instant t) {
        return BigInteger.valueOf(t.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(t.getNano()));
    }

    // ---------------------------------------------------------------- integer domains

    static BigInteger minOf(PType p) {
        return switch (p) {
            case U8, U16, U32, U64 -> BigInteger.ZERO;
            case I8 -> BigInteger.valueOf(Byte.MIN_VALUE);
            case I16 -> BigInteger.valueOf(Short.MIN_VALUE);
            case I32 -> BigInteger.valueOf(Integer.MIN_VALUE);
            case I64 -> BigInteger.valueOf(Long.MIN_VALUE);
            case F16 -> BigInteger.valueOf(keyF16(Float.floatToFloat16(Float.NEGATIVE_INFINITY)));
            case F32 -> BigInteger.valueOf(keyF32(Float.NEGATIVE_INFINITY));
            case F64 -> BigInteger.valueOf(keyF64(Double.NEGATIVE_INFINITY));
        };
    }

    static BigInteger maxOf(PType p) {
        return switch (p) {
            case U8 -> BigInteger.valueOf(0xFF);
            case U16 -> BigInteger.valueOf(0xFFFF);
            case U32 -> BigInteger.valueOf(0xFFFF_FFFFL);
            case U64 -> BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
            case I8 -> BigInteger.valueOf(Byte.MAX_VALUE);
            case I16 -> BigInteger.valueOf(Short.MAX_VALUE);
            case I32 -> BigInteger.valueOf(Integer.MAX_VALUE);
            case I64 -> BigInteger.valueOf(Long.MAX_VALUE);
            case F16 -> BigInteger.valueOf(NAN16);
            case F32 -> BigInteger.valueOf(NAN32);
            case F64 -> BigInteger.valueOf(NAN64);
        };
    }

    static boolean fits(BigInteger v, PType p) {
        return v.compareTo(minOf(p)) >= 0 && v.compareTo(maxOf(p)) <= 0;
    }

    /** The smallest and largest unscaled value a decimal stored in {@code width} bytes can hold. */
    static BigInteger decimalMin(int width) {
        return DECIMAL_MIN[width];
    }

    static BigInteger decimalMax(int width) {
        return DECIMAL_MAX[width];
    }

    /**
     * The ends of decimal storage of each byte width up to 32, computed once: zone pruning asks for the widest for
     * every zone, and building 256-bit numbers each time showed in its profile.
     */
    private static final BigInteger[] DECIMAL_MIN = new BigInteger[33];
    private static final BigInteger[] DECIMAL_MAX = new BigInteger[33];

    static {
        for (int width = 1; width <= 32; width++) {
            DECIMAL_MIN[width] = BigInteger.ONE.shiftLeft(8 * width - 1).negate();
            DECIMAL_MAX[width] = BigInteger.ONE.shiftLeft(8 * width - 1).subtract(BigInteger.ONE);
        }
    }

    /** The numeric value of an integer key read as a long ({@code u64} keys are unsigned). */
    static BigInteger intKey(long raw, PType p) {
        return p == PType.U64 && raw < 0 ? BigInteger.valueOf(raw).add(BigInteger.ONE.shiftLeft(64))
                : BigInteger.valueOf(raw);
    }

    // ---------------------------------------------------------------- float keys

    /** An order-preserving integer for a double: NaN above +infinity, -0.0 and 0.0 the same key. */
    static long keyF64(double d) {
        if (d != d) {
            return NAN64;
        }
        long b = Double.doubleToRawLongBits(d);
        return b >= 0 ? b : -(b & Long.MAX_VALUE);
    }

    static long keyF32(float f) {
        if (f != f) {
            return NAN32;
        }
        int b = Float.floatToRawIntBits(f);
        return b >= 0 ? b : -(b & Integer.MAX_VALUE);
    }

    /** The key of an f16 given as its 16 bits. */
    static long keyF16(short bits) {
        int b = bits & 0xFFFF;
        if ((b & 0x7C00) == 0x7C00 && (b & 0x3FF) != 0) {
            return NAN16;
        }
        return (b & 0x8000) == 0 ? b : -(b & 0x7FFF);
    }

    static long keyOfFloat(PType p, double value) {
        return switch (p) {
            case F16 -> keyF16(Float.floatToFloat16((float) value));
            case F32 -> keyF32((float) value);
            default -> keyF64(value);
        };
    }

    /** The f16 value of a finite (non-NaN) f16 key. */
    private static float f16OfKey(long key) {
        short bits = (short) (key >= 0 ? key : 0x8000 | -key);
        return Float.float16ToFloat(bits);
    }

    // ---------------------------------------------------------------- numbers

    /** A number a literal stands for: finite (exact), an infinity, or NaN. */
    record Numeric(int special, BigDecimal value) {
        static final int FINITE = 0;
        static final int POS_INF = 1;
        static final int NEG_INF = -1;
        static final int NAN = 2;

        static Numeric finite(BigDecimal v) {
            return new Numeric(FINITE, v);
        }

        static Numeric of(double d) {
            if (Double.isNaN(d)) {
                return new Numeric(NAN, BigDecimal.ZERO);
            }
            if (Double.isInfinite(d)) {
                return new Numeric(d > 0 ? POS_INF : NEG_INF, BigDecimal.ZERO);
            }
            return finite(new BigDecimal(d));
        }

        /** Total order: -inf < finite < +inf < NaN. */
        int compareTo(Numeric o) {
            int a = rank();
            int b = o.rank();
            if (a != b || a != 1) {
                return Integer.compare(a, b);
            }
            return value.compareTo(o.value);
        }

        private int rank() {
            return switch (special) {
                case NEG_INF -> 0;
                case FINITE -> 1;
                case POS_INF -> 2;
                default -> 3;
            };
        }
    }

    /** The number a numeric literal stands for; empty for other literals. */
    static Optional<Numeric> numeric(Literal lit) {
        return switch (lit) {
            case Literal.Num n -> Optional.of(Numeric.finite(n.value()));
            case Literal.Typed t -> {
                Object v = t.scalar().value();
                if (v instanceof BigDecimal d) {
                    yield Optional.of(Numeric.finite(d));
                }
                if (v instanceof Long l) {
                    yield Optional.of(Numeric.finite(new BigDecimal(intKey(l, t.ptype().orElseThrow()))));
                }
                yield Optional.of(Numeric.of(((Number) v).doubleValue()));
            }
            default -> Optional.empty();
        };
    }

    // ---------------------------------------------------------------- positions

    /**
     * Where a literal falls among integer keys: below all, above all, or at the exact rational {@code num / den}
     * ({@code den > 0}).
     */
    record Position(int where, BigInteger num, BigInteger den) {
        static final int BELOW = -1;
        static final int EXACT = 0;
        static final int ABOVE = 1;

        static Position below() {
            return new Position(BELOW, BigInteger.ZERO, BigInteger.ONE);
        }

        static Position above() {
            return new Position(ABOVE, BigInteger.ZERO, BigInteger.ONE);
        }

        static Position at(BigInteger key) {
            return new Position(EXACT, key, BigInteger.ONE);
        }

        static Position ratio(BigInteger num, BigInteger den) {
            return new Position(EXACT, num, den);
        }

        /** Halfway between {@code key} and {@code key + 1}. */
        static Position after(BigInteger key) {
            return new Position(EXACT, key.shiftLeft(1).add(BigInteger.ONE), BigInteger.TWO);
        }

        boolean integral() {
            return num.mod(den).signum() == 0;
        }

        BigInteger floor() {
            BigInteger[] qr = num.divideAndRemainder(den);
            return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
        }

        BigInteger ceil() {
            return integral() ? floor() : floor().add(BigInteger.ONE);
        }
    }

    /** The position of an exact number among integer keys that count units of {@code 10^-scale}. */
    static Position scaledPosition(BigDecimal v, int scale) {
        if (v.signum() == 0) {
            return Position.at(BigInteger.ZERO);
        }
        long magnitude = (long) v.precision() - v.scale(); // long: the scale may be near Integer.MIN_VALUE
        if (magnitude > HUGE_DIGITS) {
            return v.signum() > 0 ? Position.above() : Position.below();
        }
        if (magnitude < -HUGE_DIGITS) {
            // Only floor, ceiling and integrality matter, and any value this small behaves like this one.
            v = BigDecimal.ONE.movePointLeft(HUGE_DIGITS).multiply(BigDecimal.valueOf(v.signum()));
        }
        BigDecimal shifted = v.movePointRight(scale);
        if (shifted.scale() <= 0) {
            return Position.at(shifted.toBigIntegerExact());
        }
        return Position.ratio(shifted.unscaledValue(), BigInteger.TEN.pow(shifted.scale()));
    }

    /** The position of a number among the keys of an integer or decimal column ({@code scale} 0 for integers). */
    static Position numericPosition(Numeric n, int scale) {
        return switch (n.special()) {
            case Numeric.FINITE -> scaledPosition(n.value(), scale);
            case Numeric.NEG_INF -> Position.below();
            default -> Position.above(); // +inf, and NaN, which sorts above every number
        };
    }

    /**
     * The position of a number among the keys of a float column of type {@code p}: the number rounded to the
     * nearest value of the type (ties to even). A finite number beyond the type's largest finite value stays finite:
     * it falls just beyond that value, below infinity.
     */
    static Position floatPosition(Numeric n, PType p) {
        switch (n.special()) {
            case Numeric.NAN -> {
                return Position.at(maxOf(p));
            }
            case Numeric.POS_INF -> {
                return Position.at(BigInteger.valueOf(keyOfFloat(p, Double.POSITIVE_INFINITY)));
            }
            case Numeric.NEG_INF -> {
                return Position.at(BigInteger.valueOf(keyOfFloat(p, Double.NEGATIVE_INFINITY)));
            }
            default -> { }
        }
        BigDecimal v = n.value();
        if (v.signum() == 0) {
            return Position.at(BigInteger.ZERO);
        }
        long magnitude = (long) v.precision() - v.scale(); // long: the scale may be near Integer.MIN_VALUE
        long maxKey = keyOfFloat(p, p == PType.F16 ? 65504.0 : p == PType.F32 ? Float.MAX_VALUE : Double.MAX_VALUE);
        if (magnitude > FLOAT_DIGITS) {
            return v.signum() > 0 ? Position.after(BigInteger.valueOf(maxKey))
                    : Position.after(BigInteger.valueOf(-maxKey - 1));
        }
        if (magnitude < -FLOAT_DIGITS) {
            return Position.at(BigInteger.ZERO);
        }
        long key;
        boolean overflow;
        switch (p) {
            case F64 -> {
                double d = v.doubleValue();
                overflow = Double.isInfinite(d);
                key = keyF64(d);
            }
            case F32 -> {
                float f = v.floatValue();
                overflow = Float.isInfinite(f);
                key = keyF32(f);
            }
            default -> {
                key = nearestF16(v);
                overflow = key == keyF16(Float.floatToFloat16(Float.POSITIVE_INFINITY))
                        || key == keyF16(Float.floatToFloat16(Float.NEGATIVE_INFINITY));
            }
        }
        if (overflow) {
            return v.signum() > 0 ? Position.after(BigInteger.valueOf(maxKey))
                    : Position.after(BigInteger.valueOf(-maxKey - 1));
        }
        return Position.at(BigInteger.valueOf(key));
    }

    /**
     * The key of the f16 nearest to {@code v} (ties to an even significand), or of an infinity on overflow. Rounding
     * through a float first could round twice, so the neighbours of that estimate are checked exactly.
     */
    private static long nearestF16(BigDecimal v) {
        BigDecimal overflowAt = new BigDecimal(65520);
        if (v.abs().compareTo(overflowAt) >= 0) {
            return keyF16(Float.floatToFloat16(v.signum() > 0 ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY));
        }
        long estimate = keyF16(Float.floatToFloat16(v.floatValue()));
        long best = estimate;
        BigDecimal bestDistance = null;
        long maxKey = keyF16(Float.floatToFloat16(65504f));
        for (long k = estimate - 1; k <= estimate + 1; k++) {
            if (k < -maxKey || k > maxKey) {
                continue;
            }
            BigDecimal distance = new BigDecimal(f16OfKey(k)).subtract(v).abs();
            int c = bestDistance == null ? -1 : distance.compareTo(bestDistance);
            boolean evenTie = c == 0 && (Math.abs(k) & 1) == 0;
            if (c < 0 || evenTie) {
                best = k;
                bestDistance = distance;
            }
        }
        return best;
    }

    // ---------------------------------------------------------------- key sets

    /**
     * The integer keys {@code k} for which {@code k op position} holds: {@code [lo, hi]} (a null end is unbounded),
     * possibly empty, possibly negated (then the keys outside {@code [lo, hi]}).
     */
    record KeySet(BigInteger lo, BigInteger hi, boolean empty, boolean negated) {
        static KeySet none() {
            return new KeySet(null, null, true, false);
        }

        static KeySet all() {
            return new KeySet(null, null, true, true);
        }

        static KeySet range(BigInteger lo, BigInteger hi) {
            if (lo != null && hi != null && lo.compareTo(hi) > 0) {
                return none();
            }
            return new KeySet(lo, hi, false, false);
        }

        KeySet negate() {
            return new KeySet(lo, hi, empty, !negated);
        }

        /** The keys in both sets, when neither is negated (a range then); empty otherwise. */
        Optional<KeySet> intersect(KeySet o) {
            if (negated || o.negated) {
                return Optional.empty();
            }
            if (empty || o.empty) {
                return Optional.of(none());
            }
            BigInteger l = lo == null ? o.lo : o.lo == null ? lo : lo.max(o.lo);
            BigInteger h = hi == null ? o.hi : o.hi == null ? hi : hi.min(o.hi);
            return Optional.of(range(l, h));
        }

        boolean contains(BigInteger k) {
            boolean in = !empty && (lo == null || k.compareTo(lo) >= 0) && (hi == null || k.compareTo(hi) <= 0);
            return in != negated;
        }

        /** Whether some key in {@code [zlo, zhi]} is in this set. */
        boolean intersects(BigInteger zlo, BigInteger zhi) {
            if (negated) {
                return !(new KeySet(lo, hi, empty, false)).covers(zlo, zhi);
            }
            if (empty) {
                return false;
            }
            return (lo == null || zhi.compareTo(lo) >= 0) && (hi == null || zlo.compareTo(hi) <= 0);
        }

        /** Whether every key in {@code [zlo, zhi]} is in this set. */
        boolean covers(BigInteger zlo, BigInteger zhi) {
            if (negated) {
                return !(new KeySet(lo, hi, empty, false)).intersects(zlo, zhi);
            }
            if (empty) {
                return false;
            }
            return (lo == null || zlo.compareTo(lo) >= 0) && (hi == null || zhi.compareTo(hi) <= 0);
        }
    }

    static KeySet keySet(CompareOp op, Position p) {
        if (p.where() != Position.EXACT) {
            boolean above = p.where() == Position.ABOVE;
            return switch (op) {
                case EQ -> KeySet.none();
                case NE -> KeySet.all();
                case LT, LE -> above ? KeySet.all() : KeySet.none();
                case GT, GE -> above ? KeySet.none() : KeySet.all();
            };
        }
        return switch (op) {
            case EQ -> p.integral() ? KeySet.range(p.floor(), p.floor()) : KeySet.none();
            case NE -> keySet(CompareOp.EQ, p).negate();
            case LT -> KeySet.range(null, p.ceil().subtract(BigInteger.ONE));
            case LE -> KeySet.range(null, p.floor());
            case GT -> KeySet.range(p.floor().add(BigInteger.ONE), null);
            case GE -> KeySet.range(p.ceil(), null);
        };
    }

    /**
     * A key set restricted to the keys {@code [dmin, dmax]} a column can hold: every key, none, or the keys in
     * {@code [lo, hi]} (or outside it, when negated) with both ends inside the domain.
     */
    record Test(int kind, BigInteger lo, BigInteger hi, boolean negated) {
        static final int NEVER = 0;
        static final int ALWAYS = 1;
        static final int RANGE = 2;
    }

    static Test clamp(KeySet set, BigInteger dmin, BigInteger dmax) {
        if (set.empty()) {
            return new Test(set.negated() ? Test.ALWAYS : Test.NEVER, dmin, dmax, false);
        }
        BigInteger lo = set.lo() == null ? dmin : set.lo().max(dmin);
        BigInteger hi = set.hi() == null ? dmax : set.hi().min(dmax);
        if (lo.compareTo(hi) > 0) {
            return new Test(set.negated() ? Test.ALWAYS : Test.NEVER, dmin, dmax, false);
        }
        if (lo.equals(dmin) && hi.equals(dmax)) {
            return new Test(set.negated() ? Test.NEVER : Test.ALWAYS, dmin, dmax, false);
        }
        return new Test(Test.RANGE, lo, hi, set.negated());
    }
}
