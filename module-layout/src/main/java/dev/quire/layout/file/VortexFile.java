package dev.quire.layout.file;

import dev.quire.errors.ClosedException;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.layout.QuireContext;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.internal.format.ByteOrderCheck;
import dev.quire.layout.internal.format.FileContext;
import dev.quire.layout.internal.format.FileFooter;
import dev.quire.layout.internal.format.FileInspection;
import dev.quire.layout.internal.format.LayoutNode;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.splits.RowRange;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An open Vortex file: its dtype, row count and layout tree, read from the footer on open, and scans over its rows.
 * Opening reads only the end of the file; data is read by scans. Thread-safe.
 */
public final class VortexFile implements AutoCloseable {
    /** The reader factory of {@link #open(Path)}, once made. */
    private static volatile ReadAtFactory defaultReaders;

    private final ReadAt in;
    private final QuireContext quire;
    private final boolean ownsReader;
    private final FileFooter footer;
    private final FileContext context;
    private final LayoutNode root;
    private volatile LayoutReader reader;
    private volatile boolean closed;

    private VortexFile(ReadAt in, boolean ownsReader, ReadLimits limits, QuireContext quire) {
        ByteOrderCheck.requireLittleEndianHost();
        this.in = in;
        this.quire = Objects.requireNonNull(quire, "context is null");
        this.ownsReader = ownsReader;
        this.footer = FileFooter.read(in, limits);
        this.context = new FileContext(in, footer, limits, quire);
        this.root = LayoutNode.root(context);
    }

    /** Opens a local file with the {@linkplain QuireContext#defaults() default context}. */
    public static VortexFile open(Path path) {
        return open(path, QuireContext.defaults());
    }

    /**
     * Opens a local file with {@code context}'s plugins and settings, through its I/O providers (the one its
     * {@code quire.io} setting names, else the best available).
     */
    public static VortexFile open(Path path, QuireContext context) {
        return open(path.toAbsolutePath().toUri(), context);
    }

    /** Opens a file, local or not, through {@code context}'s I/O providers. */
    public static VortexFile open(URI uri, QuireContext context) {
        return open(uri, context.readers(), ReadLimits.defaults(), context);
    }

    /**
     * Opens a file through a reader factory (the hook that lets any {@link ReadAt} serve it), with the default
     * context's plugins and settings.
     */
    public static VortexFile open(URI uri, ReadAtFactory factory, ReadLimits limits) {
        return open(uri, factory, limits, QuireContext.defaults());
    }

    /** Opens a file through a reader factory, checking sizes against {@code limits}, with {@code context}. */
    public static VortexFile open(URI uri, ReadAtFactory factory, ReadLimits limits, QuireContext context) {
        ByteOrderCheck.requireLittleEndianHost();
        Objects.requireNonNull(context, "context is null");
        ReadAt in = factory.open(uri);
        try {
            return new VortexFile(in, true, limits, context);
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Opens a file over a reader the caller keeps ownership of, with the default context. */
    public static VortexFile open(ReadAt in) {
        return open(in, ReadLimits.defaults());
    }

    public static VortexFile open(ReadAt in, ReadLimits limits) {
        return open(in, limits, QuireContext.defaults());
    }

    /** Opens a file over a reader the caller keeps ownership of, with {@code context}. */
    public static VortexFile open(ReadAt in, ReadLimits limits, QuireContext context) {
        return new VortexFile(in, false, limits, context);
    }

    /** The context the file was opened with: its encodings and layouts read the file, its settings rule its scans. */
    public QuireContext context() {
        return quire;
    }

    public DType dtype() {
        return footer.dtype();
    }

    public long rowCount() {
        return root.rowCount();
    }

    public long fileSize() {
        return footer.fileSize();
    }

    /** The root of the layout tree. */
    public Layout layout() {
        return root;
    }

    /** The data segments the footer lists, by id. */
    public List<SegmentSpec> segments() {
        return footer.segments();
    }

    /** The array encoding ids the footer lists. */
    public List<String> arraySpecs() {
        return footer.arraySpecs();
    }

    /** The layout ids the footer lists. */
    public List<String> layoutSpecs() {
        return footer.layoutSpecs();
    }

    /**
     * The file statistics: one entry per top-level field (one for a non-struct root), in field order, or an empty
     * list when the file has none. Read from the file on each call.
     */
    public List<ArrayStats> statistics() {
        checkOpen();
        return FileInspection.statistics(context);
    }

    /**
     * How the segment of {@code flat}, a {@code vortex.flat} layout of this file's tree, is encoded: read from the
     * array flatbuffer at the segment's end (or the layout's metadata) without decoding values.
     *
     * @throws dev.quire.errors.InvalidArgumentException when {@code flat} is not a flat layout
     */
    public ArrayEncodingTree arrayTree(Layout flat) {
        checkOpen();
        return FileInspection.arrayTree(context, flat);
    }

    /** The reader of the root layout, shared by the scans of this file. */
    public LayoutReader reader() {
        checkOpen();
        LayoutReader r = reader;
        if (r == null) {
            synchronized (this) {
                r = reader;
                if (r == null) {
                    r = root.vtable().reader(root);
                    reader = r;
                }
            }
        }
        return r;
    }

    /**
     * A reader of a newly built layout tree that shares no layout node or reader with {@link #reader()} or with other
     * fresh readers: what the first use of a newly opened file costs, without reading its footer again. For tools
     * and benchmarks that measure building the tree; scans share {@link #reader()}.
     */
    public LayoutReader freshReader() {
        checkOpen();
        LayoutNode fresh = LayoutNode.root(new FileContext(in, footer, context.limits(), quire));
        return fresh.vtable().reader(fresh);
    }

    /**
     * How many nodes of the layout tree behind {@link #layout()} and {@link #reader()} have been built so far.
     * Children are built only when something asks for them, so this shows what a scan or a split collection touched.
     */
    public long layoutNodesBuilt() {
        return context.layoutNodesBuilt();
    }

    /**
     * The natural split ranges of the file for these columns (all columns when none are named): the rows between
     * consecutive chunk boundaries of the columns, in order, covering every row. An engine can schedule them itself,
     * scanning each with {@code scan().rowRange(from, to)}.
     */
    public List<RowRange> splits(String... columns) {
        Scan scan = scan().splitRows(Long.MAX_VALUE);
        if (columns.length > 0) {
            scan.project(columns);
        }
        long[] bounds = scan.splitBoundaries();
        List<RowRange> out = new ArrayList<>(Math.max(0, bounds.length - 1));
        for (int i = 1; i < bounds.length; i++) {
            out.add(new RowRange(bounds[i - 1], bounds[i]));
        }
        return out;
    }

    /** A scan of all rows and columns, to narrow down with the scan's builder methods. */
    public Scan scan() {
        checkOpen();
        return new Scan(reader(), quire);
    }

    private void checkOpen() {
        if (closed) {
            throw new ClosedException("Vortex file " + in.name());
        }
    }

    public String name() {
        return in.name();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (ownsReader) {
                in.close();
            }
        }
    }
}
