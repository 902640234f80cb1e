package dev.quire.dictionary.internal;

import dev.quire.dictionary.internal.proto.DictLayoutMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.DictionaryOptions;
import dev.quire.layout.spi.ArrayCompressor;
import dev.quire.layout.spi.Plugins;
import dev.quire.layout.spi.ChunkEncoder;
import dev.quire.layout.spi.ChunkSink;
import dev.quire.layout.spi.WrittenLayout;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Dictionary-encodes one column, chunk by chunk, into {@code vortex.dict} layouts (values flat, then codes: one flat
 * per chunk piece), keeping plain flat chunks where a dictionary does not pay; several pieces make a
 * {@code vortex.chunked} of them, as the reference writes.
 *
 * <p>Each piece of a chunk is encoded against the open dictionary, adding its new values one row at a time while the
 * caps hold (entries, value bytes, and the range of the dictionary's code type once its first piece fixed it). When
 * a value does not fit, the rows before it (down to a multiple of 8 into the chunk) are kept with this dictionary, the dictionary is closed (its values are
 * written) and a new one starts at that row. Every piece is judged: if its codes plus the values it added are not
 * smaller than its plain canonical bytes, its additions are undone, the open dictionary is closed and the rest of the
 * chunk is written plain; the next chunk tries a fresh dictionary. Before a fresh dictionary is built, a sample of the
 * rows left tells whether their values (nearly) never repeat ({@link #nearlyUnique}: free text, keys); such rows are
 * written plain at once, as the pay-off test would have decided after building a table of every row.
 *
 * <p>Null rows point at a null entry of the values (codes are never null), as the reference's writer does: its
 * filter pushdown judges nulls from the values alone. The values new to a piece get codes in order of falling frequency within the piece, so in a dictionary's first
 * piece the most frequent value has code 0. Codes are the narrowest unsigned type that holds the dictionary after its
 * first piece. What this keeps between chunks is the value table (its distinct values and their index) and the layout
 * nodes written, never rows.
 */
public final class DictionaryEncoder implements ChunkEncoder {
    public static final String LAYOUT_ID = "vortex.dict";
    /** Dictionaries that end inside a chunk end at a multiple of this many rows into the chunk. */
    static final int CUT_ALIGNMENT = 8;

    private final DType dtype;
    private final DictionaryOptions options;
    /** Estimates compressed sizes for the pay-off test; null to compare canonical bytes. */
    private final ArrayCompressor compressor;
    /** What the compressor measures its candidates with. */
    private final Plugins plugins;
    private final List<WrittenLayout> pieces = new ArrayList<>();

    /** The open dictionary, or null. */
    private ValueTable table;
    /** The open dictionary's code type, fixed by its first piece; null before. */
    private PType codeType;
    private final List<WrittenLayout> codeChunks = new ArrayList<>();
    private long dictionaryRows;

    private long dictionaries;
    private long plainPieces;

    /** Weighs pieces by canonical bytes. */
    public DictionaryEncoder(DType dtype, DictionaryOptions options) {
        this(dtype, options, Optional.empty(), null);
    }

    /**
     * Weighs pieces by what {@code compressor} (when present) estimates each side would take compressed, measured
     * with {@code plugins}: the plain rows against the codes plus, for a dictionary's first piece, its values.
     */
    public DictionaryEncoder(DType dtype, DictionaryOptions options, Optional<ArrayCompressor> compressor,
            Plugins plugins) {
        if (compressor.isPresent()) {
            Objects.requireNonNull(plugins, "plugins is null");
        }
        this.plugins = plugins;
        this.dtype = dtype;
        this.options = options;
        this.compressor = compressor.orElse(null);
    }

    @Override
    public void write(Array chunk, ChunkSink sink) {
        Array canonical = chunk.toCanonical();
        long n = canonical.length();
        long pos = 0;
        while (pos < n) {
            boolean fresh = table == null;
            if (fresh) {
                if (nearlyUnique(canonical, pos, n)) {
                    // No dictionary can pay for values that do not repeat: skip building one only to undo it.
                    writePlain(canonical, pos, n, Optional.empty(), sink);
                    return;
                }
                table = ValueTable.forType(dtype);
                codeType = null;
            }
            Piece piece = encodePiece(canonical, pos, n, sink);
            if (piece instanceof Piece.Plain plain) {
                // Not paying: the piece's additions are undone; the rest of the chunk is written plain.
                closeDictionary(sink);
                writePlain(canonical, pos, n, plain.estimate(), sink);
                return;
            }
            long end = ((Piece.Encoded) piece).end();
            if (end == pos) {
                if (fresh) {
                    // Not even one value fits an empty dictionary (a value above the byte cap).
                    closeDictionary(sink);
                    writePlain(canonical, pos, n, Optional.empty(), sink);
                    return;
                }
                closeDictionary(sink);
                continue;
            }
            pos = end;
            if (pos < n) {
                closeDictionary(sink); // the cap was reached inside the chunk: the rest starts a new dictionary
            }
        }
    }

    /** Runs of consecutive rows {@link #nearlyUnique} samples, and the rows in each. */
    static final int UNIQUE_RUNS = 512;
    static final int UNIQUE_RUN_ROWS = 8;
    /** Rows {@link #nearlyUnique} samples. */
    static final int UNIQUE_SAMPLE = UNIQUE_RUNS * UNIQUE_RUN_ROWS;
    /** The fewest rows left in a chunk for {@link #nearlyUnique} to judge them. */
    static final int UNIQUE_MIN_ROWS = 2 * UNIQUE_SAMPLE;
    /** At most this many sampled values (1 %) may repeat one sampled before for the rows to count as unique. */
    static final int UNIQUE_REPEATS = UNIQUE_SAMPLE / 100;

    /**
     * Whether rows {@code [from, to)} are so close to all distinct that no dictionary can pay: in a sample of
     * {@value #UNIQUE_RUNS} runs of {@value #UNIQUE_RUN_ROWS} consecutive rows spread evenly over them, all valid, at
     * most one value in a hundred repeats one sampled before. Values that repeat show it in such a sample: close
     * together (sorted or clustered rows) within a run, far apart across runs, where the expected repeats of s
     * sampled rows over d distinct values are about s^2 / 2d: 1 % of 4,096 puts d above 200,000, beyond the rows of
     * a chunk, so values repeat about once each at most. A dictionary's values alone would then be about as big as
     * the plain rows, and its codes come on top. Chunks under {@value #UNIQUE_MIN_ROWS} rows are not judged.
     */
    boolean nearlyUnique(Array chunk, long from, long to) {
        long rows = to - from;
        if (rows < UNIQUE_MIN_ROWS) {
            return false;
        }
        if (chunk.nullCount() != 0) {
            return false;
        }
        ValueTable seen = ValueTable.forType(dtype);
        seen.bind(chunk);
        int repeats = 0;
        for (int r = 0; r < UNIQUE_RUNS; r++) {
            long first = from + r * rows / UNIQUE_RUNS;
            for (long row = first; row < first + UNIQUE_RUN_ROWS; row++) {
                if (seen.find(row) >= 0) {
                    if (++repeats > UNIQUE_REPEATS) {
                        return false;
                    }
                } else {
                    seen.add(row);
                }
            }
        }
        return true;
    }

    /** What became of a piece: encoded with the dictionary, or not paying and so to be written plain. */
    private sealed interface Piece {
        /** Rows up to {@code end} (exclusive) were encoded and their codes written. */
        record Encoded(long end) implements Piece {}

        /**
         * The piece did not pay and its additions were undone; when the compressor estimated exactly the rows left in
         * the chunk, {@code estimate} holds that estimate, to write them with.
         */
        record Plain(Optional<ArrayCompressor.Estimate> estimate) implements Piece {}
    }

    /**
     * Encodes rows {@code [from, to)} of the canonical chunk against the open dictionary, up to the first row whose
     * value does not fit; writes the codes and returns the end of the encoded rows, or (undoing the additions) that
     * the piece does not pay.
     */
    private Piece encodePiece(Array chunk, long from, long to, ChunkSink sink) {
        int base = table.size();
        long baseBytes = table.valueBytes();
        int count = Math.toIntExact(to - from);
        int[] codes = new int[count];
        table.bind(chunk);
        boolean allValid = chunk.nullCount() == 0;
        long limit = codeType == null ? options.maxEntries() : Math.min(options.maxEntries(), maxCodes(codeType));
        long end = to;
        for (int k = 0; k < count; k++) {
            long row = from + k;
            if (!allValid && !chunk.isValid(row)) {
                // Nulls are a null entry of the dictionary, as the reference writes them (its filter pushdown
                // reads the values' validity, not the codes').
                int code = table.nullCode();
                if (code < 0) {
                    if (table.size() + 1L > limit || table.valueBytes() + table.nullBytes() > options.maxBytes()) {
                        end = row;
                        break;
                    }
                    code = table.addNull();
                }
                codes[k] = code;
                continue;
            }
            int code = table.find(row);
            if (code < 0) {
                if (table.size() + 1L > limit || table.valueBytes() + table.bytesOf(row) > options.maxBytes()) {
                    end = row;
                    break;
                }
                code = table.add(row);
            }
            codes[k] = code;
        }
        if (end < to) {
            // Cut before the value that did not fit, at a multiple of CUT_ALIGNMENT rows into the chunk: vortex-jni
            // 0.76 misreads bool columns of a file whose splits fall at other rows (verified in module-compat).
            end -= end % CUT_ALIGNMENT;
            end = Math.max(end, from);
        }
        int rows = (int) (end - from);
        if (rows == 0) {
            return new Piece.Encoded(from);
        }
        // New values get codes by falling frequency within the piece.
        int added = table.size() - base;
        if (added > 1) {
            long[] freq = new long[added];
            for (int k = 0; k < rows; k++) {
                if (codes[k] >= base) {
                    freq[codes[k] - base]++;
                }
            }
            Integer[] order = new Integer[added];
            for (int i = 0; i < added; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> freq[b] != freq[a] ? Long.compare(freq[b], freq[a])
                    : Integer.compare(a, b));
            int[] oldCodes = new int[added];
            int[] newCode = new int[added];
            for (int k = 0; k < added; k++) {
                oldCodes[k] = base + order[k];
                newCode[order[k]] = base + k;
            }
            table.reorder(base, oldCodes);
            for (int k = 0; k < rows; k++) {
                if (codes[k] >= base) {
                    codes[k] = newCode[codes[k] - base];
                }
            }
        }
        PType type = codeType != null ? codeType : narrowest(table.size());
        long codeBytes = (long) rows * type.byteWidth();
        long addedBytes = table.valueBytes() - baseBytes;
        PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(type, false), pack(codes, rows, type),
                Validity.NON_NULLABLE);
        long plainBytes;
        Array codesToWrite = codeArray;
        ArrayCompressor.Estimate plainEstimate = null;
        if (compressor != null) {
            // The estimates keep what they chose, so the side that is written is not weighed a second time.
            ArrayCompressor.Estimate codeEstimate = compressor.estimate(codeArray, plugins);
            codeBytes = codeEstimate.bytes();
            if (base == 0) {
                addedBytes = compressor.estimateSize(table.toArray(dtype), plugins);
            }
            plainEstimate = compressor.estimate(chunk.slice(from, from + rows), plugins);
            plainBytes = plainEstimate.bytes();
            if (codeBytes + addedBytes < plainBytes) {
                codesToWrite = codeEstimate.compress();
            }
        } else {
            plainBytes = plainBytes(chunk, from, from + rows);
        }
        if (codeBytes + addedBytes >= plainBytes) {
            table.truncate(base);
            // The estimate is of rows [from, from + rows): it is the one for the plain rest only if that is all of it.
            return new Piece.Plain(from + rows == to ? Optional.ofNullable(plainEstimate) : Optional.empty());
        }
        codeType = type;
        codeChunks.add(WrittenLayout.flat(rows, sink.writeArray(codesToWrite)));
        dictionaryRows += rows;
        return new Piece.Encoded(from + rows);
    }

    /**
     * The first {@code rows} codes in {@code type}'s width, in a heap array of that width (whose bytes are
     * little-endian on the little-endian machines the writer supports, as the compressor's integer buffers).
     */
    private static MemorySegment pack(int[] codes, int rows, PType type) {
        switch (type.byteWidth()) {
            case 1 -> {
                byte[] out = new byte[rows];
                for (int k = 0; k < rows; k++) {
                    out[k] = (byte) codes[k];
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[rows];
                for (int k = 0; k < rows; k++) {
                    out[k] = (short) codes[k];
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                return MemorySegment.ofArray(Arrays.copyOf(codes, rows));
            }
        }
    }

    /** The narrowest unsigned code type for a dictionary of {@code entries} values. */
    static PType narrowest(long entries) {
        if (entries <= 1L << 8) {
            return PType.U8;
        }
        return entries <= 1L << 16 ? PType.U16 : PType.U32;
    }

    private static long maxCodes(PType type) {
        return 1L << (8 * type.byteWidth());
    }

    /** The canonical bytes of rows {@code [from, to)}: fixed-width slots, plus out-of-line string bytes. */
    static long plainBytes(Array chunk, long from, long to) {
        if (chunk instanceof VarBinViewArray v) {
            long bytes = (to - from) * VarBinViewArray.VIEW_SIZE;
            for (long i = from; i < to; i++) {
                if (v.isValid(i)) {
                    int len = v.byteLength(i);
                    bytes += len > VarBinViewArray.MAX_INLINED ? len : 0;
                }
            }
            return bytes;
        }
        return (to - from) * ((PrimitiveArray) chunk).ptype().byteWidth();
    }

    /**
     * Writes rows {@code [from, to)} as one flat piece: compressed as {@code estimate} chose when these rows were
     * estimated as one piece just now, else as the writer compresses any array.
     */
    private void writePlain(Array chunk, long from, long to, Optional<ArrayCompressor.Estimate> estimate,
            ChunkSink sink) {
        Array rows = estimate.isPresent() ? estimate.get().compress()
                : from == 0 && to == chunk.length() ? chunk : chunk.slice(from, to);
        pieces.add(WrittenLayout.flat(to - from, sink.writeArray(rows)));
        plainPieces++;
    }

    /** Writes the open dictionary's values and adds its layout; forgets the dictionary. */
    private void closeDictionary(ChunkSink sink) {
        if (table != null && dictionaryRows > 0) {
            Array values = table.toArray(dtype);
            WrittenLayout valuesLayout = WrittenLayout.flat(values.length(), sink.writeArray(values));
            WrittenLayout codesLayout = WrittenLayout.chunkedOrSingle(codeChunks);
            byte[] metadata = DictLayoutMetadata.newBuilder()
                    .setCodesPtype(codeType.code())
                    .setIsNullableCodes(false)
                    .setAllValuesReferenced(false) // values added past a cut may be unreferenced
                    .build().toByteArray();
            pieces.add(new WrittenLayout(LAYOUT_ID, dictionaryRows, metadata, List.of(valuesLayout, codesLayout),
                    List.of()));
            dictionaries++;
        }
        table = null;
        codeType = null;
        codeChunks.clear();
        dictionaryRows = 0;
    }

    @Override
    public WrittenLayout finish(ChunkSink sink) {
        closeDictionary(sink);
        return WrittenLayout.chunkedOrSingle(pieces);
    }

    @Override
    public long retainedBytes() {
        return 128 + (table == null ? 0 : table.retainedBytes());
    }

    /** The dictionaries written so far (closed ones). */
    public long dictionaries() {
        return dictionaries;
    }

    /** The pieces written plain so far. */
    public long plainPieces() {
        return plainPieces;
    }

    /** The distinct values in the open dictionary (0 when none is open). */
    public int openEntries() {
        return table == null ? 0 : table.size();
    }
}
