package dev.quire.layout.internal.format;

import dev.quire.errors.MalformedFileException;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.MetadataParser;
import dev.quire.layout.spi.Plugins;
import dev.quire.splits.RowOffsets;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/** Everything the layout nodes of one open file share: the reader, the footer, the limits, resolved ids. */
public final class FileContext {
    /**
     * The alignment segments are read at. Buffers inside a segment keep their offsets, so a buffer written at a
     * 16-byte boundary sits at an 8-byte one in memory: encodings read with unaligned accesses. Asking no more than 8
     * lets providers serve segments from the heap.
     */
    static final long SEGMENT_ALIGNMENT = 8;

    private final ReadAt in;
    private final Plugins plugins;
    private final FileFooter footer;
    private final ReadLimits limits;
    private final AtomicReferenceArray<ArrayEncoding> encodings;
    private final AtomicReferenceArray<LayoutVTable> vtables;
    private final AtomicLong layoutNodes = new AtomicLong();
    private final FileSegments segments;
    /** Row offsets shared by layouts whose children line up; see {@link #shareOffsets}. */
    private final ConcurrentHashMap<RowOffsets, RowOffsets> sharedOffsets = new ConcurrentHashMap<>();
    /**
     * What {@link #shareOffsets} handed out last: layouts are built column after column, and aligned columns ask for
     * the same contents in a row, so one comparison usually answers without hashing.
     */
    private volatile RowOffsets lastSharedOffsets;
    /** Parsed layout metadata by parser and bytes; see {@link #parsedMetadata}. */
    private final ConcurrentHashMap<MetadataKey, Object> parsedMetadata = new ConcurrentHashMap<>();

    /** How many distinct parsed metadata a file keeps at most; beyond it, metadata is parsed each time. */
    static final int MAX_PARSED_METADATA = 1024;

    /**
     * A parser and the metadata bytes it read; equal when the parsers are and the bytes' contents are. The bytes are
     * copied to the heap once, so hashing and comparing them are bulk array operations rather than a bounds-checked
     * read per byte of a buffer over the footer.
     */
    private record MetadataKey(Object parser, byte[] bytes, int hash) {
        MetadataKey(Object parser, ByteBuffer metadata) {
            this(parser, heapCopy(metadata));
        }

        private MetadataKey(Object parser, byte[] bytes) {
            this(parser, bytes, 31 * parser.hashCode() + Arrays.hashCode(bytes));
        }

        private static byte[] heapCopy(ByteBuffer metadata) {
            byte[] bytes = new byte[metadata.remaining()];
            metadata.duplicate().get(bytes);
            return bytes;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof MetadataKey other && other.hash == hash && other.parser.equals(parser)
                    && Arrays.equals(other.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * How many distinct offsets a file shares at most: beyond it (a file whose columns all differ) offsets are simply
     * not shared, so the table stays small.
     */
    static final int MAX_SHARED_OFFSETS = 1024;

    public FileContext(ReadAt in, FileFooter footer, ReadLimits limits, Plugins plugins) {
        this.plugins = Objects.requireNonNull(plugins, "plugins is null");
        this.in = in;
        this.footer = footer;
        this.limits = limits;
        this.encodings = new AtomicReferenceArray<>(footer.arraySpecs().size());
        this.vtables = new AtomicReferenceArray<>(footer.layoutSpecs().size());
        this.segments = new FileSegments(in, footer.segments(), SEGMENT_ALIGNMENT);
    }

    public ReadAt in() {
        return in;
    }

    public FileFooter footer() {
        return footer;
    }

    /** The plugins the file's encodings and layouts are resolved with. */
    public Plugins plugins() {
        return plugins;
    }

    public ReadLimits limits() {
        return limits;
    }

    /** The array encoding for an index into the footer's array specs; unknown ids fail here, when first used. */
    ArrayEncoding encoding(int specIndex, String location) {
        if (specIndex >= encodings.length()) {
            throw new MalformedFileException(location + ": array encoding index " + specIndex + " is not in the "
                    + encodings.length() + " array specs of the footer");
        }
        ArrayEncoding e = encodings.get(specIndex);
        if (e == null) {
            e = plugins.arrayEncoding(footer.arraySpecs().get(specIndex));
            encodings.set(specIndex, e);
        }
        return e;
    }

    String encodingId(int specIndex, String location) {
        if (specIndex >= footer.arraySpecs().size()) {
            throw new MalformedFileException(location + ": array encoding index " + specIndex + " is not in the "
                    + footer.arraySpecs().size() + " array specs of the footer");
        }
        return footer.arraySpecs().get(specIndex);
    }

    String layoutId(int specIndex, Supplier<String> location) {
        if (specIndex >= footer.layoutSpecs().size()) {
            throw new MalformedFileException(location.get() + ": layout index " + specIndex + " is not in the "
                    + footer.layoutSpecs().size() + " layout specs of the footer");
        }
        return footer.layoutSpecs().get(specIndex);
    }

    LayoutVTable vtable(int specIndex, Layout node) {
        LayoutVTable v = specIndex < vtables.length() ? vtables.get(specIndex) : null;
        return v != null ? v : vtable(specIndex, node::path);
    }

    /** The vtable of child {@code index} of {@code parent}, whose layout spec index is {@code specIndex}. */
    LayoutVTable childVtable(int specIndex, Layout parent, int index) {
        LayoutVTable v = specIndex < vtables.length() ? vtables.get(specIndex) : null;
        return v != null ? v : vtable(specIndex, () -> parent.path() + ".child[" + index + "]");
    }

    /**
     * The vtable for an index into the footer's layout specs, resolved through the registry once per index;
     * {@code location} names the layout for the error when the index is not in the footer or the id is unknown.
     */
    LayoutVTable vtable(int specIndex, Supplier<String> location) {
        LayoutVTable v = specIndex < vtables.length() ? vtables.get(specIndex) : null;
        if (v == null) {
            String id = layoutId(specIndex, location);
            v = plugins.layout(id);
            vtables.set(specIndex, v);
        }
        return v;
    }

    /** Counts a layout node as built, failing once the file has built more than the limit allows. */
    void countLayoutNode(Layout node) {
        if (layoutNodes.incrementAndGet() > limits.maxLayoutTables()) {
            throw new MalformedFileException("layout tree has more than " + limits.maxLayoutTables()
                    + " nodes (at " + node.path() + ")");
        }
    }

    /**
     * The file's one instance of row offsets with these contents: layouts whose children line up share it, so split
     * collection recognises a repeated run by identity instead of comparing it value by value.
     */
    RowOffsets shareOffsets(RowOffsets offsets) {
        RowOffsets last = lastSharedOffsets;
        if (last != null && last.equals(offsets)) {
            return last;
        }
        RowOffsets shared = sharedOffsets.get(offsets);
        if (shared == null) {
            if (sharedOffsets.size() >= MAX_SHARED_OFFSETS) {
                return offsets;
            }
            shared = sharedOffsets.putIfAbsent(offsets, offsets);
            if (shared == null) {
                shared = offsets;
            }
        }
        lastSharedOffsets = shared;
        return shared;
    }

    /**
     * What {@code parser} makes of {@code metadata} (of {@code layout}), parsed once per file for every node whose
     * metadata has these bytes: the columns of a file mostly carry identical metadata (a zoned layout's zone length and
     * statistics), so a first scan of a wide file parses it once, not once per column. The parser identifies the parse
     * (two layouts may read the same bytes differently). A parse that fails is not kept, so each node reports its own
     * error.
     */
    <T> T parsedMetadata(MetadataParser<T> parser, Layout layout, ByteBuffer metadata) {
        MetadataKey key = new MetadataKey(parser, metadata);
        @SuppressWarnings("unchecked")
        T known = (T) parsedMetadata.get(key);
        if (known != null) {
            return known;
        }
        T parsed = Objects.requireNonNull(parser.parse(layout, metadata.asReadOnlyBuffer()),
                "parsed metadata is null");
        if (parsedMetadata.size() < MAX_PARSED_METADATA) {
            parsedMetadata.putIfAbsent(key, parsed);
        }
        return parsed;
    }

    /** How many layout nodes of the file have been built so far (for tests and diagnostics). */
    public long layoutNodesBuilt() {
        return layoutNodes.get();
    }

    public SegmentSpec segment(int id, String location) {
        if (id < 0 || id >= footer.segments().size()) {
            throw new MalformedFileException(location + ": segment " + Integer.toUnsignedString(id)
                    + " does not exist (the footer lists " + footer.segments().size() + ")");
        }
        return footer.segments().get(id);
    }

    /** The file's segments: read directly, or in batches. */
    FileSegments segments() {
        return segments;
    }
}
