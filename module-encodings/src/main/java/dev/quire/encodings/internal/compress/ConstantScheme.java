package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.logical.MaskedEncoder;
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
 * the length; one value with some nulls is {@code vortex.masked} over such a constant. Checked on the whole array (a sample being constant says little), stopping at the first difference.
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
        return constant(canonical).isPresent() || maskedConstant(canonical).isPresent();
    }

    @Override
    public Optional<Array> compress(Array canonical, CompressionContext ctx) {
        Optional<Scalar> constant = constant(canonical);
        if (constant.isPresent()) {
            return Optional.of(new ConstantArray(constant.get(), canonical.length()));
        }
        // One value and some nulls: the value as a constant of the non-nullable type, the nulls as a mask.
        return maskedConstant(canonical).map(s -> MaskedEncoder.wrap(canonical,
                new ConstantArray(new Scalar(canonical.dtype().withNullable(false), s.value()), canonical.length()),
                MaskedEncoder.validityOf(canonical).orElseThrow()));
    }

    /** The one value all valid values of {@code canonical} share when it has some nulls (but not only nulls). */
    static Optional<Scalar> maskedConstant(Array canonical) {
        long n = canonical.length();
        long nulls = canonical.nullCount();
        if (nulls == 0 || nulls == n || MaskedEncoder.validityOf(canonical).isEmpty()) {
            return Optional.empty();
        }
        Scalar first = null;
        for (long i = 0; i < n; i++) {
            if (!canonical.isValid(i)) {
                continue;
            }
            Scalar s = canonical.scalarAt(i);
            if (first == null) {
                first = s;
            } else if (!s.equals(first)) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(first);
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
