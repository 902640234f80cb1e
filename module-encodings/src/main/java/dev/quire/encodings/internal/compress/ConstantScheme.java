package dev.quire.encodings.internal.compress;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.Set;

/**
 * {@code vortex.constant} for arrays whose values are all null or all one value with no nulls: one scalar, whatever
 * the length. Checked on the whole array (a sample being constant says little), stopping at the first difference.
 */
public final class ConstantScheme implements Scheme {
    public static final String ID = "constant";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.INTEGER, ValueClass.FLOAT, ValueClass.BOOL, ValueClass.STRING, ValueClass.DECIMAL);
    }

    @Override
    public int decodeCost() {
        return 0;
    }

    @Override
    public boolean applies(Array canonical, CompressionContext ctx) {
        return constant(canonical).isPresent();
    }

    @Override
    public Optional<Array> compress(Array canonical, CompressionContext ctx) {
        return constant(canonical).map(s -> new ConstantArray(s, canonical.length()));
    }

    /** The one value of {@code canonical} (null when all are null), or empty when it holds several. */
    static Optional<Scalar> constant(Array canonical) {
        long n = canonical.length();
        if (n == 0) {
            return Optional.empty();
        }
        long nulls = canonical.nullCount();
        if (nulls == n) {
            return Optional.of(Scalar.nullOf(canonical.dtype()));
        }
        if (nulls > 0) {
            return Optional.empty();
        }
        boolean same = switch (canonical) {
            case PrimitiveArray p -> samePrimitive(p);
            case BoolArray b -> {
                long ones = b.bits().countOnes();
                yield ones == 0 || ones == n;
            }
            default -> {
                Scalar first = canonical.scalarAt(0);
                for (long i = 1; i < n; i++) {
                    if (!canonical.scalarAt(i).equals(first)) {
                        yield false;
                    }
                }
                yield true;
            }
        };
        return same ? Optional.of(canonical.scalarAt(0)) : Optional.empty();
    }

    /** Whether every value has the bits of the first (so {@code -0.0} and {@code 0.0} differ, as they should). */
    private static boolean samePrimitive(PrimitiveArray p) {
        int width = p.ptype().byteWidth();
        MemorySegment s = p.values();
        long n = p.length();
        MemorySegment first = s.asSlice(0, width);
        for (long i = 1; i < n; i++) {
            if (MemorySegment.mismatch(s, i * width, (i + 1) * width, first, 0, width) != -1) {
                return false;
            }
        }
        return true;
    }
}
