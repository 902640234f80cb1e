package dev.quire.layout.scan;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.Pruning;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import dev.quire.splits.internal.RowSelector;
import dev.quire.splits.internal.SplitPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * A scan of a file's rows, configured with builder methods and run with {@link #batches()}, {@link #forEach},
 * {@link #forEachConcurrently} or {@link #count()}.
 *
 * <p>The rows are cut into splits at the chunk boundaries of the columns the scan reads (projected and filtered),
 * with spans longer than {@link #splitRows(long)} cut further. Each split is a task: prune it with zone statistics,
 * evaluate the filter (its conjuncts in the order of their observed selectivity), then read the projected columns
 * and keep the selected rows. Up to {@link #concurrency(int)} tasks run at once on a shared pool; their batches come
 * out in row order unless {@link #ordered(boolean) ordered(false)}. Batches are struct arrays of the projected
 * columns, each field canonical unless {@link #canonical(boolean) canonical(false)}; a split whose rows are all
 * filtered out produces no batch.
 *
 * <p>A filter and a limit together are supported: an ordered scan returns the first {@code n} matching rows in file
 * order; an unordered scan returns some {@code n} matching rows. The filter, projection and selection are checked
 * against the file's dtype when they are set, before any data is read.
 *
 * <pre>{@code
 * try (BatchStream batches = file.scan().project("id", "name").filter("id < 100").batches()) {
 *     for (StructArray batch : batches) { ... }
 * }
 * }</pre>
 */
public final class Scan {
    public static final long DEFAULT_SPLIT_ROWS = SplitPlan.DEFAULT_MAX_ROWS;
    /** The most splits {@link #splitBoundaries()} lists (128 MiB of boundaries). */
    public static final int MAX_LISTED_SPLITS = 1 << 24;

    private final LayoutReader root;
    private final QuireContext context;
    private final DType.Struct dtype;
    private final long rowCount;
    private List<FieldPath> columns = List.of();
    private Projection projection = Projection.all();
    private BoundExpr filter;
    private Selection selection = Selection.all();
    private long from;
    private long to;
    private long limit = Long.MAX_VALUE;
    private long splitRows = DEFAULT_SPLIT_ROWS;
    private boolean ordered = true;
    private int concurrency = ScanPool.defaultConcurrency();
    private Executor executor;
    private boolean filterKernels;
    private boolean canonical = true;

    /**
     * A scan of all the rows and columns that {@code root} (a file's root reader) reads, with the settings of
     * {@code context}: whether filters use kernels ({@link QuireContext#FILTER_KERNELS}) and how splits are collected
     * ({@link QuireContext#SKIP_SPLITLESS_CHILDREN}). {@code VortexFile.scan()} is the usual way to get one.
     *
     * @throws UnsupportedFeatureException when the root dtype is not a struct
     * @throws InvalidArgumentException when a setting's value does not parse
     */
    public Scan(LayoutReader root, QuireContext context) {
        this.root = Objects.requireNonNull(root, "root is null");
        this.context = Objects.requireNonNull(context, "context is null");
        if (!(root.dtype() instanceof DType.Struct s)) {
            throw new UnsupportedFeatureException("scans need a file whose root dtype is a struct, this one is "
                    + root.dtype());
        }
        this.dtype = s;
        this.rowCount = root.rowCount();
        this.to = rowCount;
        this.filterKernels = context.setting(QuireContext.FILTER_KERNELS);
    }

    /** Keeps only these columns; nested fields are written as dotted paths ({@code address.city}). */
    public Scan project(String... paths) {
        List<FieldPath> parsed = new ArrayList<>();
        for (String p : paths) {
            parsed.add(FieldPath.parse(p));
        }
        return project(parsed);
    }

    public Scan project(List<FieldPath> paths) {
        this.projection = Projection.of(dtype, paths);
        this.columns = List.copyOf(paths);
        return this;
    }

    /** Keeps the rows where {@code filter} (in the text syntax of {@link Expr#parse}) is true. */
    public Scan filter(String filter) {
        return filter(Expr.parse(filter));
    }

    /** Keeps the rows where {@code filter} is true; it is bound (type-checked) against the file's dtype here. */
    public Scan filter(Expr filter) {
        this.filter = filter.bind(dtype);
        return this;
    }

    /** Reads rows {@code [from, to)} only. */
    public Scan rowRange(long from, long to) {
        if (from < 0 || to < from || to > rowCount) {
            throw new InvalidArgumentException("row range [" + from + ", " + to + ") is outside the file's "
                    + rowCount + " rows");
        }
        this.from = from;
        this.to = to;
        return this;
    }

    /** Restricts the scan to (or away from) particular rows, before the filter. */
    public Scan select(Selection selection) {
        this.selection = Objects.requireNonNull(selection, "selection is null");
        return this;
    }

    /** Stops after {@code n} rows (after the filter). */
    public Scan limit(long n) {
        if (n < 0) {
            throw new InvalidArgumentException("limit must not be negative, got " + n);
        }
        this.limit = n;
        return this;
    }

    /** The most rows a split (and so a batch) may have (default {@value #DEFAULT_SPLIT_ROWS}). */
    public Scan splitRows(long n) {
        if (n < 1) {
            throw new InvalidArgumentException("split rows must be positive, got " + n);
        }
        this.splitRows = n;
        return this;
    }

    /** Whether batches come out in row order (the default) or as their splits finish. */
    public Scan ordered(boolean ordered) {
        this.ordered = ordered;
        return this;
    }

    /** The most split tasks in flight at once (default four per core). 1 runs one split at a time. */
    public Scan concurrency(int n) {
        if (n < 1) {
            throw new InvalidArgumentException("concurrency must be positive, got " + n);
        }
        this.concurrency = n;
        return this;
    }

    /** Runs the scan's tasks on {@code executor} instead of Quire's shared scan pool. */
    public Scan executor(Executor executor) {
        this.executor = Objects.requireNonNull(executor, "executor is null");
        return this;
    }

    /**
     * Whether the filter may be answered from encoded columns through their
     * {@link dev.quire.layout.expr.FilterKernel}s (a dictionary evaluates a predicate once on its values and maps
     * the result to its codes) or every row of the filter's columns is decoded and the predicate evaluated on the
     * canonical values. The rows returned are the same either way. The default is the context's
     * {@link QuireContext#FILTER_KERNELS} setting (on unless set otherwise); turning them off is for measuring what
     * they save and for ruling a kernel out when a filtered result looks wrong. Pruning by statistics (zone maps, dictionary
     * minimum and maximum) is not affected.
     */
    public Scan filterKernels(boolean use) {
        this.filterKernels = use;
        return this;
    }

    /**
     * Whether each batch's fields are decoded to their canonical arrays before the batch is handed out (the default),
     * or left as the file's encodings read them: bit-packed, frame-of-reference, run-end, dictionary or FSST arrays,
     * say, which decode on {@link dev.quire.layout.array.Array#toCanonical()}. A consumer that reads each value once
     * then decodes a block at a time where it reads ({@link dev.quire.layout.array.LongBlocks#cursor}), in cache,
     * instead of the scan writing each whole column into new memory for it to read back.
     *
     * <p>Structs and extensions stay structs and extensions; their fields and storage are what is left encoded. With
     * {@code false}, corrupt encoded data in a file may surface as a
     * {@link dev.quire.errors.MalformedFileException} when a column is read rather than from the scan.
     */
    public Scan canonical(boolean canonical) {
        this.canonical = canonical;
        return this;
    }

    /** The dtype of the batches. */
    public DType.Struct outputType() {
        return (DType.Struct) projection.apply(dtype);
    }

    /** The bound filter, if one was set. */
    public Optional<BoundExpr> boundFilter() {
        return Optional.ofNullable(filter);
    }

    /**
     * The number of rows the scan returns. Without a filter this is arithmetic on the range, selection and limit and
     * reads nothing; with one, the filter's columns are read and evaluated (pruned zones are skipped).
     */
    public long count() {
        return countWithMetrics().rowsReturned();
    }

    /**
     * Counts as {@link #count()} does and says what that took: {@link ScanMetrics#rowsReturned()} is the count, and
     * the other fields show the splits started and pruned, the zones whose statistics ruled rows out and the rows whose
     * filter columns were read. Without a filter nothing is read, and only the count is set.
     */
    public ScanMetrics countWithMetrics() {
        if (filter == null) {
            return new ScanMetrics(0, 0, 0, 0, 0, Math.min(limit, selection.count(from, to)));
        }
        try (BatchStream batches = run(Projection.none())) {
            // The stream counts the rows it hands out; batches of no columns hold nothing else.
            while (batches.hasNext()) {
                batches.next();
            }
            return batches.metrics();
        }
    }

    /**
     * The boundaries of the scan's splits: {@code from}, each split's end, in order. Splits follow the chunk
     * boundaries of the columns the scan reads, cut to at most {@link #splitRows(long)} rows; the selection, filter
     * and limit do not change them.
     */
    public long[] splitBoundaries() {
        SplitPlan plan = plan(projection, false);
        long n = plan.remaining();
        if (n > MAX_LISTED_SPLITS) {
            throw new InvalidArgumentException("this scan of " + (to - from) + " rows has " + n
                    + " splits, more than the " + MAX_LISTED_SPLITS + " splitBoundaries() lists; read them through "
                    + "batches()");
        }
        long[] out = new long[(int) n + 1];
        out[0] = plan.start();
        for (int i = 1; i < out.length; i++) {
            out[i] = plan.next();
        }
        return out;
    }

    /**
     * The natural boundaries of the columns read (projected and filtered) inside the scan's row range, collected
     * from the readers as the context's {@link QuireContext#SKIP_SPLITLESS_CHILDREN} setting says.
     */
    private long[] boundaries(Projection read) {
        RowSplits splits = context.setting(QuireContext.SKIP_SPLITLESS_CHILDREN)
                ? RowSplits.skippingSplitlessChildren() : RowSplits.walkingEveryChild();
        SplitRange range = new SplitRange(0, from, to);
        root.registerSplits(read.fieldMask(), range, splits);
        if (filter != null && !read.isAll()) {
            root.registerSplits(filterColumns().fieldMask(), range, splits);
        }
        return splits.boundaries();
    }

    /** The plan of the scan's splits; with {@code select}, it applies the selection (see SplitPlan#nextSplit). */
    private SplitPlan plan(Projection read, boolean select) {
        long[] natural = boundaries(read);
        if (!select) {
            return new SplitPlan(natural, from, to, splitRows);
        }
        return new SplitPlan(natural, from, to, splitRows, selector(selection),
                selection.exactRanges().orElse(null));
    }

    /** {@code selection} as the planner consults it (the planner's interface is not part of the scan's API). */
    private static RowSelector selector(Selection selection) {
        return new RowSelector() {
            @Override
            public long nextSelected(long from) {
                return selection.nextSelected(from);
            }

            @Override
            public boolean anySelected(long from, long to) {
                return selection.anySelected(from, to);
            }
        };
    }

    private Projection filterColumns() {
        List<FieldPath> paths = filter.columns();
        return paths.isEmpty() ? Projection.none() : Projection.of(dtype, paths);
    }

    /** Opens the scan; close the stream when done. */
    public BatchStream batches() {
        return run(projection);
    }

    private BatchStream run(Projection read) {
        return new BatchStream(start(read, null), (DType.Struct) read.apply(dtype));
    }

    private ScanRun start(Projection read, Consumer<? super StructArray> sink) {
        Executor pool = executor != null ? executor : ScanPool.shared();
        Conjuncts conjuncts = filter == null ? null : new Conjuncts(filter, dtype, filterKernels);
        Pruning pruning = filter == null ? null : Pruning.of(filter);
        return new ScanRun(root.layout(), root, read, conjuncts, pruning, selection, plan(read, true),
                limit, ordered, concurrency, pool, sink, canonical);
    }

    /** Runs the scan, handing each batch to {@code consumer} on the calling thread. */
    public void forEach(Consumer<? super StructArray> consumer) {
        try (BatchStream stream = batches()) {
            stream.forEach(consumer);
        }
    }

    /**
     * Runs the scan, handing each batch to {@code consumer} on the scan's own threads (those of its
     * {@link #executor(Executor) executor}) as soon as it is ready: the thread that decoded a batch consumes it while it
     * is still in that core's cache, and up to {@link #concurrency(int)} batches are consumed at once, so consuming
     * costs no thread of its own. Returns once the scan is done and every call to {@code consumer} has returned.
     *
     * <p>{@code consumer} is called from several threads at once and must be safe for that: keep partial results per
     * thread (and merge them when this returns) or in concurrent structures. Batches come in no particular order,
     * whatever {@link #ordered(boolean)} says; a {@link #limit(long) limit} holds across all of them (the batch that
     * reaches it is cut). The calling thread starts the split tasks and waits for them.
     *
     * <p>When a task or {@code consumer} throws, no further task starts, running tasks stop at their next step, and the
     * first failure is rethrown here once nothing of the scan is running. Batches consumed before it stay consumed.
     *
     * @return what the scan did; its {@link ScanMetrics#rowsReturned() rows returned} are the rows handed to
     *     {@code consumer}
     */
    public ScanMetrics forEachConcurrently(Consumer<? super StructArray> consumer) {
        Objects.requireNonNull(consumer, "consumer is null");
        ScanRun run = start(projection, consumer);
        return run.metrics(run.consumeAll());
    }

    /** The paths projected, or empty when all columns are (for tools). */
    public List<FieldPath> projectedColumns() {
        return columns;
    }
}
