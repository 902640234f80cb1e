package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.ViewTable;
import dev.quire.layout.expr.ValuePredicate;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The values of one dictionary, shared by every array over it (slices, and every read of one dictionary layout): their
 * canonical form, decoded once, and the values each filter predicate matched, computed once per predicate. Thread-safe.
 */
final class DictValues {
    /** Predicates remembered per dictionary; a scan has a handful, so the cache is cleared rather than evicted. */
    private static final int MAX_CACHED_PREDICATES = 32;

    private final Array array;
    private volatile Array canonical;
    private volatile long[] validBits;
    private volatile SlotTable slotTable;
    private volatile ViewTable viewTable;
    private volatile long[] longTable;
    private volatile BytesTable bytesTable;
    /** Set once the values were found too large for a {@link BytesTable}, so that no later call tries again. */
    private volatile boolean bytesTooLarge;
    private final Map<ValuePredicate, long[]> matches = new IdentityHashMap<>();
    private final AtomicLong evaluations = new AtomicLong();

    DictValues(Array array) {
        this.array = array;
    }

    Array array() {
        return array;
    }

    long length() {
        return array.length();
    }

    boolean hasNulls() {
        return array.dtype().nullable() && canonical().nullCount() > 0;
    }

    /** The values in their canonical encoding, decoded on first use. */
    Array canonical() {
        Array c = canonical;
        if (c == null) {
            c = array.toCanonical();
            canonical = c;
        }
        return c;
    }

    /**
     * The slots of the canonical values ({@code source}, {@code width} bytes each) as a heap table for gathering, made
     * on first use; null when they are too large to copy.
     */
    SlotTable slotTable(java.lang.foreign.MemorySegment source, int width) {
        SlotTable t = slotTable;
        if (t == null || t.width() != width) {
            t = SlotTable.of(source, width);
            if (t != null) {
                slotTable = t;
            }
        }
        return t;
    }

    /** The views of {@code values} (these values, canonical) for gathering strings by code, made on first use. */
    ViewTable viewTable(VarBinViewArray values) {
        ViewTable t = viewTable;
        if (t == null || t.source() != values) {
            t = ViewTable.of(values);
            viewTable = t;
        }
        return t;
    }

    /**
     * The values as {@link LongBlocks} reads them (integers sign- or zero-extended, decimals unscaled), with one 0
     * past them (the zero slot a gather points null rows at), made on first use. The caller checked that the values
     * read as longs.
     */
    long[] longTable() {
        long[] t = longTable;
        if (t == null) {
            int n = Math.toIntExact(length());
            t = new long[n + 1];
            LongBlocks.Cursor values = LongBlocks.cursor(canonical());
            long[] block = new long[LongBlocks.BLOCK_ROWS];
            for (int at = 0, k; (k = values.next(block)) > 0; at += k) {
                System.arraycopy(block, 0, t, at, k);
            }
            longTable = t;
        }
        return t;
    }

    /**
     * The values' bytes end to end, with {@link #ROOM} bytes of zeros after them, and where each starts:
     * {@code offsets[i]} to {@code offsets[i + 1]} for value {@code i}, and an empty value past them (the zero slot a
     * gather points null rows at); and the length of the longest value. A null value is empty.
     */
    record BytesTable(byte[] bytes, int[] offsets, int longest) {
        /** Bytes of zeros past the last value: a reader may read four whole words from any value's start. */
        static final int ROOM = 32;
    }

    /**
     * The values as a {@link BytesTable}, made on first use; null when their bytes exceed {@code maxBytes} or one value
     * exceeds {@code maxValue} (found once, then remembered). The caller checked that the values are utf8 or binary.
     */
    BytesTable bytesTable(int maxBytes, int maxValue) {
        BytesTable t = bytesTable;
        if (t == null && !bytesTooLarge) {
            int n = Math.toIntExact(length());
            int[] offsets = new int[n + 2];
            byte[] bytes = new byte[BytesTable.ROOM];
            int longest = 0;
            BytesBlocks.Cursor values = BytesBlocks.cursor(canonical());
            BytesBlocks.Block block = new BytesBlocks.Block();
            int at = 0;
            for (int k; (k = values.next(block)) > 0; ) {
                int[] o = block.offsets();
                int size = o[k];
                boolean tooLarge = (long) offsets[at] + size > maxBytes;
                for (int i = 0; i < k && !tooLarge; i++) {
                    int length = o[i + 1] - o[i];
                    tooLarge = length > maxValue;
                    longest = Math.max(longest, length);
                }
                if (tooLarge) {
                    bytesTooLarge = true;
                    return null;
                }
                int end = offsets[at] + size;
                if (bytes.length < end + BytesTable.ROOM) {
                    bytes = Arrays.copyOf(bytes, Math.max(end + BytesTable.ROOM, 2 * bytes.length));
                }
                System.arraycopy(block.bytes(), 0, bytes, offsets[at], size);
                for (int i = 0; i < k; i++) {
                    offsets[at + i + 1] = offsets[at] + o[i + 1];
                }
                at += k;
            }
            offsets[n + 1] = offsets[n];
            t = new BytesTable(bytes, offsets, longest);
            bytesTable = t;
        }
        return t;
    }

    /**
     * One bit per value, set when the value is not null, with room for one clear bit past the values (the zero slot
     * a gather points null rows at).
     */
    long[] validBits() {
        long[] v = validBits;
        if (v == null) {
            Array c = canonical();
            int n = Math.toIntExact(c.length());
            v = new long[(n + 64) >>> 6];
            for (int i = 0; i < n; i++) {
                if (c.isValid(i)) {
                    v[i >>> 6] |= 1L << i;
                }
            }
            validBits = v;
        }
        return v;
    }

    /** The values {@code predicate} matches, one bit per value; computed once per predicate. */
    long[] matches(ValuePredicate predicate) {
        synchronized (matches) {
            long[] m = matches.get(predicate);
            if (m != null) {
                return m;
            }
        }
        long[] m = predicate.matches(canonical());
        evaluations.incrementAndGet();
        synchronized (matches) {
            if (matches.size() >= MAX_CACHED_PREDICATES) {
                matches.clear();
            }
            matches.put(predicate, m);
        }
        return m;
    }

    /** How many times a predicate was evaluated on these values (for tests: once per predicate). */
    long evaluations() {
        return evaluations.get();
    }
}
