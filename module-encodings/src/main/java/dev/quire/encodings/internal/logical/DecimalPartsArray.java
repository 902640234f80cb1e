package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.CodeTableKernel;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.TakeKernel;
import java.util.Optional;

/**
 * A {@code vortex.decimal_byte_parts} array over a most significant part that answers filters from its codes (a
 * {@link CodeTableKernel}, such as bit-packed integers): predicates on the decimals are evaluated on the decimals the
 * codes stand for, and the part is decoded only when the values are needed ({@link #toCanonical()}, kept once built).
 * A selective scan's rows are taken from the part ({@link TakeKernel}) when it offers that, and a reader of the unscaled
 * values as longs reads the part's block cursor ({@link LongBlocks}): the part's signed integers are the unscaled
 * values.
 */
final class DecimalPartsArray implements Array, FilterKernel, TakeKernel, LongBlocks {
    private final DType.Decimal dtype;
    private final Array part;
    private final CodeTableKernel kernel;
    private DecimalArray canonical;

    /** {@code part} is the most significant part, of the array's length and nullability. */
    DecimalPartsArray(DType.Decimal dtype, Array part, CodeTableKernel kernel) {
        this.dtype = dtype;
        this.part = part;
        this.kernel = kernel;
    }

    @Override
    public DType.Decimal dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return part.length();
    }

    @Override
    public String encodingId() {
        return DecimalBytePartsEncoding.ID;
    }

    @Override
    public boolean isValid(long index) {
        return part.isValid(index);
    }

    @Override
    public long nullCount() {
        return part.nullCount();
    }

    @Override
    public Array slice(long from, long to) {
        if (canonical != null) {
            return canonical.slice(from, to);
        }
        return DecimalBytePartsEncoding.over(dtype, part.slice(from, to));
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    @Override
    public DecimalArray toCanonical() {
        DecimalArray c = canonical;
        if (c == null) {
            c = decimals(dtype, (PrimitiveArray) part.toCanonical());
            canonical = c;
        }
        return c;
    }

    @Override
    public Scalar scalarAt(long index) {
        return toCanonical().scalarAt(index);
    }

    @Override
    public void validity(long[] out) {
        kernel.validity(out);
    }

    @Override
    public boolean match(ValuePredicate predicate, long[] out) {
        return match(predicate, (long[]) null, out);
    }

    /**
     * A key range is handed to the part as it is: a decimal's key is its unscaled integer, which is the part's
     * (signed) integer. Any other predicate is evaluated on the decimals the part's codes stand for.
     */
    @Override
    public boolean match(ValuePredicate predicate, long[] within, long[] out) {
        if (canonical != null) {
            return false;
        }
        Optional<KeyRange> range = predicate.keyRange();
        if (range.isPresent() && part.dtype() instanceof DType.Primitive p && p.ptype().isSigned()
                && p.ptype().isInteger() && kernel.matchKeys(range.get(), within, out)) {
            return true;
        }
        DType.Decimal valid = (DType.Decimal) dtype.withNullable(false);
        return kernel.match(predicate, values -> decimals(valid, (PrimitiveArray) values), out);
    }

    @Override
    public Optional<Array> take(long[] rows) {
        if (canonical != null || !(part instanceof TakeKernel taker)) {
            return Optional.empty();
        }
        return taker.take(rows).map(values -> decimals(dtype, (PrimitiveArray) values));
    }

    /** The part's cursor, before this array has been decoded (after, its canonical values are read instead). */
    @Override
    public Optional<LongBlocks.Cursor> longBlocks() {
        if (canonical != null || !(part instanceof LongBlocks blocks)) {
            return Optional.empty();
        }
        return blocks.longBlocks();
    }

    /** {@code values}' integers read as unscaled decimals of {@code dtype}, sharing their memory. */
    static DecimalArray decimals(DType.Decimal dtype, PrimitiveArray values) {
        Validity validity = dtype.nullable() ? values.validity() : Validity.NON_NULLABLE;
        if (dtype.nullable() && validity instanceof Validity.NonNullable) {
            validity = Validity.ALL_VALID;
        }
        return new DecimalArray(dtype, values.values(), values.ptype().byteWidth(), validity);
    }
}
