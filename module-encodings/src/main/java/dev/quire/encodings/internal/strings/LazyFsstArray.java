package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.EncodingParts;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.expr.BytesPredicate;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.IntegerBlocks;
import dev.quire.layout.spi.TakeKernel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Optional;

/**
 * A {@code vortex.fsst} array as read, still compressed: the symbol table, the codes buffer, and each value's codes
 * offsets and uncompressed length (checked when read), over a window {@code [start, start + length)} of the chunk's
 * values. Slices are windows of the same parts.
 *
 * <p>Values are decoded only when asked for, and only those asked for:
 * <ul>
 *   <li>{@link #toCanonical()} decodes the window's codes as one stream (the fast eight-codes-a-word loop) and cuts
 *       it by the lengths, once; the result is kept.</li>
 *   <li>As {@link BytesBlocks} it decodes a block of values per call into the reader's block, each block's codes as
 *       one stream with the same loop, so a reader that uses each value once never has the window decoded.</li>
 *   <li>As a {@link TakeKernel} it decodes just the rows a selective scan keeps, each from its own codes.</li>
 *   <li>As a {@link FilterKernel} it answers string predicates that describe themselves value by value
 *       ({@link ValuePredicate#bytesPredicate()}): a value is decided by its length where that suffices ({@code =},
 *       {@code in}, {@code like 'abc%'} on values too short), else, for a predicate that compares the leading bytes
 *       with one literal ({@code like 'the%'}, {@code =}), on its codes without decoding them, most by the first
 *       code alone; other predicates decode only the leading bytes they need, and patterns that need every byte
 *       decode the window into one buffer and test each value in place, building no views.</li>
 * </ul>
 *
 * <p>The uncompressed lengths are read from their child (and checked) the first time anything needs them. A prefix
 * filter ({@code like 'the%'}, {@code starts_with}) does not: it decides every value on its codes, a value whose codes
 * run out before the literal being shorter than it, so it does not check the lengths child, as the reference does not;
 * reading the values (decoding, takes, the block cursor) and every other filter still do.
 */
final class LazyFsstArray implements Array, FilterKernel, TakeKernel, BytesBlocks {
    /**
     * Rows are decoded one by one for a take when at most one row in this many is kept; above that share, decoding
     * the window with the faster stream loop and picking rows costs less.
     */
    static final int TAKE_ONE_IN = 2;

    private final ArrayParts parts;
    private final DType dtype;
    private final FsstSymbols symbols;
    private final MemorySegment codes;
    /**
     * The codes offsets of the whole chunk ({@code n + 1}), relative to the first, {@link #codesBase}: value
     * {@code i}'s codes are bytes {@code [codesBase + offsets.at(i), codesBase + offsets.at(i + 1))} of
     * {@link #codes}. Every value's offset is read only for takes and filters ({@link FsstCodeOffsets#all()}).
     */
    private final FsstCodeOffsets offsets;
    private final long codesBase;
    /**
     * Where each value of the whole chunk ends in its decoded stream ({@code n + 1}, from 0, non-decreasing), read
     * from the lengths child when first needed: prefix filters do not need them.
     */
    private final FsstValueEnds valueEnds;
    private final int start;
    private final int length;
    private final Validity validity;
    private volatile VarBinViewArray canonical;

    private LazyFsstArray(ArrayParts parts, DType dtype, FsstSymbols symbols, MemorySegment codes,
            FsstCodeOffsets offsets, FsstValueEnds valueEnds, int start, int length, Validity validity) {
        this.parts = parts;
        this.dtype = dtype;
        this.symbols = symbols;
        this.codes = codes;
        this.offsets = offsets;
        this.codesBase = offsets.first();
        this.valueEnds = valueEnds;
        this.start = start;
        this.length = length;
        this.validity = validity;
    }

    /**
     * The chunk's values, kept compressed. The caller checked the symbols; the offsets' first and last were checked
     * to lie within {@code codes}, and the others are checked when first read (none below the one before it); the
     * lengths are checked when first read (none negative, their sum within what the codes can produce).
     */
    static LazyFsstArray of(ArrayParts parts, DType dtype, FsstSymbols symbols, MemorySegment codes,
            FsstCodeOffsets offsets, FsstValueEnds valueEnds, Validity validity) {
        return new LazyFsstArray(parts, dtype, symbols, codes, offsets, valueEnds, 0, valueEnds.count(), validity);
    }

    /** The chunk's running ends, read and checked from the lengths child on the first call. */
    private int[] ends() {
        return valueEnds.get();
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
        return FsstEncoding.ID;
    }

    @Override
    public boolean isValid(long index) {
        return validity.isValid(index);
    }

    @Override
    public long nullCount() {
        return validity.nullCount(length);
    }

    /** Rows {@code [from, to)}: a window of the same parts, or a slice of the decoded values once there are some. */
    @Override
    public Array slice(long from, long to) {
        if (from < 0 || to < from || to > length) {
            throw new IndexOutOfBoundsException("slice [" + from + ", " + to + ") of " + length + " values");
        }
        VarBinViewArray c = canonical;
        if (c != null) {
            return c.slice(from, to);
        }
        if (from == 0 && to == length) {
            return this;
        }
        return new LazyFsstArray(parts, dtype, symbols, codes, offsets, valueEnds, start + (int) from,
                (int) (to - from), validity.slice(from, to));
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    @Override
    public VarBinViewArray toCanonical() {
        VarBinViewArray c = canonical;
        if (c == null) {
            c = decodeWindow();
            canonical = c;
        }
        return c;
    }

    /** Whether the window has been decoded (then kept, and used for everything). */
    boolean isDecoded() {
        return canonical != null;
    }

    @Override
    public Scalar scalarAt(long index) {
        return toCanonical().scalarAt(index);
    }

    /** The window's bytes, decoded as one stream, with {@link FsstSymbols#FAST_ROOM} bytes of zeros past the end. */
    private byte[] windowBytes() {
        int[] ends = ends();
        int from = offsets.at(start);
        long first = codesBase + from;
        int codeBytes = offsets.at(start + length) - from;
        // The chunk's lengths were checked to add up to a buffer's worth at most, so a window's do too.
        return symbols.decode(parts, codes.asSlice(first, codeBytes), first, ends[start + length] - ends[start]);
    }

    private VarBinViewArray decodeWindow() {
        byte[] decoded = windowBytes();
        return VarBinViewArray.ofOffsets(dtype, decoded, decoded.length - FsstSymbols.FAST_ROOM, ends(), start,
                length, validity);
    }

    /**
     * A cursor that decodes each block's codes straight into the reader's block, or empty once the window has been
     * decoded (copying those values is cheaper than decoding them again). Each block's codes must decode to its
     * values' lengths exactly, which the stream decoded whole checks only for the window.
     */
    @Override
    public Optional<BytesBlocks.Cursor> bytesBlocks() {
        if (canonical != null) {
            return Optional.empty();
        }
        return Optional.of(new BlockCursor());
    }

    /**
     * Decodes {@link BytesBlocks#BLOCK_ROWS} values per call, the window's codes as one stream: each block's codes
     * start where the last block's ended and end where they have produced the block's bytes (the uncompressed
     * lengths say how many), so no value's codes offset is read. After the last block the codes must have ended
     * exactly at the window's last offset. A window from the chunk's first row whose lengths have not been read
     * takes each block's lengths from the lengths child's own cursor (bit-packed, as the reference writes them) and
     * sums them into the block's offsets: the chunk's ends are never built. The codes are read in place when the
     * buffer lives in a heap array, else copied a run at a time into an array the cursor reuses, and leaves to the
     * next cursor on its thread once it has read its last block ({@link #MAX_SPARE_COPY}): the decode loop reads
     * arrays.
     */
    private final class BlockCursor implements BytesBlocks.Cursor {
        /** Codes off the heap are copied at least this many bytes at a time. */
        private static final int COPY_BYTES = 1 << 18;

        /** The lengths child's cursor, or null when the block's offsets come from the chunk's {@link #ends}. */
        private final IntegerBlocks.Cursor lengthCursor;
        private final int[] ends;
        /** The lengths the cursor gave last, and the next one to use. */
        private final int[] lengths;
        private int lengthsAt;
        private int lengthsCount;
        private final boolean inPlace;
        /** Where the window's codes end in the codes buffer. */
        private final long windowEnd;
        /** The codes buffer's heap array, or a copy of a run of its bytes. */
        private byte[] in;
        /** The codes buffer's byte that {@code in[0]} holds (negative when the buffer starts inside the array). */
        private long inAt0;
        /** Where the next block's codes start in {@link #in}, and where the codes it holds end. */
        private int at;
        private int limit;
        /** The next row to decode, within the window. */
        private int row;

        BlockCursor() {
            lengthCursor = start == 0 ? valueEnds.cursor().orElse(null) : null;
            ends = lengthCursor == null ? ends() : null;
            lengths = lengthCursor == null ? null : new int[IntegerBlocks.MAX_BLOCK_ROWS];
            long windowStart = codesBase + offsets.at(start);
            windowEnd = codesBase + offsets.at(start + length);
            if (codes.heapBase().orElse(null) instanceof byte[] b) {
                in = b;
                inAt0 = -codes.address();
                inPlace = true;
                at = (int) (windowStart - inAt0);
                limit = (int) (windowEnd - inAt0);
            } else {
                in = takeSpareCopy();
                inAt0 = windowStart;
                inPlace = false;
            }
        }

        @Override
        public int next(BytesBlocks.Block block) {
            int n = Math.min(BytesBlocks.BLOCK_ROWS, length - row);
            if (n <= 0) {
                return 0;
            }
            int[] out = block.offsets();
            int total;
            if (lengthCursor != null) {
                total = sumLengths(n, out);
            } else {
                int first = start + row;
                int base = ends[first];
                for (int k = 0; k <= n; k++) {
                    out[k] = ends[first + k] - base;
                }
                total = out[n];
            }
            // room for the fast loop to run to the block's last word of codes, not just to SLACK bytes from its end
            byte[] bytes = block.reserve((long) total + FsstSymbols.FAST_ROOM);
            if (!inPlace) {
                copyCodes(total);
            }
            at = symbols.decodeUntil(parts, in, at, limit, inAt0, bytes, total);
            row += n;
            if (row == length) {
                if (inAt0 + at != windowEnd) {
                    throw parts.malformed("the values' uncompressed lengths add up to fewer bytes than their codes"
                            + " decode to: they end at codes byte " + (inAt0 + at) + ", before the codes' end at byte "
                            + windowEnd);
                }
                if (!inPlace) {
                    giveSpareCopy(in);
                    in = NO_BYTES;
                }
            }
            return n;
        }

        /**
         * The next {@code n} lengths from the lengths child's cursor as running ends in {@code out} (from 0), and
         * their total, checked to be what the codes left can decode to (eight bytes a code) and to fit a block.
         */
        private int sumLengths(int n, int[] out) {
            long sum = 0;
            out[0] = 0;
            int k = 0;
            while (k < n) {
                if (lengthsAt == lengthsCount) {
                    lengthsCount = lengthCursor.next(lengths);
                    lengthsAt = 0;
                    if (lengthsCount <= 0) {
                        throw new IllegalStateException("the cursor of a " + valueEnds.count()
                                + "-row lengths child ended at row " + (row + k));
                    }
                }
                int m = Math.min(n - k, lengthsCount - lengthsAt);
                int[] l = lengths;
                int from = lengthsAt;
                for (int j = 0; j < m; j++) {
                    sum += l[from + j];
                    out[k + j + 1] = (int) sum;
                }
                lengthsAt += m;
                k += m;
            }
            long codesLeft = windowEnd - (inAt0 + at);
            if (sum > codesLeft * FsstSymbols.MAX_SYMBOL_LENGTH
                    || sum > EncodingParts.MAX_ARRAY_LENGTH - FsstSymbols.FAST_ROOM) {
                throw parts.malformed("the uncompressed lengths of values [" + (start + row) + ", "
                        + (start + row + n) + ") add up to " + sum + " bytes, more than the " + codesLeft
                        + " bytes of codes left can decode to");
            }
            return (int) sum;
        }

        /**
         * Makes {@link #in} hold, from {@link #at}, the codes of a block of {@code total} bytes: at most two code
         * bytes a decoded byte (an escape and its byte), or what is left of the window.
         */
        private void copyCodes(int total) {
            long left = windowEnd - (inAt0 + at);
            long want = Math.min(2L * total, left);
            if (limit - at >= want) {
                return;
            }
            int kept = limit - at;
            int size = (int) Math.min(Math.max(want, COPY_BYTES), left);
            byte[] into = in.length >= size ? in : new byte[size];
            System.arraycopy(in, at, into, 0, kept);
            MemorySegment.copy(codes, ValueLayout.JAVA_BYTE, inAt0 + limit, into, kept, size - kept);
            in = into;
            inAt0 += at;
            at = 0;
            limit = size;
        }
    }

    private static final byte[] NO_BYTES = new byte[0];

    /**
     * Copy buffers of at most this many bytes that a cursor has finished with are kept for the next cursor on the
     * same thread: a scan makes a cursor per chunk, and a new buffer of {@link BlockCursor#COPY_BYTES} each time
     * costs its zeroing (about as much CPU as the copies into it) and collections (scanning TPC-H's l_comment, 23 MiB
     * of them a scan, which took twice the young collections).
     */
    static final int MAX_SPARE_COPY = 1 << 20;

    /** The buffer the last cursor to finish on this thread left, or null while a cursor holds it. */
    private static final ThreadLocal<byte[]> SPARE_COPY = new ThreadLocal<>();

    /** This thread's spare copy buffer, now the caller's alone, or an empty array when there is none. */
    private static byte[] takeSpareCopy() {
        byte[] spare = SPARE_COPY.get();
        if (spare == null) {
            return NO_BYTES;
        }
        SPARE_COPY.set(null);
        return spare;
    }

    /** Leaves {@code buffer}, which the caller no longer reads, for the next cursor on this thread. */
    private static void giveSpareCopy(byte[] buffer) {
        if (buffer.length > 0 && buffer.length <= MAX_SPARE_COPY) {
            SPARE_COPY.set(buffer);
        }
    }

    @Override
    public Optional<Array> take(long[] rows) {
        if (canonical != null || (long) rows.length * TAKE_ONE_IN > length) {
            return Optional.empty();
        }
        int[] ends = ends();
        int[] offsets = this.offsets.all();
        long total = 0;
        for (long r : rows) {
            int i = start + (int) r;
            total += ends[i + 1] - ends[i];
        }
        if (total > EncodingParts.MAX_ARRAY_LENGTH - FsstSymbols.SLACK) {
            return Optional.empty();
        }
        byte[] out = new byte[(int) total + FsstSymbols.SLACK];
        int[] taken = new int[rows.length + 1];
        int pos = 0;
        for (int k = 0; k < rows.length; k++) {
            int i = start + (int) rows[k];
            int len = ends[i + 1] - ends[i];
            symbols.decodeValue(parts, codes, codesBase + offsets[i], codesBase + offsets[i + 1], out, pos, len);
            pos += len;
            taken[k + 1] = pos;
        }
        // the slack may hold the tail of the last symbol written; clear it so the buffer is deterministic
        Arrays.fill(out, pos, out.length, (byte) 0);
        return Optional.of(VarBinViewArray.ofOffsets(dtype, out, pos, taken, 0, rows.length, takeValidity(rows)));
    }

    private Validity takeValidity(long[] rows) {
        if (!(validity instanceof Validity.Mask m)) {
            return validity;
        }
        BitBuffer bits = m.bits();
        byte[] out = new byte[(rows.length + 7) >>> 3];
        for (int i = 0; i < rows.length; i++) {
            if (bits.get(rows[i])) {
                out[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new Validity.Mask(BitBuffer.ofBytes(out, rows.length));
    }

    @Override
    public void validity(long[] out) {
        int words = (length + 63) >>> 6;
        switch (validity) {
            case Validity.NonNullable x -> ones(out, words);
            case Validity.AllValid x -> ones(out, words);
            case Validity.AllInvalid x -> Arrays.fill(out, 0, words, 0L);
            case Validity.Mask m -> {
                Arrays.fill(out, 0, words, 0L);
                BitBuffer bits = m.bits();
                for (int i = 0; i < length; i++) {
                    if (bits.get(i)) {
                        out[i >>> 6] |= 1L << i;
                    }
                }
            }
        }
    }

    private void ones(long[] out, int words) {
        Arrays.fill(out, 0, words, -1L);
        if ((length & 63) != 0) {
            out[words - 1] = (1L << length) - 1;
        }
    }

    /**
     * Answers a predicate that describes itself value by value, without decoding the window when its values are
     * decided by their lengths and first bytes. Declines other predicates, and once the window has been decoded
     * (evaluating the decoded values is then cheaper).
     */
    @Override
    public boolean match(ValuePredicate predicate, long[] out) {
        if (canonical != null) {
            return false;
        }
        Optional<BytesPredicate> described = predicate.bytesPredicate();
        if (described.isEmpty()) {
            return false;
        }
        BytesPredicate p = described.get();
        Arrays.fill(out, 0, (length + 63) >>> 6, 0L);
        Optional<BytesPredicate.LeadingLiteral> literal = p.leadingLiteral();
        if (literal.isPresent()) {
            matchLiteral(p, literal.get(), out);
        } else if (p.leadingBytes() == Integer.MAX_VALUE) {
            matchDecoded(p, out);
        } else {
            matchLeading(p, out);
        }
        return true;
    }

    /**
     * Each undecided value compared with the predicate's literal on its codes, decoding nothing: most are decided by
     * their first code, with one table look-up ({@link FsstLiteralMatcher}). A prefix predicate needs no lengths (a
     * value whose codes run out before the literal is covered is shorter than it), so the lengths child is not read:
     * like the reference, such a filter does not check that the codes decode to the lengths; reading the values does.
     */
    private void matchLiteral(BytesPredicate p, BytesPredicate.LeadingLiteral literal, long[] out) {
        FsstLiteralMatcher matcher = FsstLiteralMatcher.of(symbols, literal.bytes());
        HeapCodes in = heapCodes();
        int[] offsets = this.offsets.all();
        if (p.literalIsPrefix()) {
            matcher.matchPrefix(parts, in.bytes(), in.shift(), in.codesAt0(), offsets, start, length,
                    literal.negated(), out);
        } else {
            matcher.match(parts, in.bytes(), in.shift(), in.codesAt0(), offsets, ends(), start, length, p,
                    literal.negated(), out);
        }
    }

    /**
     * Each undecided value's first {@code leadingBytes} bytes decoded into one small reused buffer, from the window's
     * codes in a heap array.
     */
    private void matchLeading(BytesPredicate p, long[] out) {
        int lead = p.leadingBytes();
        byte[] scratch = new byte[lead + FsstSymbols.SLACK];
        int[] ends = ends();
        HeapCodes in = heapCodes();
        int[] offsets = this.offsets.all();
        int shift = in.shift();
        for (int k = 0; k < length; k++) {
            int i = start + k;
            int len = ends[i + 1] - ends[i];
            int decided = p.byLength(len);
            boolean match;
            if (decided == BytesPredicate.UNDECIDED) {
                int want = Math.min(len, lead);
                int got = symbols.decodeSome(parts, in.bytes(), shift + offsets[i], shift + offsets[i + 1],
                        in.codesAt0(), scratch, want);
                if (got < want) {
                    throw parts.malformed("the codes of value " + i + " decode to " + got + " bytes, its length is "
                            + len);
                }
                match = p.test(scratch, 0, len);
            } else {
                match = decided == BytesPredicate.MATCH;
            }
            if (match) {
                out[k >>> 6] |= 1L << k;
            }
        }
    }

    /**
     * The window's codes in a heap array: value {@code i}'s codes are bytes
     * {@code [shift + offsets.at(i), shift + offsets.at(i + 1))} of {@code bytes}, and {@code bytes[0]} is byte
     * {@code codesAt0} of the codes buffer (for messages).
     */
    private record HeapCodes(byte[] bytes, int shift, long codesAt0) {}

    /**
     * Window codes of at most this many bytes are copied into a buffer each thread keeps: a filter visits every
     * chunk's codes in turn, and a buffer that stays in cache takes the copy at the speed the codes can be read.
     */
    static final int MAX_KEPT_COPY = 1 << 20;

    private static final ThreadLocal<byte[]> KEPT_COPY = ThreadLocal.withInitial(() -> new byte[0]);

    /**
     * The window's codes where they lie when the codes buffer is in a heap array, else copied with one bulk copy (into
     * this thread's kept buffer when they fit in {@link #MAX_KEPT_COPY} bytes): filters that look at one or two codes
     * a value read the array a byte at a time, which costs a fraction of a segment read each, and the copy pulls the
     * codes from memory faster than reads a value apart. The array is the caller's only until it calls this again.
     */
    private HeapCodes heapCodes() {
        int first = offsets.at(start);
        if (codes.heapBase().orElse(null) instanceof byte[] b) {
            long at = codes.address();
            return new HeapCodes(b, (int) (at + codesBase), -at);
        }
        int codeBytes = offsets.at(start + length) - first;
        byte[] copy;
        if (codeBytes <= MAX_KEPT_COPY) {
            copy = KEPT_COPY.get();
            if (copy.length < codeBytes) {
                copy = new byte[Math.max(codeBytes, Math.min(MAX_KEPT_COPY, 2 * copy.length))];
                KEPT_COPY.set(copy);
            }
        } else {
            copy = new byte[codeBytes];
        }
        long from = codesBase + first;
        MemorySegment.copy(codes, ValueLayout.JAVA_BYTE, from, copy, 0, codeBytes);
        return new HeapCodes(copy, -first, from);
    }

    /** The window decoded as one stream into a buffer, each undecided value tested where it lies. */
    private void matchDecoded(BytesPredicate p, long[] out) {
        byte[] decoded = windowBytes();
        int[] ends = ends();
        int at = 0;
        for (int k = 0; k < length; k++) {
            int len = ends[start + k + 1] - ends[start + k];
            int decided = p.byLength(len);
            if (decided == BytesPredicate.UNDECIDED ? p.test(decoded, at, len) : decided == BytesPredicate.MATCH) {
                out[k >>> 6] |= 1L << k;
            }
            at += len;
        }
    }

    @Override
    public String toString() {
        return FsstEncoding.ID + "[" + dtype + ", " + length + " values, compressed]";
    }
}
