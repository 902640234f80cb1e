package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.BitBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * An immutable set of rows {@code [0, length)}, one bit per row in {@code long} words: the result of evaluating a
 * filter over a batch, and a row selection for scans. Set operations return new masks of the same length.
 */
public final class RowMask {
    /** The most rows a mask can hold: its words live in one Java array. */
    public static final long MAX_LENGTH = (long) Integer.MAX_VALUE << 6;

    /**
     * The longest mask {@link #all} keeps for reuse: the masks of every row of a chunk come in a few lengths, and
     * sharing them (they are immutable) spares a scan an array per chunk and column.
     */
    private static final long REUSED_ALL_MAX = 1L << 20;
    /** The last mask of every row {@link #all} made, of at most {@link #REUSED_ALL_MAX} rows. */
    private static volatile RowMask lastAll = new RowMask(new long[0], 0, true);

    private final long[] words;
    private final long length;
    /** Whether this was made by {@link #all}: every row is set, known without reading the words. */
    private final boolean full;

    /** Takes ownership of {@code words}, whose bits at and above {@code length} must be zero. */
    RowMask(long[] words, long length) {
        this(words, length, false);
    }

    private RowMask(long[] words, long length, boolean full) {
        this.words = words;
        this.length = length;
        this.full = full;
    }

    private static void checkLength(long length) {
        if (length < 0 || length > MAX_LENGTH) {
            throw new InvalidArgumentException("a row mask holds 0.." + MAX_LENGTH + " rows, not " + length);
        }
    }

    /** No row of {@code length}. */
    public static RowMask none(long length) {
        checkLength(length);
        return new RowMask(new long[Bits.words(length)], length);
    }

    /** Every row of {@code length}. */
    public static RowMask all(long length) {
        checkLength(length);
        RowMask last = lastAll;
        if (last.length == length) {
            return last;
        }
        RowMask all = new RowMask(Bits.ones(length), length, true);
        if (length <= REUSED_ALL_MAX) {
            lastAll = all;
        }
        return all;
    }

    /** Rows {@code [from, to)} of {@code length}. */
    public static RowMask range(long length, long from, long to) {
        checkLength(length);
        if (from < 0 || to < from || to > length) {
            throw new InvalidArgumentException("rows [" + from + ", " + to + ") outside a mask of " + length);
        }
        long[] w = new long[Bits.words(length)];
        for (long i = from; i < to; ) {
            int word = (int) (i >>> 6);
            int bit = (int) (i & 63);
            long n = Math.min(64 - bit, to - i);
            w[word] |= (n == 64 ? -1L : (1L << n) - 1) << bit;
            i += n;
        }
        return new RowMask(w, length);
    }

    /** The given rows of {@code length}; rows may repeat and come in any order. */
    public static RowMask of(long length, long... rows) {
        checkLength(length);
        long[] w = new long[Bits.words(length)];
        for (long r : rows) {
            if (r < 0 || r >= length) {
                throw new InvalidArgumentException("row " + r + " outside a mask of " + length);
            }
            w[(int) (r >>> 6)] |= 1L << r;
        }
        return new RowMask(w, length);
    }

    /** The rows whose bits are set in a bit buffer (at any bit offset). */
    public static RowMask of(BitBuffer bits) {
        checkLength(bits.length());
        return new RowMask(Bits.of(bits), bits.length());
    }

    /**
     * A copy of {@code length} bits of {@code words}, LSB-first (row {@code i} is bit {@code i & 63} of word
     * {@code i >>> 6}); bits beyond {@code length} are ignored.
     */
    public static RowMask fromWords(long[] words, long length) {
        checkLength(length);
        if (words.length < Bits.words(length)) {
            throw new InvalidArgumentException(words.length + " words cannot hold " + length + " bits");
        }
        long[] w = Arrays.copyOf(words, Bits.words(length));
        if (w.length > 0) {
            w[w.length - 1] &= Bits.lastWordMask(length);
        }
        return new RowMask(w, length);
    }

    /** The masks end to end. */
    public static RowMask concat(List<RowMask> masks) {
        long total = 0;
        for (RowMask m : masks) {
            total += m.length;
        }
        checkLength(total);
        long[] w = new long[Bits.words(total)];
        long at = 0;
        for (RowMask m : masks) {
            for (int i = 0; i < m.words.length; i++) {
                long bits = m.words[i];
                if (bits == 0) {
                    continue;
                }
                long pos = at + ((long) i << 6);
                int word = (int) (pos >>> 6);
                int shift = (int) (pos & 63);
                w[word] |= bits << shift;
                if (shift != 0 && word + 1 < w.length) {
                    w[word + 1] |= bits >>> (64 - shift);
                }
            }
            at += m.length;
        }
        return new RowMask(w, total);
    }

    /** The number of rows the mask covers, selected or not. */
    public long length() {
        return length;
    }

    /** Whether {@code row} is in the mask. */
    public boolean get(long row) {
        if (row < 0 || row >= length) {
            throw new InvalidArgumentException("row " + row + " outside a mask of " + length);
        }
        return (words[(int) (row >>> 6)] >>> row & 1) != 0;
    }

    /** The number of rows in the mask. */
    public long countOnes() {
        long n = 0;
        for (long w : words) {
            n += Long.bitCount(w);
        }
        return n;
    }

    /** Whether no row is in the mask (true for an empty mask). */
    public boolean isAllFalse() {
        for (long w : words) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether every row is in the mask (true for an empty mask). */
    public boolean isAllTrue() {
        return full || Bits.allOnes(words, length);
    }

    /** The first row at or after {@code from} that is in the mask, or -1. */
    public long nextSetBit(long from) {
        if (from < 0) {
            throw new InvalidArgumentException("negative row " + from);
        }
        if (from >= length) {
            return -1;
        }
        int i = (int) (from >>> 6);
        long w = words[i] & (-1L << from);
        while (true) {
            if (w != 0) {
                return ((long) i << 6) + Long.numberOfTrailingZeros(w);
            }
            if (++i >= words.length) {
                return -1;
            }
            w = words[i];
        }
    }

    /** The last row at or before {@code from} that is in the mask, or -1. */
    public long previousSetBit(long from) {
        if (from < 0) {
            return -1;
        }
        long at = Math.min(from, length - 1);
        if (at < 0) {
            return -1;
        }
        int i = (int) (at >>> 6);
        long w = words[i] & (-1L >>> (63 - (int) (at & 63)));
        while (true) {
            if (w != 0) {
                return ((long) i << 6) + 63 - Long.numberOfLeadingZeros(w);
            }
            if (--i < 0) {
                return -1;
            }
            w = words[i];
        }
    }

    /** The first row at or after {@code from} that is not in the mask, or -1. */
    public long nextClearBit(long from) {
        if (from < 0) {
            throw new InvalidArgumentException("negative row " + from);
        }
        if (from >= length) {
            return -1;
        }
        int i = (int) (from >>> 6);
        long w = ~words[i] & (-1L << from);
        while (true) {
            if (w != 0) {
                long row = ((long) i << 6) + Long.numberOfTrailingZeros(w);
                return row < length ? row : -1;
            }
            if (++i >= words.length) {
                return -1;
            }
            w = ~words[i];
        }
    }

    /** Calls {@code action} with each row in the mask, in increasing order. */
    public void forEachSetBit(LongConsumer action) {
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            while (w != 0) {
                action.accept(((long) i << 6) + Long.numberOfTrailingZeros(w));
                w &= w - 1;
            }
        }
    }

    /** The rows in the mask, in increasing order. */
    public long[] toRows() {
        long count = countOnes();
        if (count > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException(count + " rows do not fit in an array");
        }
        long[] out = new long[(int) count];
        int n = 0;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            long base = (long) i << 6;
            while (w != 0) {
                out[n++] = base + Long.numberOfTrailingZeros(w);
                w &= w - 1;
            }
        }
        return out;
    }

    private void checkSameLength(RowMask other) {
        Objects.requireNonNull(other, "other is null");
        if (other.length != length) {
            throw new InvalidArgumentException("masks of " + length + " and " + other.length + " rows");
        }
    }

    /** The rows in both masks, which must have the same length. */
    public RowMask and(RowMask other) {
        checkSameLength(other);
        if (full) {
            return other;
        }
        if (other.full) {
            return this;
        }
        long[] w = words.clone();
        for (int i = 0; i < w.length; i++) {
            w[i] &= other.words[i];
        }
        return new RowMask(w, length);
    }

    /** The rows in either mask, which must have the same length. */
    public RowMask or(RowMask other) {
        checkSameLength(other);
        long[] w = words.clone();
        for (int i = 0; i < w.length; i++) {
            w[i] |= other.words[i];
        }
        return new RowMask(w, length);
    }

    /** The rows in this mask and not in {@code other}. */
    public RowMask andNot(RowMask other) {
        checkSameLength(other);
        long[] w = words.clone();
        for (int i = 0; i < w.length; i++) {
            w[i] &= ~other.words[i];
        }
        return new RowMask(w, length);
    }

    /** The rows not in this mask. */
    public RowMask not() {
        long[] w = new long[words.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = ~words[i];
        }
        if (w.length > 0) {
            w[w.length - 1] &= Bits.lastWordMask(length);
        }
        return new RowMask(w, length);
    }

    /** Rows {@code [from, to)} of this mask, as a mask of {@code to - from} rows. */
    public RowMask slice(long from, long to) {
        if (from < 0 || to < from || to > length) {
            throw new InvalidArgumentException("slice [" + from + ", " + to + ") of a mask of " + length);
        }
        long n = to - from;
        long[] w = new long[Bits.words(n)];
        int shift = (int) (from & 63);
        int base = (int) (from >>> 6);
        for (int i = 0; i < w.length; i++) {
            long lo = words[base + i] >>> shift;
            long hi = shift != 0 && base + i + 1 < words.length ? words[base + i + 1] << (64 - shift) : 0;
            w[i] = lo | hi;
        }
        if (w.length > 0) {
            w[w.length - 1] &= Bits.lastWordMask(n);
        }
        return new RowMask(w, n);
    }

    /** The words themselves, not a copy, for evaluation inside this package (never modified through this). */
    long[] words() {
        return words;
    }

    /** A copy of the words: row {@code i} is bit {@code i & 63} of word {@code i >>> 6}. */
    public long[] toWords() {
        return words.clone();
    }

    /** The mask as a bit buffer in the layout of Vortex bool arrays and validity. */
    public BitBuffer toBitBuffer() {
        return BitBuffer.ofBytes(Bits.toBytes(words, length), length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowMask m && m.length == length && Arrays.equals(m.words, words);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(length) + Arrays.hashCode(words);
    }

    /** {@code RowMask[3 of 10: 0, 4, 9]}, listing at most 16 rows. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RowMask[").append(countOnes()).append(" of ").append(length);
        long row = nextSetBit(0);
        for (int shown = 0; row >= 0 && shown < 16; shown++) {
            sb.append(shown == 0 ? ": " : ", ").append(row);
            row = row + 1 < length ? nextSetBit(row + 1) : -1;
        }
        if (row >= 0) {
            sb.append(", ...");
        }
        return sb.append(']').toString();
    }
}
