package dev.quire.layout.file;

import dev.quire.config.Settings;
import dev.quire.errors.ClosedException;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.layout.dtype.DType;
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

/**
 * An open Vortex file: its dtype, row count and layout tree, read from the footer on open, and scans over its rows.
 * Opening reads only the end of the file; data is read by scans. Thread-safe.
 */
public final class VortexFile implements AutoCloseable {
    /** The reader factory of {@link #open(Path)}, once made. */
    private static volatile ReadAtFactory defaultReaders;

    private final ReadAt in;
    private final boolean ownsReader;
    private final FileFooter footer;
    private final FileContext context;
    private final LayoutNode root;
    private volatile LayoutReader reader;
    private volatile boolean closed;

    private VortexFile(ReadAt in, boolean ownsReader, ReadLimits limits) {
        ByteOrderCheck.requireLittleEndianHost();
        this.in = in;
        this.ownsReader = ownsReader;
        this.footer = FileFooter.read(in, limits);
        this.context = new FileContext(in, footer, limits);
        this.root = LayoutNode.root(context);
    }

    /**
     * Opens a local file through the best available I/O provider (or the one {@code quire.io} names), with the
     * providers {@link java.util.ServiceLoader} finds and the settings of this JVM's system properties and environment
     * variables, both read on the first call.
     */
    public static VortexFile open(Path path) {
        return open(path.toAbsolutePath().toUri(), defaultReaders(), ReadLimits.defaults());
    }

    /**
     * The reader factory of {@link #open(Path)}, made on the first call that succeeds: a failure (two providers with
     * one name) is thrown to each caller as it is, not as an error of class initialisation.
     */
    private static ReadAtFactory defaultReaders() {
        ReadAtFactory readers = defaultReaders;
        if (readers == null) {
            synchronized (VortexFile.class) {
                readers = defaultReaders;
                if (readers == null) {
                    readers = IoProviders.load(Settings.fromEnvironment()).readers();
                    defaultReaders = readers;
                }
            }
        }
        return readers;
    }

    /** Opens a file through a reader factory (the hook that lets any {@link ReadAt} serve it). */
    public static VortexFile open(URI uri, ReadAtFactory factory, ReadLimits limits) {
        ByteOrderCheck.requireLittleEndianHost();
        ReadAt in = factory.open(uri);
        try {
            return new VortexFile(in, true, limits);
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Opens a file over a reader the caller keeps ownership of. */
    public static VortexFile open(ReadAt in) {
        return new VortexFile(in, false, ReadLimits.defaults());
    }

    public static VortexFile open(ReadAt in, ReadLimits limits) {
        return new VortexFile(in, false, limits);
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
        LayoutNode fresh = LayoutNode.root(new FileContext(in, footer, context.limits()));
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
        return new Scan(this);
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
