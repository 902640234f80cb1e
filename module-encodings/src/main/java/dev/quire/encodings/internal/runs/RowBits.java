package dev.quire.encodings.internal.runs;

/** Rows as bits in {@code long[]} words (row {@code i} is bit {@code i & 63} of word {@code i >>> 6}). */
final class RowBits {
    private RowBits() {}

    /** Sets the bits of rows {@code [from, to)}; nothing when {@code to <= from}. */
    static void setRange(long[] words, int from, int to) {
        if (to <= from) {
            return;
        }
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        long head = -1L << from;
        long tail = -1L >>> -to;
        if (first == last) {
            words[first] |= head & tail;
            return;
        }
        words[first] |= head;
        for (int w = first + 1; w < last; w++) {
            words[w] = -1L;
        }
        words[last] |= tail;
    }

    /** The words for {@code n} rows: {@code ceil(n / 64)}. */
    static int words(long n) {
        return (int) ((n + 63) >>> 6);
    }
}
