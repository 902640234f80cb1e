package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.NarrowIntegers;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.TakeKernel;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code vortex.sequence} array as read, not generated yet: row {@code i} holds {@code base + i * multiplier}, which
 * the decoder checked to fit the integer type for every row (so the same sum in 64-bit arithmetic gives each value's
 * bits, sign- or zero-extended as the type says). Nothing is null.
 *
 * <p>{@link #toCanonical()} writes the values once (the result is kept). As {@link LongBlocks} it computes each block
 * straight into the reader's {@code long[]}; as a {@link TakeKernel} it computes just the rows asked for; as a
 * {@link FilterKernel} it answers a predicate that is one range of keys ({@link ValuePredicate#keyRange()}) by
 * arithmetic, the values being monotonic: the rows whose values fall in the range are one run of rows, found by two
 * divisions. Slices are sequences too, from the slice's first value.
 */
final class SequenceArray implements Array, LongBlocks, TakeKernel, FilterKernel {
    private final DType.Primitive dtype;
    private final long base;
    private final long multiplier;
    private final int length;
    private volatile PrimitiveArray canonical;

    /** {@code length} values from {@code base} by {@code multiplier}, all of which fit {@code dtype} (checked). */
    SequenceArray(DType.Primitive dtype, long base, long multiplier, int length) {
        if (length < 0 || !dtype.ptype().isInteger()) {
            throw new IllegalArgumentException("a sequence of " + length + " " + dtype + " values");
        }
        this.dtype = dtype;
        this.base = base;
        this.multiplier = multiplier;
        this.length = length;
    }

    /**
     * Row {@code i}'s value, sign- or zero-extended as the type says: base and multiplier were read so, and every
     * partial sum fits the type, so the 64-bit sum needs no cutting ({@code u64}: the value's bits).
     */
    private long at(long i) {
        return base + i * multiplier;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return SequenceEncoding.ID;
    }

    @Override
    public boolean isValid(long index) {
        Objects.checkIndex(index, length);
        return true;
    }

    @Override
    public long nullCount() {
        return 0;
    }

    /** Rows {@code [from, to)}: the sequence from row {@code from}'s value (a slice of the values once written). */
    @Override
    public Array slice(long from, long to) {
        Objects.checkFromToIndex(from, to, length);
        PrimitiveArray c = canonical;
        if (c != null) {
            return c.slice(from, to);
        }
        if (from == 0 && to == length) {
            return this;
        }
        return new SequenceArray(dtype, at(from), multiplier, (int) (to - from));
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    @Override
    public PrimitiveArray toCanonical() {
        PrimitiveArray c = canonical;
        if (c == null) {
            c = new PrimitiveArray(dtype, SequenceEncoding.generate(dtype.ptype(), length, base, multiplier),
                    Validity.allValid(dtype.nullable()));
            canonical = c;
        }
        return c;
    }

    @Override
    public Scalar scalarAt(long index) {
        Objects.checkIndex(index, length);
        return new Scalar(dtype, at(index));
    }

    /** Blocks of {@link LongBlocks#BLOCK_ROWS} values, computed; declines once the values have been written. */
    @Override
    public Optional<LongBlocks.Cursor> longBlocks() {
        if (canonical != null) {
            return Optional.empty();
        }
        return Optional.of(new LongBlocks.Cursor() {
            private int row;

            @Override
            public int next(long[] out) {
                int n = Math.min(LongBlocks.BLOCK_ROWS, length - row);
                if (n <= 0) {
                    return 0;
                }
                Objects.checkFromIndexSize(0, n, out.length);
                long first = at(row);
                long m = multiplier;
                for (int i = 0; i < n; i++) {
                    out[i] = first + i * m;
                }
                row += n;
                return n;
            }
        });
    }

    /** The values of {@code rows}, computed; declines once the values have been written. */
    @Override
    public Optional<Array> take(long[] rows) {
        if (canonical != null) {
            return Optional.empty();
        }
        long[] values = new long[rows.length];
        for (int i = 0; i < rows.length; i++) {
            values[i] = at(Objects.checkIndex(rows[i], length));
        }
        return Optional.of(NarrowIntegers.of(values, Validity.allValid(dtype.nullable()), dtype.nullable(),
                dtype.ptype(), true));
    }

    @Override
    public void validity(long[] out) {
        Arrays.fill(out, 0, RowBits.words(length), 0L);
        RowBits.setRange(out, 0, length);
    }

    /**
     * A predicate that is one range of keys, answered by arithmetic: the rows {@code i} with
     * {@code lo <= base + i * multiplier <= hi} are one run (the values only rise, only fall or stay), whose ends are
     * two divisions, done exactly. Declines other predicates (and {@code u64} sequences with values past the largest
     * {@code long}, whose keys are not their bits), and once the values have been written.
     */
    @Override
    public boolean match(ValuePredicate predicate, long[] out) {
        Optional<KeyRange> range = predicate.keyRange();
        if (canonical != null || range.isEmpty()) {
            return false;
        }
        if (dtype.ptype() == PType.U64 && length > 0 && (at(0) < 0 || at(length - 1) < 0)) {
            return false;
        }
        KeyRange r = range.get();
        Arrays.fill(out, 0, RowBits.words(length), 0L);
        long[] rows = rowsWithin(r.lo(), r.hi());
        if (r.negated()) {
            RowBits.setRange(out, 0, (int) rows[0]);
            RowBits.setRange(out, (int) rows[1], length);
        } else {
            RowBits.setRange(out, (int) rows[0], (int) rows[1]);
        }
        return true;
    }

    /** The rows {@code [from, to)} whose keys are in {@code [lo, hi]} ({@code from == to} when none are). */
    private long[] rowsWithin(long lo, long hi) {
        if (length == 0 || lo > hi) {
            return new long[] {0, 0};
        }
        BigInteger first = BigInteger.valueOf(base);
        // one value: its step is never applied (and may be any bits)
        BigInteger step = length == 1 ? BigInteger.ZERO : BigInteger.valueOf(multiplier);
        BigInteger low = BigInteger.valueOf(lo).subtract(first);
        BigInteger high = BigInteger.valueOf(hi).subtract(first);
        long from;
        long to;
        switch (step.signum()) {
            case 0 -> {
                // every value is the first
                boolean in = low.signum() <= 0 && high.signum() >= 0;
                from = 0;
                to = in ? length : 0;
            }
            case 1 -> {
                // i * step in [low, high]: i from ceil(low / step) to floor(high / step)
                from = clamp(ceilDiv(low, step));
                to = clamp(floorDiv(high, step).add(BigInteger.ONE));
            }
            default -> {
                // i * step in [low, high] with step < 0: i from ceil(high / step) to floor(low / step)
                from = clamp(ceilDiv(high, step));
                to = clamp(floorDiv(low, step).add(BigInteger.ONE));
            }
        }
        return to <= from ? new long[] {0, 0} : new long[] {from, to};
    }

    private long clamp(BigInteger row) {
        return row.max(BigInteger.ZERO).min(BigInteger.valueOf(length)).longValue();
    }

    private static BigInteger floorDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() != 0 && (qr[1].signum() != b.signum()) ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    private static BigInteger ceilDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() != 0 && (qr[1].signum() == b.signum()) ? qr[0].add(BigInteger.ONE) : qr[0];
    }

    @Override
    public String toString() {
        return SequenceEncoding.ID + "[" + dtype + ", " + length + " values from " + base + " by "
                + multiplier + "]";
    }
}
