package dev.quire.layout.expr;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.format.ArrayStats;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A numeric, decimal or temporal column in a list of literals, given as the keys of the literals that the column can
 * equal (literals between keys, such as 1.5 for an integer column, can never be equal and are dropped at binding).
 * Values are loaded 64 at a time into a key buffer and looked up in a sorted array.
 */
final class SetNode extends LeafNode {
    private final Domain domain;
    private final BigInteger[] keys;
    private final boolean hasNull;
    private final long[] fixed;
    /** Decimal keys by storage width (sorted longs up to 8 bytes, four limbs per key above); filled on first use. */
    private final long[][] byWidth = new long[33][];

    SetNode(FieldPath path, DType dtype, Domain domain, List<BigInteger> keys, boolean hasNull) {
        super(path, dtype);
        this.domain = domain;
        this.keys = keys.stream().distinct().sorted().toArray(BigInteger[]::new);
        this.hasNull = hasNull;
        this.fixed = domain.family() == Domain.Family.DECIMAL ? null : raw(domain.min(), domain.max());
    }

    /** The keys within {@code [min, max]} as raw longs (u64 keys keep their bits), sorted as signed longs. */
    private long[] raw(BigInteger min, BigInteger max) {
        return Arrays.stream(keys).filter(k -> k.compareTo(min) >= 0 && k.compareTo(max) <= 0)
                .mapToLong(BigInteger::longValue).sorted().toArray();
    }

    private long[] decimalKeys(int width) {
        long[] k = byWidth[width];
        if (k == null) {
            BigInteger min = Coercion.decimalMin(width);
            BigInteger max = Coercion.decimalMax(width);
            if (width <= 8) {
                k = raw(min, max);
            } else {
                List<Long> limbs = new ArrayList<>();
                for (BigInteger key : keys) {
                    if (key.compareTo(min) >= 0 && key.compareTo(max) <= 0) {
                        for (long l : RangeNode.limbs(key)) {
                            limbs.add(l);
                        }
                    }
                }
                k = limbs.stream().mapToLong(Long::longValue).toArray();
            }
            byWidth[width] = k;
        }
        return k;
    }

    @Override
    boolean nonMatchIsNull() {
        return hasNull;
    }

    @Override
    void match(Array canonical, int n, long[] valid, long[] out) {
        MemorySegment values;
        Kernels.KeyKind kind;
        long[] set;
        if (canonical instanceof DecimalArray d) {
            values = d.values();
            set = decimalKeys(d.valueWidth());
            switch (d.valueWidth()) {
                case 1 -> kind = Kernels.KeyKind.I8;
                case 2 -> kind = Kernels.KeyKind.I16;
                case 4 -> kind = Kernels.KeyKind.I32;
                case 8 -> kind = Kernels.KeyKind.I64;
                default -> {
                    matchWide(values, d.valueWidth(), n, set, out);
                    return;
                }
            }
        } else {
            values = ((PrimitiveArray) canonical).values();
            kind = domain.keyKind();
            set = fixed;
        }
        long[] buf = new long[64];
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int count = Math.min(64, n - row);
            Kernels.loadKeys(values, kind, row, count, buf);
            long bits = 0;
            for (int j = 0; j < count; j++) {
                bits |= (Kernels.contains(set, buf[j]) ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    private static void matchWide(MemorySegment values, int width, int n, long[] limbs, long[] out) {
        long[] buf = new long[4 * 64];
        int size = limbs.length / 4;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int count = Math.min(64, n - row);
            Kernels.loadLimbs(values, width, row, count, buf);
            long bits = 0;
            for (int j = 0; j < count; j++) {
                boolean hit = false;
                for (int k = 0; k < size && !hit; k++) {
                    hit = Kernels.compareLimbs(buf, 4 * j, limbs, 4 * k) == 0;
                }
                bits |= (hit ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    @Override
    int pruneValid(ArrayStats stats) {
        BigInteger[] zone = RangeNode.zoneKeys(domain, stats);
        boolean canTrue = false;
        for (BigInteger k : keys) {
            canTrue |= k.compareTo(zone[0]) >= 0 && k.compareTo(zone[1]) <= 0;
        }
        boolean onlyMember = zone[0].equals(zone[1]) && Arrays.asList(keys).contains(zone[0]);
        return (canTrue ? TRUE : 0) | (onlyMember ? 0 : hasNull ? NULL : FALSE);
    }

    @Override
    public String toString() {
        return "In(" + path + ", " + Arrays.toString(keys) + (hasNull ? ", null" : "") + ")";
    }
}
