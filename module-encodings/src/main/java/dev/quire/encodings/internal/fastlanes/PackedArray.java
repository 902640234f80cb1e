package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.CodeTableKernel;
import dev.quire.encodings.internal.Patches;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.spi.IntegerBlocks;
import dev.quire.layout.spi.TakeKernel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A {@code fastlanes.bitpacked} array kept packed, optionally under a {@code fastlanes.for} reference: value {@code i}
 * is {@code code(i) + reference}, wrapping in the dtype's width, where {@code code(i)} is the {@code width}-bit code at
 * block position {@code offset + i}, or a patch value where there is one.
 *
 * <p>{@link #toCanonical()} unpacks block by block, the kernel adding the reference as it stores each value (one pass
 * over the output), once; the result is kept. As a {@link FilterKernel} it answers a
 * predicate without building the values: it evaluates the predicate once on the {@code 2^width} values a code can
 * stand for, then looks each row's code up in that table (patched rows are evaluated on their patch values). It
 * declines when the table would not be smaller than half the array. As a {@link TakeKernel} it reads the few rows a
 * selective scan keeps from their packed bits, in heap copies of the blocks holding them, unpacking only blocks that
 * hold many, and never touching the others. As {@link IntegerBlocks} it unpacks one block at a time into a caller's
 * scratch array, for readers (dictionary gathers) that use the values once; as {@link LongBlocks} the same as longs for
 * every integer type (a scan's consumer, ALP's integers), the reference added and patches applied.
 */
final class PackedArray implements Array, CodeTableKernel, TakeKernel, IntegerBlocks, LongBlocks {
    /** The widest codes a lookup table is built for (65,536 entries). */
    static final int MAX_TABLE_WIDTH = 16;
    /** A table is built only when the array has at least this many rows per table entry. */
    static final int ROWS_PER_ENTRY = 2;
    /**
     * Rows are taken from the packed bits when at most one row in this many is kept; above that share, unpacking
     * whole blocks and picking rows costs less than reading each row's bits on its own.
     */
    static final int TAKE_ONE_IN = 4;

    private final DType.Primitive dtype;
    private final MemorySegment packed;
    private final int width;
    private final int offset;
    private final long length;
    private final Optional<Patches> patches;
    private final Validity validity;
    private final long reference;
    private final String encodingId;
    private PrimitiveArray canonical;

    private PackedArray(DType.Primitive dtype, MemorySegment packed, int width, int offset, long length,
            Optional<Patches> patches, Validity validity, long reference, String encodingId) {
        this.dtype = dtype;
        this.packed = packed;
        this.width = width;
        this.offset = offset;
        this.length = length;
        this.patches = patches;
        this.validity = validity;
        this.reference = reference;
        this.encodingId = encodingId;
    }

    /**
     * A bit-packed array as read (the caller checked the packed size, the offset and the length, which fits an int
     * array of whole blocks).
     */
    static PackedArray bitPacked(DType.Primitive dtype, MemorySegment packed, int width, int offset, long length,
            Optional<Patches> patches, Validity validity) {
        return new PackedArray(dtype, packed, width, offset, length, patches, validity, 0,
                BitPackedEncoding.ID);
    }

    /** This array under a frame-of-reference {@code reference} (this one must have none yet). */
    PackedArray withReference(long ref) {
        if (reference != 0) {
            throw new IllegalStateException("already under a frame of reference");
        }
        return new PackedArray(dtype, packed, width, offset, length, patches, validity, ref,
                FrameOfReferenceEncoding.ID);
    }

    /** The same array, not decoded yet (for tests: a decoded array declines filter kernels). */
    PackedArray undecoded() {
        return new PackedArray(dtype, packed, width, offset, length, patches, validity, reference, encodingId);
    }

    /** The width of the codes in bits. */
    int width() {
        return width;
    }

    /** The reference added to every code (0 for plain bit-packing). */
    long reference() {
        return reference;
    }

    @Override
    public DType.Primitive dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return encodingId;
    }

    @Override
    public boolean isValid(long index) {
        return validity.isValid(index);
    }

    @Override
    public long nullCount() {
        return validity.nullCount(length);
    }

    /**
     * Rows {@code [from, to)}: still packed (the packed buffer cut at block boundaries, the patches of those rows kept)
     * unless the array has been decoded, which slices its canonical values. So a scan split that takes part of a chunk
     * decodes only its own blocks, on whichever thread asks for its values.
     */
    @Override
    public Array slice(long from, long to) {
        if (from < 0 || to < from || to > length) {
            throw new IndexOutOfBoundsException("slice [" + from + ", " + to + ") of " + length + " values");
        }
        if (canonical != null) {
            return canonical.slice(from, to);
        }
        // A slice that holds no exception is a plain bit-packed array: the paths that decline patched arrays take it.
        Optional<Patches> slicedPatches = patches.map(p -> p.slice(from, to)).filter(p -> p.count() > 0);
        if (from == to) {
            return new PackedArray(dtype, packed.asSlice(0, 0), width, 0, 0, slicedPatches, validity.slice(from, to),
                    reference, encodingId);
        }
        long start = offset + from;
        long firstBlock = start / FastLanes.BLOCK;
        int newOffset = (int) (start % FastLanes.BLOCK);
        long newLength = to - from;
        long blockBytes = 128L * width;
        MemorySegment cut = packed.asSlice(firstBlock * blockBytes,
                FastLanes.blocks(newOffset, newLength) * blockBytes);
        return new PackedArray(dtype, cut, width, newOffset, newLength, slicedPatches, validity.slice(from, to),
                reference, encodingId);
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    @Override
    public PrimitiveArray toCanonical() {
        PrimitiveArray c = canonical;
        if (c == null) {
            c = decode();
            canonical = c;
        }
        return c;
    }

    @Override
    public Scalar scalarAt(long index) {
        return toCanonical().scalarAt(index);
    }

    private PrimitiveArray decode() {
        int blocks = (int) FastLanes.blocks(offset, length);
        int valueBytes = dtype.ptype().byteWidth();
        // The kernel adds the reference to each value as it stores it, and it is added to the patch values (codes
        // too) as they are written over them: one pass over the output.
        MemorySegment unpacked = FastLanes.unpack(dtype.ptype(), width, packed, blocks, reference);
        MemorySegment values = offset == 0 && unpacked.byteSize() == length * valueBytes ? unpacked
                : unpacked.asSlice((long) offset * valueBytes, length * valueBytes);
        if (patches.isPresent()) {
            patches.get().applyTo(values, reference);
        }
        return new PrimitiveArray(dtype, values, validity);
    }

    @Override
    public void validity(long[] out) {
        switch (validity) {
            case Validity.NonNullable x -> fillOnes(out);
            case Validity.AllValid x -> fillOnes(out);
            case Validity.AllInvalid x -> java.util.Arrays.fill(out, 0L);
            case Validity.Mask m -> {
                java.util.Arrays.fill(out, 0L);
                BitBuffer bits = m.bits();
                for (long i = 0; i < length; i++) {
                    if (bits.get(i)) {
                        out[(int) (i >>> 6)] |= 1L << i;
                    }
                }
            }
        }
    }

    private void fillOnes(long[] out) {
        java.util.Arrays.fill(out, 0L);
        for (long i = 0; i < length; i += 64) {
            int rest = (int) Math.min(64, length - i);
            out[(int) (i >>> 6)] = rest == 64 ? -1L : (1L << rest) - 1;
        }
    }

    @Override
    public boolean answersEncoded() {
        return canonical == null && width <= MAX_TABLE_WIDTH && (1L << width) * ROWS_PER_ENTRY <= length;
    }

    @Override
    public boolean match(ValuePredicate predicate, long[] out) {
        return match(predicate, (long[]) null, out);
    }

    /**
     * A predicate that is one key range is answered by comparing codes with the range's ends (only for the rows in
     * {@code within}, when few are); any other through the table of the values codes stand for.
     */
    @Override
    public boolean match(ValuePredicate predicate, long[] within, long[] out) {
        Optional<KeyRange> range = predicate.keyRange();
        if (range.isPresent() && matchKeys(range.get(), within, out)) {
            return true;
        }
        return match(predicate, UnaryOperator.identity(), out);
    }

    /**
     * Compares codes with the range's ends moved into code space: code {@code c} stands for key
     * {@code key(reference) + c} when no code's value wraps around the type's range (checked here; declined
     * otherwise), so the keys {@code [lo, hi]} are the codes {@code [lo - key(reference), hi - key(reference)]}.
     * Patched rows are tested on their patch values.
     */
    @Override
    public boolean matchKeys(KeyRange range, long[] within, long[] out) {
        PType p = dtype.ptype();
        if (canonical != null || p.isFloat()) {
            return false;
        }
        boolean unsigned = p.isUnsigned();
        int bits = p.byteWidth() * 8;
        long first = key(reference, bits, unsigned);
        long maxCode = width == 64 ? -1L : (1L << width) - 1;
        long maxKey = bits == 64 ? Long.MAX_VALUE : unsigned ? (1L << bits) - 1 : (1L << (bits - 1)) - 1;
        // u64 keys must fit a long for the range to be exact; a patch value might not, so those decline too.
        if (unsigned && bits == 64 && (first < 0 || patches.isPresent())) {
            return false;
        }
        // The largest code's key, first + maxCode, must not pass the type's largest (unsigned arithmetic: the
        // difference is in [0, 2^64) for every first a key can be).
        if (Long.compareUnsigned(maxKey - first, maxCode) < 0) {
            return false;
        }
        int words = (int) ((length + 63) >>> 6);
        boolean none = range.isEmpty() || range.hi() < first;
        long lo = 0;
        long hi = 0;
        if (!none) {
            lo = range.lo() <= first ? 0 : range.lo() - first;
            hi = range.hi() - first;
            if (Long.compareUnsigned(hi, maxCode) > 0) {
                hi = maxCode;
            }
            none = Long.compareUnsigned(lo, hi) > 0;
        }
        if (none) {
            java.util.Arrays.fill(out, 0, words, range.negated() ? -1L : 0L);
        } else {
            CodeRange.match(p, width, packed, offset, length, lo, hi - lo, within, out);
            if (range.negated()) {
                for (int i = 0; i < words; i++) {
                    out[i] = ~out[i];
                }
            }
        }
        if (patches.isPresent()) {
            Patches ps = patches.get();
            PrimitiveArray v = (PrimitiveArray) ps.values();
            for (int i = 0; i < ps.count(); i++) {
                long row = ps.position(i);
                long bit = 1L << row;
                if (range.accepts(key(v.getLongValue(i) + reference, bits, unsigned))) {
                    out[(int) (row >>> 6)] |= bit;
                } else {
                    out[(int) (row >>> 6)] &= ~bit;
                }
            }
        }
        return true;
    }

    /** The key of {@code raw} wrapped to a {@code bits}-bit integer, signed or unsigned. */
    static long key(long raw, int bits, boolean unsigned) {
        if (bits == 64) {
            return raw;
        }
        return unsigned ? raw & ((1L << bits) - 1) : (raw << (64 - bits)) >> (64 - bits);
    }

    @Override
    public boolean match(ValuePredicate predicate, UnaryOperator<Array> asValues, long[] out) {
        if (!answersEncoded()) {
            return false;
        }
        long[] table = predicate.matches(asValues.apply(candidates()));
        java.util.Arrays.fill(out, 0, (int) ((length + 63) >>> 6), 0L);
        FastLanes.lookup(dtype.ptype(), width, packed, offset, length, table, out);
        if (patches.isPresent()) {
            Patches p = patches.get();
            long[] patched = predicate.matches(asValues.apply(patchValues(p)));
            for (int i = 0; i < p.count(); i++) {
                long row = p.position(i);
                long bit = 1L << row;
                if ((patched[i >>> 6] & (1L << i)) != 0) {
                    out[(int) (row >>> 6)] |= bit;
                } else {
                    out[(int) (row >>> 6)] &= ~bit;
                }
            }
        }
        return true;
    }

    @Override
    public Optional<Array> take(long[] rows) {
        if (canonical != null || (long) rows.length * TAKE_ONE_IN > length) {
            return Optional.empty();
        }
        long[] codes = FastLanes.gather(dtype.ptype(), width, packed, offset, rows);
        if (patches.isPresent()) {
            // Patch positions and rows both ascend: walk them together.
            Patches p = patches.get();
            PrimitiveArray v = (PrimitiveArray) p.values();
            int j = 0;
            for (int i = 0; i < p.count() && j < rows.length; i++) {
                long position = p.position(i);
                while (j < rows.length && rows[j] < position) {
                    j++;
                }
                if (j < rows.length && rows[j] == position) {
                    codes[j] = v.getLongValue(i);
                }
            }
        }
        return Optional.of(new PrimitiveArray(dtype, withReference(codes, dtype.ptype().byteWidth(), reference),
                takeValidity(validity, rows)));
    }

    /**
     * {@code codes} plus {@code ref}, each wrapped to {@code valueBytes} bytes, as a segment of that many bytes per
     * value over a heap array of the values' width (longs are added in place).
     */
    static MemorySegment withReference(long[] codes, int valueBytes, long ref) {
        int n = codes.length;
        switch (valueBytes) {
            case 1 -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (byte) (codes[i] + ref);
                }
                return MemorySegment.ofArray(v);
            }
            case 2 -> {
                short[] v = new short[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (short) (codes[i] + ref);
                }
                return MemorySegment.ofArray(v);
            }
            case 4 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (int) (codes[i] + ref);
                }
                return MemorySegment.ofArray(v);
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    codes[i] += ref;
                }
                return MemorySegment.ofArray(codes);
            }
        }
    }

    /**
     * A cursor unpacking one block at a time, for plain bit-packing (no patches, no reference) of codes up to 31 bits
     * wide in words up to 32 bits, whose values are never negative as an {@code int} (unsigned types, or signed ones
     * narrower than the type), before this array has been decoded.
     */
    @Override
    public Optional<IntegerBlocks.Cursor> intBlocks() {
        int typeBits = dtype.ptype().byteWidth() * 8;
        if (canonical != null || patches.isPresent() || reference != 0 || typeBits > 32 || width > 31
                || (dtype.ptype().isSigned() && width >= typeBits)) {
            return Optional.empty();
        }
        return Optional.of(new BlockCursor());
    }

    /**
     * Unpacks block after block into scratch arrays of the packed word type and widens the array's rows of each; 4-byte
     * words are unpacked straight into the caller's array when all rows of a block are wanted and the array has room
     * for them.
     */
    private final class BlockCursor implements IntegerBlocks.Cursor {
        private final int typeBits = dtype.ptype().byteWidth() * 8;
        private final int words = width * (FastLanes.BLOCK / typeBits);
        private final long blockBytes = 128L * width;
        private byte[] in8;
        private byte[] out8;
        private short[] in16;
        private short[] out16;
        private int[] in32;
        private int[] out32;
        private long row;

        @Override
        public long bound() {
            return 1L << width;
        }

        @Override
        public int next(int[] out) {
            if (row >= length) {
                return 0;
            }
            long position = offset + row;
            long block = position / FastLanes.BLOCK;
            int within = (int) (position % FastLanes.BLOCK);
            int count = (int) Math.min(FastLanes.BLOCK - within, length - row);
            long at = block * blockBytes;
            switch (typeBits) {
                case 8 -> {
                    if (in8 == null) {
                        in8 = new byte[words];
                        out8 = new byte[FastLanes.BLOCK];
                    }
                    MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, at, in8, 0, words);
                    BitUnpack8.unpack(width, in8, 0, out8, 0);
                    for (int j = 0; j < count; j++) {
                        out[j] = out8[within + j] & 0xFF;
                    }
                }
                case 16 -> {
                    if (in16 == null) {
                        in16 = new short[words];
                        out16 = new short[FastLanes.BLOCK];
                    }
                    MemorySegment.copy(packed, LittleEndian.SHORT, at, in16, 0, words);
                    BitUnpack16.unpack(width, in16, 0, out16, 0);
                    for (int j = 0; j < count; j++) {
                        out[j] = out16[within + j] & 0xFFFF;
                    }
                }
                default -> {
                    if (in32 == null) {
                        in32 = new int[words];
                    }
                    MemorySegment.copy(packed, LittleEndian.INT, at, in32, 0, words);
                    if (count == FastLanes.BLOCK) {
                        // a whole block wanted (the caller has room for it): unpacked in place, nothing written past
                        // its rows
                        BitUnpack32.unpack(width, in32, 0, out, 0);
                    } else {
                        if (out32 == null) {
                            out32 = new int[FastLanes.BLOCK];
                        }
                        BitUnpack32.unpack(width, in32, 0, out32, 0);
                        System.arraycopy(out32, within, out, 0, count);
                    }
                }
            }
            row += count;
            return count;
        }
    }

    /**
     * A cursor over the values of every integer type, the reference added and the patches written over their rows,
     * before this array has been decoded (after, its canonical values are read instead).
     */
    @Override
    public Optional<LongBlocks.Cursor> longBlocks() {
        if (canonical != null) {
            return Optional.empty();
        }
        boolean signed = dtype.ptype().isSigned();
        return Optional.of(switch (dtype.ptype().byteWidth()) {
            case 1 -> new ByteWordCursor(signed);
            case 2 -> new ShortWordCursor(signed);
            case 4 -> new IntWordCursor(signed);
            default -> new LongWordCursor();
        });
    }

    /**
     * Hands out the array's rows block by block: each call reads the rest of the block the next row is in (or up to
     * the array's end), which {@link #unpack} writes as longs, and then writes the patch values of those rows over
     * them. Patch values are computed once per cursor, the reference added in the type's width and extended as the
     * type says, so they equal the canonical values bit for bit.
     */
    private abstract class WordCursor implements LongBlocks.Cursor {
        final long blockBytes = 128L * width;
        private final long[] patchRows;
        private final long[] patchValues;
        private int nextPatch;
        private long row;

        WordCursor() {
            if (patches.isPresent()) {
                Patches p = patches.get();
                PrimitiveArray v = (PrimitiveArray) p.values();
                int bits = dtype.ptype().byteWidth() * 8;
                boolean unsigned = dtype.ptype().isUnsigned();
                patchRows = new long[p.count()];
                patchValues = new long[p.count()];
                for (int i = 0; i < p.count(); i++) {
                    patchRows[i] = p.position(i);
                    patchValues[i] = key(v.getLongValue(i) + reference, bits, unsigned);
                }
            } else {
                patchRows = new long[0];
                patchValues = patchRows;
            }
        }

        @Override
        public final int next(long[] out) {
            if (row >= length) {
                return 0;
            }
            long position = offset + row;
            long block = position / FastLanes.BLOCK;
            int within = (int) (position % FastLanes.BLOCK);
            int count = (int) Math.min(FastLanes.BLOCK - within, length - row);
            java.util.Objects.checkFromIndexSize(0, FastLanes.BLOCK, out.length);
            unpack(block * blockBytes, within, count, out);
            long stop = row + count;
            int i = nextPatch;
            while (i < patchRows.length && patchRows[i] < stop) {
                out[(int) (patchRows[i] - row)] = patchValues[i];
                i++;
            }
            nextPatch = i;
            row = stop;
            return count;
        }

        /**
         * Writes block positions {@code [within, within + count)} of the block whose packed words start at byte
         * {@code at} to {@code out[0, count)}, reference added; {@code out} has room for a whole block.
         */
        abstract void unpack(long at, int within, int count, long[] out);
    }

    /** 8-byte words: unpacked straight into the caller's array when the rows start a block, else through a scratch. */
    private final class LongWordCursor extends WordCursor {
        private final int words = width * (FastLanes.BLOCK / 64);
        private final long[] in = new long[Math.max(1, words)];
        private long[] part;

        @Override
        void unpack(long at, int within, int count, long[] out) {
            MemorySegment.copy(packed, LittleEndian.LONG, at, in, 0, words);
            if (within == 0) {
                BitUnpack64.unpack(width, in, 0, out, 0, reference);
            } else {
                long[] p = part == null ? part = new long[FastLanes.BLOCK] : part;
                BitUnpack64.unpack(width, in, 0, p, 0, reference);
                System.arraycopy(p, within, out, 0, count);
            }
        }
    }

    /**
     * 4-byte words. Where {@link FastLanes#swar} says so (little-endian platforms, widths 1-16 and 32), a block is
     * unpacked two lanes a long ({@link BitUnpack32Swar}: half the shifts, masks and stores of the one-lane kernel) and
     * copied as bytes into the scratch block; otherwise by the one-lane kernel. The reference is added as the
     * values are widened, in 32 bits (inside a long, a carry would cross into the next lane).
     */
    private final class IntWordCursor extends WordCursor {
        private final boolean signed;
        private final int words = width * (FastLanes.BLOCK / 32);
        private final int[] values = new int[FastLanes.BLOCK];
        private final MemorySegment valueBytes = MemorySegment.ofArray(values);
        /** The SWAR path, or null when the one-lane kernel unpacks from {@link #in}. */
        private final SwarUnpacker swar = FastLanes.swar(32, width) ? new SwarUnpacker(32, width) : null;
        private final int[] in = swar == null ? new int[Math.max(1, words)] : null;

        IntWordCursor(boolean signed) {
            this.signed = signed;
        }

        @Override
        void unpack(long at, int within, int count, long[] out) {
            if (swar != null) {
                swar.unpack(packed, at, valueBytes, 0);
            } else {
                MemorySegment.copy(packed, LittleEndian.INT, at, in, 0, words);
                BitUnpack32.unpack(width, in, 0, values, 0);
            }
            int[] v = values;
            int ref = (int) reference;
            if (signed) {
                for (int j = 0; j < count; j++) {
                    out[j] = v[within + j] + ref;
                }
            } else {
                for (int j = 0; j < count; j++) {
                    out[j] = (v[within + j] + ref) & 0xFFFF_FFFFL;
                }
            }
        }
    }

    /**
     * 2-byte words: unpacked into a scratch block (reference added in 16 bits), then widened. (Four lanes a long, as
     * the 1- and 4-byte cursors do, measured slower at most widths.)
     */
    private final class ShortWordCursor extends WordCursor {
        private final boolean signed;
        private final int words = width * (FastLanes.BLOCK / 16);
        private final short[] in = new short[Math.max(1, words)];
        private final short[] values = new short[FastLanes.BLOCK];

        ShortWordCursor(boolean signed) {
            this.signed = signed;
        }

        @Override
        void unpack(long at, int within, int count, long[] out) {
            MemorySegment.copy(packed, LittleEndian.SHORT, at, in, 0, words);
            BitUnpack16.unpack(width, in, 0, values, 0, (short) reference);
            short[] v = values;
            if (signed) {
                for (int j = 0; j < count; j++) {
                    out[j] = v[within + j];
                }
            } else {
                for (int j = 0; j < count; j++) {
                    out[j] = v[within + j] & 0xFFFFL;
                }
            }
        }
    }

    /**
     * 1-byte words: like {@link IntWordCursor}, eight lanes a long ({@link BitUnpack8Swar}) where the platform is
     * little-endian (at every width), the reference added in 8 bits as the values are widened.
     */
    private final class ByteWordCursor extends WordCursor {
        private final boolean signed;
        private final int words = width * (FastLanes.BLOCK / 8);
        private final byte[] values = new byte[FastLanes.BLOCK];
        private final MemorySegment valueBytes = MemorySegment.ofArray(values);
        /** The SWAR path, or null when the one-lane kernel unpacks from {@link #in}. */
        private final SwarUnpacker swar = FastLanes.swar(8, width) ? new SwarUnpacker(8, width) : null;
        private final byte[] in = swar == null ? new byte[Math.max(1, words)] : null;

        ByteWordCursor(boolean signed) {
            this.signed = signed;
        }

        @Override
        void unpack(long at, int within, int count, long[] out) {
            if (swar != null) {
                swar.unpack(packed, at, valueBytes, 0);
            } else {
                MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, at, in, 0, words);
                BitUnpack8.unpack(width, in, 0, values, 0);
            }
            byte[] v = values;
            int ref = (int) reference;
            if (signed) {
                for (int j = 0; j < count; j++) {
                    out[j] = (byte) (v[within + j] + ref);
                }
            } else {
                for (int j = 0; j < count; j++) {
                    out[j] = (v[within + j] + ref) & 0xFFL;
                }
            }
        }
    }

    /** {@code validity} at {@code rows}. */
    static Validity takeValidity(Validity validity, long[] rows) {
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

    /** The {@code 2^width} values codes {@code 0, 1, ...} stand for, in order, non-nullable. */
    private PrimitiveArray candidates() {
        int n = 1 << width;
        int valueBytes = dtype.ptype().byteWidth();
        MemorySegment values = MemorySegment.ofArray(new long[(n * valueBytes + 7) / 8]);
        for (int k = 0; k < n; k++) {
            put(values, valueBytes, k, k + reference);
        }
        return new PrimitiveArray(new DType.Primitive(dtype.ptype(), false), values.asSlice(0, (long) n * valueBytes),
                Validity.NON_NULLABLE);
    }

    /** The patch values plus the reference, in this array's dtype, non-nullable (patch values are all valid). */
    private PrimitiveArray patchValues(Patches p) {
        PrimitiveArray v = (PrimitiveArray) p.values();
        int valueBytes = dtype.ptype().byteWidth();
        MemorySegment values = MemorySegment.ofArray(new long[Math.max(1, (p.count() * valueBytes + 7) / 8)]);
        for (int i = 0; i < p.count(); i++) {
            put(values, valueBytes, i, v.getLongValue(i) + reference);
        }
        return new PrimitiveArray(new DType.Primitive(dtype.ptype(), false), values.asSlice(0, (long) p.count() * valueBytes),
                Validity.NON_NULLABLE);
    }

    private static void put(MemorySegment values, int valueBytes, long i, long value) {
        switch (valueBytes) {
            case 1 -> values.set(ValueLayout.JAVA_BYTE, i, (byte) value);
            case 2 -> values.set(LittleEndian.SHORT, i * 2, (short) value);
            case 4 -> values.set(LittleEndian.INT, i * 4, (int) value);
            default -> values.set(LittleEndian.LONG, i * 8, value);
        }
    }
}
