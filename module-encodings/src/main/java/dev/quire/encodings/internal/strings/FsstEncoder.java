package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.NarrowIntegers;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Encodes strings as {@code vortex.fsst} (Fast Static Symbol Table, Boncz, Neumann and Leis, VLDB 2020). A table of up
 * to 255 symbols of 1 to 8 bytes is trained on a sample of the values; each value then becomes a stream of one-byte
 * codes, each standing for the symbol that matches at that point as fsst-rs finds it (see {@link SymbolTable#match}),
 * or the escape code 255 followed by a literal byte.
 *
 * <p>Training follows the paper's bottom-up loop: starting from an empty table, each of {@value #GENERATIONS}
 * generations compresses the sample with the current table, counting how often each symbol (or escaped byte) occurs and
 * how often each pair occurs in sequence; the next table takes the {@value #MAX_SYMBOLS} candidates, among those
 * symbols and the concatenations of those pairs (cut at 8 bytes), with the largest gain (occurrences times length)
 * that the table admits.
 * The sample is up to {@value #SAMPLE_BYTES} bytes of values picked with a fixed seed, longer values cut into
 * {@value #SAMPLE_PIECE}-byte pieces, so the table (and the file) is deterministic.
 */
public final class FsstEncoder {
    /** The number of training generations. */
    static final int GENERATIONS = 5;
    /** The most symbols a table holds (code 255 is the escape). */
    static final int MAX_SYMBOLS = 255;
    /**
     * The longest symbol trained (the format's limit). Vortex evaluates {@code =} and {@code !=} on FSST data by
     * compressing the constant with its own compressor (fsst-rs, rebuilt from this table) and comparing code bytes, so
     * this encoder produces exactly the codes fsst-rs would: it looks symbols up the way fsst-rs does (see
     * {@link SymbolTable#match}), and keeps only tables on which that lookup is unambiguous (see
     * {@link #admissible}).
     */
    static final int MAX_TRAINED_LENGTH = 8;
    /** Slots of fsst-rs's hash table for symbols of 3 or more bytes, keyed by their first three bytes. */
    static final int HASH_SLOTS = 1 << 11;
    /** The bytes of values the table is trained on. */
    static final int SAMPLE_BYTES = 1 << 15;
    /** The longest piece of one value in the sample. */
    static final int SAMPLE_PIECE = 512;

    private static final int ESCAPE = FsstSymbols.ESCAPE;
    private static final long SEED = 0x5EED_F557L;
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private FsstEncoder() {}

    /** Encodes {@code values} (utf8 or binary) with a table trained on a sample of them. */
    public static FsstArray encode(VarBinViewArray values) {
        if (!(values.dtype() instanceof DType.Utf8) && !(values.dtype() instanceof DType.Binary)) {
            throw new InvalidArgumentException("FSST encodes strings or binary, not " + values.dtype());
        }
        Strings strings = Strings.of(values);
        SymbolTable table = train(strings);
        return compress(values, strings, table);
    }

    /** The valid values' bytes back to back, with 8 bytes of slack for whole-word reads. */
    record Strings(byte[] data, int[] starts, int[] lengths, Validity validity, boolean allValid) {
        static Strings of(VarBinViewArray values) {
            int n = Math.toIntExact(values.length());
            Validity validity = values.validity();
            boolean allValid = values.nullCount() == 0;
            int[] starts = new int[n];
            int[] lengths = new int[n];
            long total = 0;
            for (int i = 0; i < n; i++) {
                if (allValid || validity.isValid(i)) {
                    lengths[i] = values.byteLength(i);
                    total += lengths[i];
                }
            }
            if (total > EncodingParts.MAX_ARRAY_LENGTH - 16) {
                throw new InvalidArgumentException("FSST encodes at most " + (EncodingParts.MAX_ARRAY_LENGTH - 16)
                        + " bytes at once, got " + total);
            }
            byte[] data = new byte[(int) total + 8];
            // Straight from the views (inlined bytes) and data buffers into the array, without a slice per value.
            MemorySegment views = values.views();
            List<MemorySegment> buffers = values.buffers();
            int at = 0;
            for (int i = 0; i < n; i++) {
                starts[i] = at;
                int len = lengths[i];
                if (len > 0) {
                    long view = (long) i * VarBinViewArray.VIEW_SIZE;
                    if (len <= VarBinViewArray.MAX_INLINED) {
                        MemorySegment.copy(views, ValueLayout.JAVA_BYTE, view + 4, data, at, len);
                    } else {
                        MemorySegment buffer = buffers.get(views.get(LittleEndian.INT, view + 8));
                        long offset = Integer.toUnsignedLong(views.get(LittleEndian.INT, view + 12));
                        MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, offset, data, at, len);
                    }
                    at += len;
                }
            }
            return new Strings(data, starts, lengths, validity, allValid);
        }
    }

    /**
     * A symbol table with the lookup fsst-rs does: a symbol of 2 bytes is found by its bytes, one of 3 to 8 bytes
     * through the hash slot of its first three bytes, one of 1 byte by its byte. Tables are {@link #admissible}, so
     * no two-byte symbol is also the start of a longer one and each slot holds at most one symbol.
     *
     * <p>The lookup tables have power-of-two lengths and are indexed with {@code & (length - 1)}, which the JIT
     * compiles without bounds checks, and they are laid out so that {@link #match} takes every candidate and picks one
     * without a branch on which kind of symbol matched (a branch on that mispredicts about once a code on text).
     */
    static final class SymbolTable {
        final long[] symbols;
        final int[] lengths;
        final int count;
        /** The code a hash slot without a symbol holds (no symbol has it: there are at most 255). */
        private static final int NONE = 255;
        /** What each byte becomes alone: its one-byte symbol's code, or 256 plus the byte (an escape). */
        private final int[] single = new int[256];
        /**
         * The code plus one of each two-byte symbol by its bytes (little-endian), or 0: a byte per entry (codes are
         * below 255), left as allocated instead of filled, since a training builds a table per generation.
         */
        private final byte[] pairs = new byte[1 << 16];
        /** The code of the symbol of 3 to 8 bytes in each hash slot, or {@link #NONE}. */
        private final int[] slots = new int[HASH_SLOTS];
        /**
         * By code, for the slot's candidate: the symbol's bytes and a mask of its length ({@link #NONE}'s mask is 0
         * and its bytes -1, so it matches no word); 256 entries.
         */
        private final long[] slotSymbols = new long[256];
        private final long[] slotMasks = new long[256];
        /** By code: the symbol's length (256 entries). */
        private final int[] codeLengths = new int[256];

        SymbolTable(long[] symbols, int[] lengths) {
            this.count = symbols.length;
            this.symbols = symbols;
            this.lengths = lengths;
            for (int b = 0; b < 256; b++) {
                single[b] = 256 + b;
            }
            Arrays.fill(slots, NONE);
            slotSymbols[NONE] = -1L;
            for (int c = 0; c < count; c++) {
                codeLengths[c] = lengths[c];
                switch (lengths[c]) {
                    case 1 -> single[(int) symbols[c] & 0xFF] = c;
                    case 2 -> pairs[(int) symbols[c] & 0xFFFF] = (byte) (c + 1);
                    default -> {
                        slots[slot(symbols[c])] = c;
                        slotSymbols[c] = symbols[c];
                        slotMasks[c] = mask(lengths[c]);
                    }
                }
            }
        }

        /**
         * The code fsst-rs emits for {@code data} at {@code pos} ({@code avail} bytes left, read as a word padded
         * with zero bytes), or 256 plus the byte there when it escapes it: the two-byte symbol of the next two bytes
         * if there is one (none longer starts with them, see {@link #admissible}); else the symbol in the hash slot
         * of the next three bytes if it matches; else the one-byte symbol, or the escape. With branches: for one
         * stream of codes, where each lookup waits for the last one's length anyway (training).
         */
        int match(byte[] data, int pos, int avail) {
            long word = (long) LONG_LE.get(data, pos);
            if (avail < 8) {
                word &= mask(avail);
            }
            int c = (pairs[(int) (word & 0xFFFF)] & 0xFF) - 1;
            if (c >= 0) {
                return c;
            }
            c = slots[slot(word)];
            if ((word & slotMasks[c]) == slotSymbols[c]) {
                return c;
            }
            return single[(int) word & 0xFF];
        }

        /**
         * What {@link #match} returns, without a branch: for two streams of codes at once ({@link #compress}), whose
         * lookups the processor overlaps as long as no mispredicted branch (which kind of symbol matched, whether the
         * value ends within the word) throws the work away. Measured on lineitem's l_comment: one stream with
         * branches 67 ms, one without 81, two without 48.
         */
        int matchWithoutBranches(byte[] data, int pos, int avail) {
            // the word, its bytes past the value cleared
            long word = (long) LONG_LE.get(data, pos) & (-1L >>> (Math.max(0, 8 - avail) << 3));
            byte[] p = pairs;
            int[] sl = slots;
            int pair = (p[(int) word & (p.length - 1)] & 0xFF) - 1;
            int c = sl[slotOf(word) & (sl.length - 1)];
            int[] one = single;
            int alone = one[(int) word & (one.length - 1)];
            // NONE (255) and every code index the 256-entry tables without a bounds check; NONE matches no word
            long[] ss = slotSymbols;
            long[] sm = slotMasks;
            long diff = (word & sm[c & (sm.length - 1)]) ^ ss[c & (ss.length - 1)];
            int noMatch = (int) ((diff | -diff) >> 63);
            int longer = (c & ~noMatch) | (alone & noMatch);
            int noPair = pair >> 31;
            return (pair & ~noPair) | (longer & noPair);
        }

        /** The length of what {@code code} (from {@link #match}) stands for: its symbol's, 1 for an escaped byte. */
        int length(int code) {
            return code < 256 ? codeLengths[code & (codeLengths.length - 1)] : 1;
        }

        private static long mask(int len) {
            return len >= 8 ? -1L : (1L << (len << 3)) - 1;
        }
    }

    /** fsst-rs's hash slot for a symbol or word: a hash of its first three bytes. */
    static int slot(long word) {
        return slotOf(word) & (HASH_SLOTS - 1);
    }

    /** The hash {@link #slot} takes the low bits of. */
    private static int slotOf(long word) {
        long prefix = word & 0xFF_FFFFL;
        return (int) ((prefix * 2971215073L) ^ (prefix >>> 15));
    }

    /**
     * Whether a table may take {@code symbol} ({@code length} bytes) beside the symbols it has, for fsst-rs to emit
     * the codes this encoder does: no zero byte in a symbol longer than one byte (fsst-rs takes a symbol's length
     * from its last non-zero byte, and pads the end of a value with zero bytes); no two-byte symbol beside a longer
     * one with the same first two bytes (where fsst-rs's choice between them depends on how it rebuilds its
     * two-byte index, which this avoids relying on); one symbol of 3 to 8 bytes per hash slot (fsst-rs keeps only
     * one). {@code pairsTaken} and {@code longTaken} mark the two-byte prefixes of the table's 2-byte and longer
     * symbols, {@code slotsTaken} its slots.
     */
    static boolean admissible(long symbol, int length, boolean[] pairsTaken, boolean[] longTaken,
            boolean[] slotsTaken) {
        if (length == 1) {
            return true;
        }
        for (int k = 0; k < length; k++) {
            if (((symbol >>> (k << 3)) & 0xFF) == 0) {
                return false;
            }
        }
        int first2 = (int) (symbol & 0xFFFF);
        if (length == 2) {
            return !longTaken[first2];
        }
        return !pairsTaken[first2] && !slotsTaken[slot(symbol)];
    }

    /** Trains a table on a deterministic sample of the valid values. */
    static SymbolTable train(Strings strings) {
        Strings sample = sample(strings);
        SymbolTable table = new SymbolTable(new long[0], new int[0]);
        Counts counts = new Counts();
        for (int generation = 0; generation < GENERATIONS; generation++) {
            table = nextTable(table, sample.data(), sample.starts(), sample.lengths(), counts);
        }
        return table;
    }

    /**
     * The sample: every valid value when they hold at most {@value #SAMPLE_BYTES} bytes; otherwise values (or their
     * first {@value #SAMPLE_PIECE} bytes) picked at random with a fixed seed until that many bytes are taken. Each
     * piece is compressed on its own during training, as values are.
     */
    private static Strings sample(Strings strings) {
        int n = strings.lengths().length;
        long total = strings.data().length - 8;
        if (total <= SAMPLE_BYTES) {
            return strings;
        }
        byte[] out = new byte[SAMPLE_BYTES + 8];
        int[] starts = new int[64];
        int[] lengths = new int[64];
        int pieces = 0;
        SplittableRandom random = new SplittableRandom(SEED);
        int at = 0;
        int attempts = 0;
        while (at < SAMPLE_BYTES && attempts < 4 * n + 64) {
            attempts++;
            int i = random.nextInt(n);
            int len = Math.min(Math.min(strings.lengths()[i], SAMPLE_PIECE), SAMPLE_BYTES - at);
            if (len == 0) {
                continue;
            }
            System.arraycopy(strings.data(), strings.starts()[i], out, at, len);
            if (pieces == starts.length) {
                starts = Arrays.copyOf(starts, pieces * 2);
                lengths = Arrays.copyOf(lengths, pieces * 2);
            }
            starts[pieces] = at;
            lengths[pieces++] = len;
            at += len;
        }
        return new Strings(out, Arrays.copyOf(starts, pieces), Arrays.copyOf(lengths, pieces), Validity.NON_NULLABLE,
                true);
    }

    /**
     * One training's counters, reused by its generations: occurrences of each code (0-255 a symbol, 256-511 an
     * escaped byte) and of each pair of codes in sequence, with the pairs seen listed so that only they are read and
     * cleared (a generation sees a few thousand of the 262,144 possible pairs).
     */
    private static final class Counts {
        final long[] single = new long[512];
        final int[] pairs = new int[512 * 512];
        int[] seen = new int[1024];
        int seenCount;
        /** The candidates of a generation, cleared for the next. */
        final Gains gains = new Gains(1024);
        /** What {@link #admit} marks while it fills a table (see {@link #admissible}); cleared after each table. */
        final boolean[] pairsTaken = new boolean[1 << 16];
        final boolean[] longTaken = new boolean[1 << 16];
        final boolean[] slotsTaken = new boolean[HASH_SLOTS];

        void pair(int index) {
            if (pairs[index]++ == 0) {
                if (seenCount == seen.length) {
                    seen = Arrays.copyOf(seen, seenCount * 2);
                }
                seen[seenCount++] = index;
            }
        }

        void clear() {
            Arrays.fill(single, 0);
            for (int i = 0; i < seenCount; i++) {
                pairs[seen[i]] = 0;
            }
            seenCount = 0;
        }
    }

    /**
     * Candidate symbols and their summed gains, keyed by their bytes and length (a symbol ending in zero bytes is
     * distinct from a shorter one): open addressing over primitive arrays, since a generation adds thousands.
     */
    private static final class Gains {
        long[] symbols;
        int[] lengths; // 0 marks a free slot
        long[] gains;
        int mask;
        int size;

        Gains(int capacity) {
            allocate(capacity);
        }

        private void allocate(int capacity) {
            symbols = new long[capacity];
            lengths = new int[capacity];
            gains = new long[capacity];
            mask = capacity - 1;
            size = 0;
        }

        /** Empties the map, keeping its capacity. */
        void clear() {
            Arrays.fill(lengths, 0);
            size = 0;
        }

        void add(long symbol, int length, long gain) {
            if (2 * (size + 1) > lengths.length) {
                grow();
            }
            insert(symbol, length, gain);
        }

        private void insert(long symbol, int length, long gain) {
            long h = (symbol ^ ((long) length * 0x9E37_79B9_7F4A_7C15L)) * 0xBF58_476D_1CE4_E5B9L;
            int i = (int) (h >>> 40) & mask;
            while (lengths[i] != 0) {
                if (lengths[i] == length && symbols[i] == symbol) {
                    gains[i] += gain;
                    return;
                }
                i = (i + 1) & mask;
            }
            symbols[i] = symbol;
            lengths[i] = length;
            gains[i] = gain;
            size++;
        }

        private void grow() {
            long[] oldSymbols = symbols;
            int[] oldLengths = lengths;
            long[] oldGains = gains;
            allocate(oldLengths.length * 2);
            for (int i = 0; i < oldLengths.length; i++) {
                if (oldLengths[i] != 0) {
                    insert(oldSymbols[i], oldLengths[i], oldGains[i]);
                }
            }
        }
    }

    /** One generation: count symbol and pair occurrences under {@code table}, keep the best candidates. */
    private static SymbolTable nextTable(SymbolTable table, byte[] sample, int[] starts, int[] lengths,
            Counts counts) {
        counts.clear();
        long[] single = counts.single;
        int[] pairs = counts.pairs;
        for (int p = 0; p < starts.length; p++) {
            int pos = starts[p];
            int end = pos + lengths[p];
            int previous = -1;
            while (pos < end) {
                int code = table.match(sample, pos, end - pos);
                int len = table.length(code);
                single[code]++;
                if (code < 256 && len > 1) {
                    // the first byte alone is a candidate too, so a table can drop a long symbol for a shorter one
                    single[256 + (sample[pos] & 0xFF)]++;
                }
                if (previous >= 0) {
                    counts.pair(previous * 512 + code);
                }
                previous = code;
                pos += len;
            }
        }
        Gains gains = counts.gains;
        gains.clear();
        for (int code = 0; code < 512; code++) {
            if (single[code] != 0) {
                gains.add(symbolOf(table, code), table.length(code), single[code] * table.length(code));
            }
        }
        for (int s = 0; s < counts.seenCount; s++) {
            int index = counts.seen[s];
            int code = index >>> 9;
            int next = index & 511;
            int len = table.length(code);
            if (len >= MAX_TRAINED_LENGTH) {
                continue;
            }
            int joined = Math.min(MAX_TRAINED_LENGTH, len + table.length(next));
            long both = symbolOf(table, code) | (symbolOf(table, next) << (len << 3));
            if (joined < 8) {
                both &= (1L << (joined << 3)) - 1;
            }
            gains.add(both, joined, (long) pairs[index] * joined);
        }
        return admit(gains, counts);
    }

    /**
     * The table of the {@value #MAX_SYMBOLS} candidates with the largest gains (then the longest, then the smallest
     * as unsigned bytes) that the table admits one after the other (see {@link #admissible}).
     */
    private static SymbolTable admit(Gains gains, Counts counts) {
        // Sorted by (gain, length) through one long per candidate: gain and length above, the slot below. A gain is
        // at most 8 times the sample's bytes (SAMPLE_BYTES), far below 2^27.
        long[] order = new long[gains.size];
        int m = 0;
        for (int i = 0; i < gains.lengths.length; i++) {
            if (gains.lengths[i] != 0) {
                assert gains.gains[i] < 1L << 27 : gains.gains[i];
                order[m++] = (gains.gains[i] << 4 | gains.lengths[i]) << 32 | i;
            }
        }
        Arrays.sort(order);
        long[] kept = new long[MAX_SYMBOLS];
        int[] keptLengths = new int[MAX_SYMBOLS];
        int keep = 0;
        boolean[] pairsTaken = counts.pairsTaken;
        boolean[] longTaken = counts.longTaken;
        boolean[] slotsTaken = counts.slotsTaken;
        long[] tied = new long[16];
        // From the largest rank down; candidates of equal rank go by their bytes as unsigned, smallest first.
        for (int hi = m - 1; hi >= 0 && keep < MAX_SYMBOLS; ) {
            long rank = order[hi] >>> 32;
            int lo = hi;
            while (lo > 0 && order[lo - 1] >>> 32 == rank) {
                lo--;
            }
            int ties = hi - lo + 1;
            if (tied.length < ties) {
                tied = new long[Math.max(ties, tied.length * 2)];
            }
            for (int k = 0; k < ties; k++) {
                tied[k] = gains.symbols[(int) order[lo + k]] ^ Long.MIN_VALUE; // unsigned order as signed
            }
            Arrays.sort(tied, 0, ties);
            int length = (int) (rank & 0xF);
            for (int k = 0; k < ties && keep < MAX_SYMBOLS; k++) {
                long symbol = tied[k] ^ Long.MIN_VALUE;
                if (!admissible(symbol, length, pairsTaken, longTaken, slotsTaken)) {
                    continue;
                }
                kept[keep] = symbol;
                keptLengths[keep++] = length;
                if (length == 2) {
                    pairsTaken[(int) (symbol & 0xFFFF)] = true;
                } else if (length > 2) {
                    longTaken[(int) (symbol & 0xFFFF)] = true;
                    slotsTaken[slot(symbol)] = true;
                }
            }
            hi = lo - 1;
        }
        for (int i = 0; i < keep; i++) {
            // unmarked for the next generation's table
            if (keptLengths[i] >= 2) {
                int first2 = (int) (kept[i] & 0xFFFF);
                pairsTaken[first2] = false;
                longTaken[first2] = false;
                slotsTaken[slot(kept[i])] = false;
            }
        }
        // The order the reference requires of a table: longer symbols first by ascending length (2 to 8), then the
        // one-byte symbols, each length by the symbols' bytes as unsigned.
        long[] byLength = new long[keep];
        for (int i = 0; i < keep; i++) {
            byLength[i] = kept[i] ^ Long.MIN_VALUE;
        }
        long[] symbols = new long[keep];
        int[] lens = new int[keep];
        int at = 0;
        for (int length : new int[] {2, 3, 4, 5, 6, 7, 8, 1}) {
            int from = at;
            for (int i = 0; i < keep; i++) {
                if (keptLengths[i] == length) {
                    symbols[at++] = byLength[i];
                }
            }
            Arrays.sort(symbols, from, at);
            for (int i = from; i < at; i++) {
                symbols[i] ^= Long.MIN_VALUE;
                lens[i] = length;
            }
        }
        return new SymbolTable(symbols, lens);
    }

    private static long symbolOf(SymbolTable table, int code) {
        return code < 256 ? table.symbols[code] : code - 256;
    }

    /** {@code out}, or a copy with more room, so that a value of {@code len} bytes can be coded from {@code at}. */
    private static byte[] room(byte[] out, int at, int len) {
        long need = (long) at + 2L * len + 16;
        if (need <= out.length) {
            return out;
        }
        long grown = Math.max(need, Math.min(2L * out.length, EncodingParts.MAX_ARRAY_LENGTH));
        if (grown > EncodingParts.MAX_ARRAY_LENGTH) {
            throw new InvalidArgumentException("the FSST codes of these values need more than the "
                    + EncodingParts.MAX_ARRAY_LENGTH + " bytes one array holds");
        }
        return Arrays.copyOf(out, (int) grown);
    }

    /**
     * The value after {@code i} that has bytes, below {@code limit} ({@code limit} when none is left); the empty ones
     * skipped end where their codes start, {@code at}.
     */
    private static int nextValue(int[] lens, long[] offsets, int i, int limit, int at) {
        int k = i + 1;
        while (k < limit && lens[k] == 0) {
            offsets[k + 1] = at;
            k++;
        }
        return k;
    }

    /**
     * One code for the bytes of {@code data} at {@code pos} (up to {@code end}) written at {@code out[at]}: where the
     * next code starts in the high 32 bits of the result, where its bytes go in the low 32.
     */
    private static long step(SymbolTable table, byte[] data, int pos, int end, byte[] out, int at) {
        int code = table.matchWithoutBranches(data, pos, end - pos);
        if (code < 256) {
            out[at] = (byte) code;
            return (long) (pos + table.length(code)) << 32 | (at + 1);
        }
        out[at] = (byte) ESCAPE;
        out[at + 1] = (byte) code;
        return (long) (pos + 1) << 32 | (at + 2);
    }

    /**
     * Compresses every valid value with {@code table}; nulls get no codes and length 0. Greedy matching is a chain
     * (where the next code starts depends on the last one's length, and each lookup takes several dependent loads),
     * so the values are compressed as two independent streams at once, the first half of the rows and the second,
     * each into its own array, joined at the end: the processor overlaps the two chains. The codes are the same as one
     * stream's.
     */
    static FsstArray compress(VarBinViewArray values, Strings strings, SymbolTable table) {
        int n = strings.lengths().length;
        int[] starts = strings.starts();
        int[] lens = strings.lengths();
        byte[] data = strings.data();
        long[] offsets = new long[n + 1];
        long[] lengths = new long[n];
        int half = n / 2;
        long firstBytes = 0;
        long secondBytes = 0;
        for (int i = 0; i < n; i++) {
            lengths[i] = lens[i];
            if (i < half) {
                firstBytes += lens[i];
            } else {
                secondBytes += lens[i];
            }
        }
        // text takes about a code byte for three bytes: a byte of room for each is plenty, and room() makes sure of
        // two a byte (an escape and the byte) for each value before it starts
        byte[] first = new byte[(int) Math.min(firstBytes + 16, EncodingParts.MAX_ARRAY_LENGTH)];
        byte[] second = new byte[(int) Math.min(secondBytes + 16, EncodingParts.MAX_ARRAY_LENGTH)];
        // each stream: the value it is in (i), where in the data it is (pos, to end), where its codes go (at)
        int i1 = nextValue(lens, offsets, -1, half, 0);
        int pos1 = i1 < half ? starts[i1] : 0;
        int end1 = i1 < half ? pos1 + lens[i1] : 0;
        int at1 = 0;
        first = i1 < half ? room(first, at1, lens[i1]) : first;
        int i2 = nextValue(lens, offsets, half - 1, n, 0);
        int pos2 = i2 < n ? starts[i2] : 0;
        int end2 = i2 < n ? pos2 + lens[i2] : 0;
        int at2 = 0;
        second = i2 < n ? room(second, at2, lens[i2]) : second;
        while (i1 < half && i2 < n) {
            long r1 = step(table, data, pos1, end1, first, at1);
            long r2 = step(table, data, pos2, end2, second, at2);
            pos1 = (int) (r1 >>> 32);
            at1 = (int) r1;
            pos2 = (int) (r2 >>> 32);
            at2 = (int) r2;
            if (pos1 == end1) {
                offsets[i1 + 1] = at1;
                i1 = nextValue(lens, offsets, i1, half, at1);
                if (i1 < half) {
                    pos1 = starts[i1];
                    end1 = pos1 + lens[i1];
                    first = room(first, at1, lens[i1]);
                }
            }
            if (pos2 == end2) {
                offsets[i2 + 1] = at2;
                i2 = nextValue(lens, offsets, i2, n, at2);
                if (i2 < n) {
                    pos2 = starts[i2];
                    end2 = pos2 + lens[i2];
                    second = room(second, at2, lens[i2]);
                }
            }
        }
        // the stream that has values left goes on alone
        boolean firstLeft = i1 < half;
        int i = firstLeft ? i1 : i2;
        int limit = firstLeft ? half : n;
        int pos = firstLeft ? pos1 : pos2;
        int end = firstLeft ? end1 : end2;
        int at = firstLeft ? at1 : at2;
        byte[] out = firstLeft ? first : second;
        while (i < limit) {
            long r = step(table, data, pos, end, out, at);
            pos = (int) (r >>> 32);
            at = (int) r;
            if (pos == end) {
                offsets[i + 1] = at;
                i = nextValue(lens, offsets, i, limit, at);
                if (i < limit) {
                    pos = starts[i];
                    end = pos + lens[i];
                    out = room(out, at, lens[i]);
                }
            }
        }
        if (firstLeft) {
            first = out;
            at1 = at;
        } else {
            second = out;
            at2 = at;
        }
        // the second stream's codes after the first's
        if ((long) at1 + at2 > EncodingParts.MAX_ARRAY_LENGTH) {
            throw new InvalidArgumentException("the FSST codes of " + n + " values take " + ((long) at1 + at2)
                    + " bytes, more than one array holds");
        }
        byte[] codes = Arrays.copyOf(first, at1 + at2);
        System.arraycopy(second, 0, codes, at1, at2);
        for (int k = half; k < n; k++) {
            offsets[k + 1] += at1;
        }
        byte[] symbolWords = new byte[table.count * 8];
        for (int c = 0; c < table.count; c++) {
            LONG_LE.set(symbolWords, c * 8, table.symbols[c]);
        }
        byte[] symbolLengths = new byte[table.count];
        for (int c = 0; c < table.count; c++) {
            symbolLengths[c] = (byte) table.lengths[c];
        }
        PrimitiveArray lengthsArray = NarrowIntegers.narrow(lengths, Validity.NON_NULLABLE, false, PType.I64);
        PrimitiveArray offsetsArray = NarrowIntegers.narrow(offsets, Validity.NON_NULLABLE, false, PType.I64);
        return new FsstArray(values, MemorySegment.ofArray(symbolWords),
                MemorySegment.ofArray(symbolLengths), MemorySegment.ofArray(codes), lengthsArray,
                offsetsArray);
    }
}
