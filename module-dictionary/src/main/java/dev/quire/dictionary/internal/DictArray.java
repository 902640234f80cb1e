package dev.quire.dictionary.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.IntegerBlocks;
import dev.quire.layout.spi.TakeKernel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code vortex.dict}: every row is a code, an index into an array of distinct values. A row is null when its code
 * is null or the value it points at is. Codes are any integer type (Quire writes the narrowest unsigned one); values
 * are in any encoding and are shared, not copied, by slices.
 *
 * <p>Every valid code must point at a value. The public constructor checks that at once; arrays read from a file
 * check it as their codes are first read (gathered, decoded or picked), so a scan reads the codes once, and fail then
 * with the same error as the constructor would, built by the file's reader.
 *
 * <p>Filters on a dictionary column are evaluated on the values once (per dictionary and predicate, cached) and mapped
 * to rows through the codes ({@link FilterKernel}); {@link #toCanonical()} gathers the values, keeping string bytes
 * where they are (only 16-byte views are copied). A selective scan gathers only the rows it keeps ({@link TakeKernel}).
 *
 * <p>Codes that arrive bit-packed and offer {@link IntegerBlocks} stay packed: {@link #toCanonical()} unpacks them a
 * block at a time while gathering, and they are decoded whole only for what needs them canonical ({@link #codes()},
 * filters).
 */
public final class DictArray implements Array, FilterKernel, TakeKernel, LongBlocks, BytesBlocks {
    public static final String ID = "vortex.dict";

    private static final ValueLayout.OfShort SHORT = LittleEndian.SHORT;
    private static final ValueLayout.OfInt INT = LittleEndian.INT;
    private static final ValueLayout.OfLong LONG = LittleEndian.LONG;

    private final DType dtype;
    /** The codes as given: canonical, or still encoded when they offer {@link IntegerBlocks}. */
    private final Array codeSource;
    /** The canonical codes, decoded on first use (the same object as {@link #codeSource} when that is canonical). */
    private volatile PrimitiveArray codes;
    private final DictValues values;
    /** Whether every valid code is known to point at a value. */
    private volatile boolean codesChecked;
    /** Builds the error for a code out of range (with the reader's context for arrays read from a file). */
    private final Function<String, MalformedFileException> malformed;
    /**
     * Row numbers in error messages: this array's row {@code i} is row {@code rowMap[i]} (or {@code i} when there is
     * no map) of an array whose first row is row {@code firstRow} of the array that was read.
     */
    private final long firstRow;
    private final long[] rowMap;

    /**
     * A dictionary array of {@code dtype} over {@code codes} (an integer primitive array, nullable only when
     * {@code dtype} is) and {@code values} (of {@code dtype} up to nullability).
     *
     * @throws MalformedFileException when a valid code is negative or not below the number of values
     * @throws InvalidArgumentException when the dtypes do not fit together
     */
    public DictArray(DType dtype, Array codes, Array values) {
        this(dtype, readCodes(codes), new DictValues(values), false, MalformedFileException::new);
        checkCodes();
        checkDTypes(dtype, codesDType(), values.dtype());
    }

    /**
     * An array sharing {@code values} (and what was computed from them) with other arrays of one dictionary, over
     * {@code codes} as {@link #readCodes} returns them. Unless {@code checked} says they are known to, the codes are
     * checked to point at values when they are first read, and a code out of range fails through {@code malformed}.
     */
    DictArray(DType dtype, Array codes, DictValues values, boolean checked,
            Function<String, MalformedFileException> malformed) {
        this(dtype, codes, values, checked, malformed, 0, null);
    }

    private DictArray(DType dtype, Array codes, DictValues values, boolean checked,
            Function<String, MalformedFileException> malformed, long firstRow, long[] rowMap) {
        this.dtype = Objects.requireNonNull(dtype, "dtype is null");
        this.codeSource = codes;
        this.codes = codes instanceof PrimitiveArray p ? p : null;
        this.values = values;
        this.malformed = Objects.requireNonNull(malformed, "malformed is null");
        this.firstRow = firstRow;
        this.rowMap = rowMap;
        this.codesChecked = checked || codeBlocks().map(c -> c.bound() <= values.length()).orElse(false);
    }

    /**
     * The codes kept as they are when still encoded and offering {@link IntegerBlocks}, otherwise decoded.
     *
     * @throws InvalidArgumentException when they are not integers
     */
    static Array readCodes(Array codes) {
        if (!(codes.dtype() instanceof DType.Primitive p) || !p.ptype().isInteger()) {
            throw new InvalidArgumentException("dictionary codes are integers, not " + codes.dtype());
        }
        if (!(codes instanceof PrimitiveArray) && codes instanceof IntegerBlocks blocks
                && blocks.intBlocks().isPresent()) {
            return codes;
        }
        return canonicalCodes(codes);
    }

    private static PrimitiveArray canonicalCodes(Array codes) {
        if (!(codes.toCanonical() instanceof PrimitiveArray p) || !p.ptype().isInteger()) {
            throw new InvalidArgumentException("dictionary codes are integers, not " + codes.dtype());
        }
        return p;
    }

    /** The codes' dtype, without decoding them. */
    DType.Primitive codesDType() {
        return (DType.Primitive) codeSource.dtype();
    }

    /**
     * A cursor over the codes' blocks while they are still encoded, or empty once they are decoded (or cannot be read
     * so).
     */
    Optional<IntegerBlocks.Cursor> codeBlocks() {
        if (codes == null && codeSource instanceof IntegerBlocks blocks) {
            return blocks.intBlocks();
        }
        return Optional.empty();
    }

    /**
     * Every valid code must point at a value, checked now (unless known), by reading the codes once as the gather does
     * ({@link CodeBlocks#check}): packed codes are unpacked a block at a time, never decoded whole.
     */
    private void checkCodes() {
        if (!codesChecked) {
            CodeBlocks.check(this);
            codesChecked = true;
        }
    }

    /** Whether every valid code is known to point at a value. */
    boolean codesChecked() {
        return codesChecked;
    }

    /** Records that every valid code was found to point at a value (by a gather over every row). */
    void markCodesChecked() {
        codesChecked = true;
    }

    /**
     * The error for the valid code {@code code} (of the codes' type, as {@link #read} returns it) at row {@code row}
     * of this array, pointing past the values.
     */
    MalformedFileException codeOutOfRange(long row, long code) {
        long shownRow = firstRow + (rowMap == null ? row : rowMap[Math.toIntExact(row)]);
        return malformed.apply(outOfRangeMessage(codesDType().ptype(), code, shownRow, values.length()));
    }

    private static String outOfRangeMessage(PType ptype, long code, long row, long valueCount) {
        return "dictionary code " + (ptype == PType.U64 ? Long.toUnsignedString(code) : Long.toString(code))
                + " at row " + row + " is outside the " + valueCount + " values";
    }

    static void checkDTypes(DType dtype, DType.Primitive codes, DType values) {
        if (!codes.ptype().isInteger()) {
            throw new InvalidArgumentException("dictionary codes are integers, not " + codes);
        }
        if (codes.nullable() && !dtype.nullable()) {
            throw new InvalidArgumentException("nullable codes in a dictionary of non-nullable " + dtype);
        }
        if (values.nullable() && !dtype.nullable()) {
            throw new InvalidArgumentException("nullable values in a dictionary of non-nullable " + dtype);
        }
        if (!values.withNullable(false).equals(dtype.withNullable(false))) {
            throw new InvalidArgumentException("dictionary values are " + values + ", not " + dtype);
        }
    }

    /** Code {@code i} of a codes buffer of {@code ptype}, as a long (unsigned types zero-extended). */
    static long read(MemorySegment seg, PType ptype, long i) {
        return switch (ptype) {
            case U8 -> Byte.toUnsignedLong(seg.get(ValueLayout.JAVA_BYTE, i));
            case I8 -> seg.get(ValueLayout.JAVA_BYTE, i);
            case U16 -> Short.toUnsignedLong(seg.get(SHORT, i << 1));
            case I16 -> seg.get(SHORT, i << 1);
            case U32 -> Integer.toUnsignedLong(seg.get(INT, i << 2));
            case I32 -> seg.get(INT, i << 2);
            default -> seg.get(LONG, i << 3);
        };
    }

    /**
     * The codes, one per row (decoded on first use when they were read packed).
     *
     * @throws MalformedFileException when a valid code does not point at a value (checked on first use for arrays
     *     read from a file)
     */
    public PrimitiveArray codes() {
        PrimitiveArray c = codesUnchecked();
        checkCodes();
        return c;
    }

    /**
     * The canonical codes, decoded on first use, whether or not they were checked yet: for the gather, which checks
     * them as it reads them.
     */
    PrimitiveArray codesUnchecked() {
        PrimitiveArray c = codes;
        if (c == null) {
            c = canonicalCodes(codeSource);
            codes = c;
        }
        return c;
    }

    /** The number of null codes (not counting rows whose value is null). */
    long codeNullCount() {
        return codeSource.nullCount();
    }

    /**
     * The codes' validity, one bit per row (bits past the last row clear), read without decoding the codes: for
     * callers that know some code is null.
     */
    long[] codeValidBits() {
        long[] bits = new long[(Math.toIntExact(length()) + 63) >>> 6];
        codeValidBits(bits);
        return bits;
    }

    /**
     * Writes the codes' validity to {@code out} ({@code ceil(n / 64)} words, bits past the last row clear): from the
     * codes' own {@link FilterKernel} when they have one, else row by row.
     */
    private void codeValidBits(long[] out) {
        if (codeSource instanceof FilterKernel kernel) {
            kernel.validity(out);
            return;
        }
        int n = Math.toIntExact(length());
        Arrays.fill(out, 0L);
        for (int i = 0; i < n; i++) {
            if (codeSource.isValid(i)) {
                out[i >>> 6] |= 1L << i;
            }
        }
    }

    /** The distinct values the codes point at. */
    public Array values() {
        return values.array();
    }

    /** The shared values, for tests. */
    DictValues valuesHandle() {
        return values;
    }

    /** The code of row {@code i} (meaningless when the code is null). */
    public long code(long i) {
        PrimitiveArray c = codes();
        return read(c.values(), c.ptype(), i);
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return codeSource.length();
    }

    @Override
    public String encodingId() {
        return ID;
    }

    @Override
    public boolean isValid(long index) {
        if (!codeSource.isValid(index)) {
            return false;
        }
        return !values.hasNulls() || values.canonical().isValid(code(index));
    }

    @Override
    public long nullCount() {
        long nulls = codeSource.nullCount();
        if (!values.hasNulls()) {
            return nulls;
        }
        long n = length();
        long count = 0;
        for (long i = 0; i < n; i++) {
            count += isValid(i) ? 0 : 1;
        }
        return count;
    }

    @Override
    public DictArray slice(long from, long to) {
        PrimitiveArray decoded = codes;
        Array sliced = decoded != null ? decoded.slice(from, to) : codeSource.slice(from, to);
        boolean checked = codesChecked;
        return new DictArray(dtype, readCodes(sliced), values, checked, malformed,
                checked ? 0 : firstRow + (rowMap == null ? from : 0),
                checked || rowMap == null ? null : Arrays.copyOfRange(rowMap, (int) from, (int) to));
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    /** The values gathered row by row into the canonical encoding of the dtype. */
    @Override
    public Array toCanonical() {
        return Gather.gather(dtype, this, values.canonical());
    }

    /**
     * A cursor for a dictionary of integers (decimals held in at most 8 bytes, extensions over integers): each block of
     * codes is read as the gather reads it (checked unless known good; null rows pointed at a zero slot) and looked up
     * in the values, read once as longs and shared by every array over them. Empty for other values, and for more
     * than {@value #MAX_LONG_TABLE} of them (the gather's table of slots then serves as well).
     */
    @Override
    public Optional<LongBlocks.Cursor> longBlocks() {
        if (values.length() > MAX_LONG_TABLE || !readsAsLongs(dtype, values)) {
            return Optional.empty();
        }
        long[] table = values.longTable();
        CodeBlocks codes = new CodeBlocks(this);
        return Optional.of(new LongCursor(codes, table));
    }

    /** The most values {@link #longBlocks()} reads into a table of longs (512 KiB). */
    static final int MAX_LONG_TABLE = 1 << 16;

    private static boolean readsAsLongs(DType dtype, DictValues values) {
        return switch (dtype) {
            case DType.Primitive p -> p.ptype().isInteger();
            case DType.Decimal d -> values.canonical() instanceof DecimalArray a && a.valueWidth() <= Long.BYTES;
            case DType.Extension e -> e.storage() instanceof DType.Primitive p && p.ptype().isInteger();
            default -> false;
        };
    }

    /** Codes a block at a time, each replaced by its value. */
    private static final class LongCursor implements LongBlocks.Cursor {
        private final CodeBlocks codes;
        private final long[] table;
        private final int[] block = new int[CodeBlocks.BLOCK];
        private int row;

        LongCursor(CodeBlocks codes, long[] table) {
            this.codes = codes;
            this.table = table;
        }

        @Override
        public int next(long[] out) {
            int left = codes.length - row;
            if (left <= 0) {
                return 0;
            }
            if (codes.allNull()) {
                int n = Math.min(LongBlocks.BLOCK_ROWS, left);
                row += n;
                return n;
            }
            int n = codes.next(block);
            long[] t = table;
            for (int i = 0; i < n; i++) {
                out[i] = t[block[i]];
            }
            row += n;
            return n;
        }
    }

    /**
     * A cursor for a dictionary of utf8 or binary values: each block of codes is read as the gather reads it (checked
     * unless known good; null rows pointed at an empty zero slot) and each row's value copied from the values' bytes,
     * laid end to end once and shared by every array over them. A null row is empty. Empty when the values take more
     * than {@value #MAX_BYTES_TABLE} bytes, one value more than {@value #MAX_TABLE_VALUE}, or they number more than
     * {@value #MAX_LONG_TABLE}, or this array has fewer than {@value #MIN_ROWS_PER_VALUE} rows per value: laying the
     * values out then costs more than the gather of views it saves (found once per dictionary).
     */
    @Override
    public Optional<BytesBlocks.Cursor> bytesBlocks() {
        if (!(dtype instanceof DType.Utf8) && !(dtype instanceof DType.Binary) || values.length() > MAX_LONG_TABLE
                || values.length() > length() / MIN_ROWS_PER_VALUE) {
            return Optional.empty();
        }
        DictValues.BytesTable table = values.bytesTable(MAX_BYTES_TABLE, MAX_TABLE_VALUE);
        if (table == null) {
            return Optional.empty();
        }
        return Optional.of(new BytesCursor(new CodeBlocks(this), table));
    }

    /** The most bytes of values {@link #bytesBlocks()} lays end to end (a copy of the values beside them). */
    static final int MAX_BYTES_TABLE = 16 << 20;
    /** The fewest rows per value for which {@link #bytesBlocks()} lays the values out. */
    static final int MIN_ROWS_PER_VALUE = 4;
    /** The longest value {@link #bytesBlocks()} copies from its table: a block of 1,024 rows stays within 1 GiB. */
    static final int MAX_TABLE_VALUE = 1 << 20;

    /** Codes a block at a time, each replaced by its value's bytes. */
    private static final class BytesCursor implements BytesBlocks.Cursor {
        private static final VarHandle WORD =
                MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

        /** Values of at most this many bytes are copied a fixed number of whole words each. */
        private static final int MAX_WORDS = DictValues.BytesTable.ROOM / Long.BYTES;

        private final CodeBlocks codes;
        private final byte[] bytes;
        private final int[] starts;
        /**
         * The words copied for every value when the longest is at most {@link #MAX_WORDS} words: the same count for
         * all, so the copy does not branch on each value's length (lengths that vary from row to row, as TPC-H's
         * l_shipinstruct's 4 to 17 bytes do, made that branch mispredict); 0 otherwise.
         */
        private final int words;
        private final int[] block = new int[CodeBlocks.BLOCK];
        private int row;

        BytesCursor(CodeBlocks codes, DictValues.BytesTable table) {
            this.codes = codes;
            this.bytes = table.bytes();
            this.starts = table.offsets();
            int w = (table.longest() + Long.BYTES - 1) / Long.BYTES;
            this.words = w <= MAX_WORDS ? Math.max(1, w) : 0;
        }

        @Override
        public int next(BytesBlocks.Block out) {
            int left = codes.length - row;
            if (left <= 0) {
                return 0;
            }
            int[] offsets = out.offsets();
            offsets[0] = 0;
            int n;
            if (codes.allNull()) {
                n = Math.min(BytesBlocks.BLOCK_ROWS, left);
                Arrays.fill(offsets, 1, n + 1, 0);
                out.reserve(0);
                row += n;
                return n;
            }
            n = codes.next(block);
            int[] s = starts;
            long total = 0;
            for (int i = 0; i < n; i++) {
                int c = block[i];
                total += s[c + 1] - s[c];
            }
            byte[] src = bytes;
            int w = words;
            if (w > 0) {
                // the table has ROOM bytes past its last value, and the block as many past the last value's end
                byte[] dst = out.reserve(total + DictValues.BytesTable.ROOM);
                int pos = 0;
                if (w == 1) {
                    // flags and codes, the common case: no inner loop
                    for (int i = 0; i < n; i++) {
                        int c = block[i];
                        int from = s[c];
                        WORD.set(dst, pos, (long) WORD.get(src, from));
                        pos += s[c + 1] - from;
                        offsets[i + 1] = pos;
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        int c = block[i];
                        int from = s[c];
                        for (int k = 0; k < w; k++) {
                            WORD.set(dst, pos + 8 * k, (long) WORD.get(src, from + 8 * k));
                        }
                        pos += s[c + 1] - from;
                        offsets[i + 1] = pos;
                    }
                }
                row += n;
                return n;
            }
            byte[] dst = out.reserve(total);
            int pos = 0;
            for (int i = 0; i < n; i++) {
                int c = block[i];
                int from = s[c];
                int size = s[c + 1] - from;
                if (size <= 8) {
                    // both arrays have 16 bytes of room past every value: one word copy for a short value
                    WORD.set(dst, pos, (long) WORD.get(src, from));
                } else if (size <= 16) {
                    WORD.set(dst, pos, (long) WORD.get(src, from));
                    WORD.set(dst, pos + 8, (long) WORD.get(src, from + 8));
                } else {
                    System.arraycopy(src, from, dst, pos, size);
                }
                pos += size;
                offsets[i + 1] = pos;
            }
            row += n;
            return n;
        }
    }

    /** The values of {@code rows} only: their codes are picked first, then gathered as {@link #toCanonical()} does. */
    @Override
    public Optional<Array> take(long[] rows) {
        DictArray picked = picked(rows);
        return Optional.of(Gather.gather(dtype, picked, values.canonical()));
    }

    /**
     * The rows as a dictionary array: their codes picked, the values shared with this array (and the arrays of its
     * dictionary), nothing gathered. The picked codes are checked where they are read, as this array's are.
     */
    @Override
    public Optional<Array> takeEncoded(long[] rows) {
        return Optional.of(picked(rows));
    }

    private DictArray picked(long[] rows) {
        PrimitiveArray pickedCodes = codesAt(rows);
        boolean checked = codesChecked;
        long[] map = checked ? null : rows.clone();
        if (!checked && rowMap != null) {
            map = new long[rows.length];
            for (int k = 0; k < rows.length; k++) {
                map[k] = rowMap[Math.toIntExact(rows[k])];
            }
        }
        return new DictArray(dtype, pickedCodes, values, checked, malformed, firstRow, map);
    }

    /**
     * The codes of {@code rows} (ascending, in range), with their validity: read from the packed codes when they
     * offer that, else picked from the canonical ones. Either way they are not checked here: the gather of the picked
     * rows checks the picked codes only (unless every code is known to be in range).
     */
    private PrimitiveArray codesAt(long[] rows) {
        if (codes == null && codeSource instanceof TakeKernel kernel
                && kernel.take(rows).orElse(null) instanceof PrimitiveArray p) {
            return p;
        }
        PrimitiveArray codes = codesUnchecked();
        int width = codes.ptype().byteWidth();
        MemorySegment src = codes.values();
        MemorySegment dst = MemorySegment.ofArray(new byte[Math.multiplyExact(rows.length, width)]);
        switch (width) {
            case 1 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.set(ValueLayout.JAVA_BYTE, i, src.get(ValueLayout.JAVA_BYTE, rows[i]));
                }
            }
            case 2 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.setAtIndex(SHORT, i, src.getAtIndex(SHORT, rows[i]));
                }
            }
            case 4 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.setAtIndex(INT, i, src.getAtIndex(INT, rows[i]));
                }
            }
            default -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.setAtIndex(LONG, i, src.getAtIndex(LONG, rows[i]));
                }
            }
        }
        Validity validity = codes.validity();
        if (validity instanceof Validity.Mask) {
            byte[] bits = new byte[(rows.length + 7) >>> 3];
            for (int i = 0; i < rows.length; i++) {
                if (validity.isValid(rows[i])) {
                    bits[i >>> 3] |= (byte) (1 << (i & 7));
                }
            }
            validity = new Validity.Mask(BitBuffer.ofBytes(bits, rows.length));
        }
        return new PrimitiveArray(codes.dtype(), dst, validity);
    }

    @Override
    public Scalar scalarAt(long index) {
        if (index < 0 || index >= length()) {
            throw new InvalidArgumentException("index " + index + " out of range for " + length() + " values");
        }
        if (!isValid(index)) {
            return Scalar.nullOf(dtype);
        }
        return new Scalar(dtype, values.array().scalarAt(code(index)).value());
    }

    @Override
    public void validity(long[] out) {
        if (codeSource.nullCount() == 0) {
            int n = Math.toIntExact(length());
            Arrays.fill(out, 0L);
            Arrays.fill(out, 0, n >>> 6, -1L);
            if ((n & 63) != 0) {
                out[n >>> 6] = (1L << n) - 1;
            }
        } else {
            codeValidBits(out);
        }
        if (values.hasNulls()) {
            long[] valid = values.validBits();
            mapCodes(valid, out, out);
        }
    }

    /**
     * Evaluates the predicate on the dictionary's values (once per predicate and dictionary: the result is cached
     * with the values) and sets the bit of every row whose code points at a matching value.
     */
    @Override
    public boolean match(ValuePredicate predicate, long[] out) {
        long[] matching = values.matches(predicate);
        Arrays.fill(out, 0L);
        long[] all = new long[out.length];
        Arrays.fill(all, -1L);
        mapCodes(matching, all, out);
        return true;
    }

    /**
     * For each row {@code i} whose bit is set in {@code rows}, sets bit {@code i} of {@code out} to the bit of its
     * code in {@code valueBits}; other bits of {@code out} are cleared. Codes outside the values (which only null
     * rows may hold) read as clear.
     */
    private void mapCodes(long[] valueBits, long[] rows, long[] out) {
        int n = Math.toIntExact(length());
        long limit = values.length();
        PrimitiveArray codes = codes();
        MemorySegment seg = codes.values();
        PType ptype = codes.ptype();
        for (int w = 0, base = 0; base < n; w++, base += 64) {
            int count = Math.min(64, n - base);
            long word = 0;
            long sel = rows[w];
            switch (ptype) {
                case U8 -> {
                    for (int j = 0; j < count; j++) {
                        int c = Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, base + j));
                        if (c < limit) {
                            word |= (valueBits[c >>> 6] >>> c & 1L) << j;
                        }
                    }
                }
                case U16 -> {
                    for (int j = 0; j < count; j++) {
                        int c = Short.toUnsignedInt(seg.get(SHORT, (long) (base + j) << 1));
                        if (c < limit) {
                            word |= (valueBits[c >>> 6] >>> c & 1L) << j;
                        }
                    }
                }
                default -> {
                    for (int j = 0; j < count; j++) {
                        long c = read(seg, ptype, base + j);
                        if (c >= 0 && c < limit) {
                            word |= (valueBits[(int) (c >>> 6)] >>> c & 1L) << j;
                        }
                    }
                }
            }
            out[w] = word & sel;
        }
    }

    @Override
    public String toString() {
        return "DictArray[" + dtype + ", " + length() + " rows, " + values.length() + " values, codes "
                + codesDType().ptype().displayName() + "]";
    }

    /**
     * The row validity as a {@link Validity} of a canonical array of {@code dtype}, from one bit per row (bits past
     * the last row clear), or null when no row can be null.
     */
    Validity rowValidity(long[] bits) {
        if (!dtype.nullable()) {
            return Validity.NON_NULLABLE;
        }
        if (bits == null) {
            return Validity.ALL_VALID;
        }
        int n = Math.toIntExact(length());
        byte[] bytes = new byte[(n + 7) >>> 3];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (bits[i >>> 3] >>> ((i & 7) << 3));
        }
        return new Validity.Mask(BitBuffer.ofBytes(bytes, n));
    }
}
