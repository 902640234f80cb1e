package dev.quire.layout.expr;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.format.ArrayStats;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;

/**
 * A numeric, decimal or temporal column compared with a literal: true where the column's key is in a
 * {@link Coercion.KeySet}, one range (or its complement). The set is clamped to the keys the column's type can hold
 * once at binding; decimals, whose storage width is only known per batch, clamp per width on first use.
 */
final class RangeNode extends LeafNode {
    private final Domain domain;
    private final Coercion.KeySet set;
    private final Coercion.Test fixed;
    /** Decimal tests by storage width; filled on first use (racy but immutable, so safe to share). */
    private final Coercion.Test[] byWidth = new Coercion.Test[33];
    /** The test as a range of 64-bit keys, for kernels over integer codes; empty for floats and u64 beyond a long. */
    private final Optional<KeyRange> keyRange;

    RangeNode(FieldPath path, DType dtype, Domain domain, Coercion.KeySet set) {
        super(path, dtype);
        this.domain = domain;
        this.set = set;
        this.fixed = domain.family() == Domain.Family.DECIMAL ? null
                : Coercion.clamp(set, domain.min(), domain.max());
        this.keyRange = keyRangeOf(domain, Coercion.clamp(set, domain.min().max(LONG_MIN),
                domain.max().min(LONG_MAX)));
    }

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /**
     * {@code t}, the test clamped to the keys a long holds, as a key range, for integer, temporal and decimal
     * columns: exact for every key that fits a long, which is all a kernel over 64-bit or narrower values needs.
     */
    private static Optional<KeyRange> keyRangeOf(Domain domain, Coercion.Test t) {
        Domain.Family family = domain.family();
        if (family != Domain.Family.INT && family != Domain.Family.TEMPORAL && family != Domain.Family.DECIMAL) {
            return Optional.empty();
        }
        return switch (t.kind()) {
            case Coercion.Test.NEVER -> Optional.of(new KeyRange(1, 0, false));
            case Coercion.Test.ALWAYS -> Optional.of(new KeyRange(1, 0, true));
            default -> t.lo().bitLength() < 64 && t.hi().bitLength() < 64
                    ? Optional.of(new KeyRange(t.lo().longValue(), t.hi().longValue(), t.negated()))
                    : Optional.empty();
        };
    }

    @Override
    public Optional<KeyRange> keyRange() {
        return keyRange;
    }

    /**
     * One range test for {@code this and other} when both test the same column with plain ranges (so
     * {@code x >= 1 and x < 5}, and {@code between}, read the column once); empty otherwise.
     */
    Optional<RangeNode> intersect(RangeNode other) {
        if (!path.equals(other.path) || !domain.equals(other.domain)) {
            return Optional.empty();
        }
        return set.intersect(other.set).map(s -> new RangeNode(path, dtype, domain, s));
    }

    /** What range tests must share to fuse: the column; null for a negated test, which never fuses. */
    Object fusionKey() {
        return set.negated() ? null : path;
    }

    /** The test over the whole domain: whether every valid row, or none, satisfies it. */
    Coercion.Test test() {
        return fixed != null ? fixed : Coercion.clamp(set, domain.min(), domain.max());
    }

    private Coercion.Test decimalTest(int width) {
        Coercion.Test t = byWidth[width];
        if (t == null) {
            t = Coercion.clamp(set, Coercion.decimalMin(width), Coercion.decimalMax(width));
            byWidth[width] = t;
        }
        return t;
    }

    @Override
    void match(Array canonical, int n, long[] valid, long[] out) {
        Coercion.Test t;
        MemorySegment values;
        int width = 0;
        if (canonical instanceof DecimalArray d) {
            width = d.valueWidth();
            t = decimalTest(width);
            values = d.values();
        } else {
            t = fixed;
            values = ((PrimitiveArray) canonical).values();
        }
        if (t.kind() != Coercion.Test.RANGE) {
            Arrays.fill(out, t.kind() == Coercion.Test.ALWAYS ? -1L : 0L);
            return;
        }
        long lo = t.lo().longValue();
        long hi = t.hi().longValue();
        if (width != 0) {
            switch (width) {
                case 1 -> Kernels.rangeI8(values, n, lo, hi, out);
                case 2 -> Kernels.rangeI16(values, n, lo, hi, out);
                case 4 -> Kernels.rangeI32(values, n, lo, hi, out);
                case 8 -> Kernels.range64(values, n, lo, hi, out);
                case 16 -> Kernels.rangeI128(values, n, t.lo().shiftRight(64).longValue(), lo,
                        t.hi().shiftRight(64).longValue(), hi, out);
                default -> Kernels.rangeI256(values, n, limbs(t.lo()), limbs(t.hi()), out);
            }
        } else {
            switch (domain.keyKind()) {
                case I8 -> Kernels.rangeI8(values, n, lo, hi, out);
                case U8 -> Kernels.rangeU8(values, n, lo, hi, out);
                case I16 -> Kernels.rangeI16(values, n, lo, hi, out);
                case U16 -> Kernels.rangeU16(values, n, lo, hi, out);
                case I32 -> Kernels.rangeI32(values, n, lo, hi, out);
                case U32 -> Kernels.rangeU32(values, n, lo, hi, out);
                case I64, U64 -> Kernels.range64(values, n, lo, hi, out);
                case F16 -> Kernels.rangeF16(values, n, lo, hi, out);
                case F32 -> Kernels.rangeF32(values, n, lo, hi, out);
                case F64 -> Kernels.rangeF64(values, n, lo, hi, out);
            }
        }
        if (t.negated()) {
            for (int i = 0; i < out.length; i++) {
                out[i] = ~out[i];
            }
        }
    }

    /** A 256-bit value as four limbs, most significant first. */
    static long[] limbs(BigInteger v) {
        return new long[] {v.shiftRight(192).longValue(), v.shiftRight(128).longValue(), v.shiftRight(64).longValue(),
                v.longValue()};
    }

    @Override
    int pruneValid(ArrayStats stats) {
        BigInteger[] zone = zoneKeys(domain, stats);
        return (set.intersects(zone[0], zone[1]) ? TRUE : 0) | (set.covers(zone[0], zone[1]) ? 0 : FALSE);
    }

    /**
     * The range of keys the zone's valid values lie in, from min and max (the whole domain where they are missing).
     * For floats, NaN (the largest key) is possible unless the NaN count says there is none.
     */
    static BigInteger[] zoneKeys(Domain domain, ArrayStats stats) {
        BigInteger lo = stats.min().flatMap(s -> domain.statKey(s, false)).orElse(domain.min());
        BigInteger hi = stats.max().flatMap(s -> domain.statKey(s, true)).orElse(domain.max());
        if (domain.family() == Domain.Family.FLOAT
                && (stats.nanCount().isEmpty() || stats.nanCount().getAsLong() > 0)) {
            hi = domain.max();
        }
        lo = lo.max(domain.min());
        hi = hi.min(domain.max());
        if (lo.compareTo(hi) > 0) {
            return new BigInteger[] {domain.min(), domain.max()}; // contradictory statistics say nothing
        }
        return new BigInteger[] {lo, hi};
    }

    @Override
    public String toString() {
        return "Range(" + path + ", " + set + ")";
    }
}
