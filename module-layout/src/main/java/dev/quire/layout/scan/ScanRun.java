package dev.quire.layout.scan;

import dev.quire.io.spi.ReadAt;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.Pruning;
import dev.quire.layout.spi.SegmentBatch;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.RowRange;
import dev.quire.splits.internal.SplitPlan;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * The running state of one scan: split tasks in flight, bounded by the scan's concurrency, and the batches they
 * produce, handed out in split order (or as they complete, for unordered scans).
 *
 * <p>A task prunes its split with statistics, evaluates the filter's conjuncts one at a time (most selective first,
 * stopping once no row is left), then reads the projected columns and keeps the selected rows. The consumer thread
 * starts tasks in groups inside a batch of segment reads, so the reads the group needs first are issued together;
 * everything that decodes, filters or gathers runs on the scan pool. Used by one consumer thread.
 *
 * <p>With a sink ({@link #consumeAll}), each task hands its batch to the sink itself, on the pool thread that produced
 * it, while the batch is still in that core's cache; the consumer thread only starts tasks and waits for them.
 */
final class ScanRun implements AutoCloseable {
    private final Layout layout;
    /** The file's segments read at once: for the stages of a task that run after its first reads. */
    private final SegmentSource direct;
    private final LayoutReader root;
    private final Projection projection;
    private final Conjuncts conjuncts;
    private final Pruning pruning;
    private final Selection selection;
    private final SplitPlan plan;
    private final long limit;
    private final boolean ordered;
    /** Whether batches are decoded to canonical fields before they are handed out ({@link Scan#canonical}). */
    private final boolean canonical;
    private final int concurrency;
    private final Tracked pool;

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final ArrayDeque<CompletableFuture<StructArray>> inFlight = new ArrayDeque<>();
    private final LinkedBlockingQueue<CompletableFuture<StructArray>> completed = new LinkedBlockingQueue<>();
    private final List<CompletableFuture<StructArray>> started = new ArrayList<>();
    private int running;
    private long delivered;
    private boolean finished;
    /** Where tasks hand their batches when they consume them themselves ({@link #consumeAll}); null otherwise. */
    private final Consumer<? super StructArray> sink;
    /** Rows handed to {@link #sink} so far, or reserved by a task about to hand them; at most {@link #limit}. */
    private final AtomicLong sunk = new AtomicLong();

    final LongAdder splits = new LongAdder();
    final LongAdder splitsPruned = new LongAdder();
    final LongAdder rowsScanned = new LongAdder();

    ScanRun(Layout layout, LayoutReader root, Projection projection, Conjuncts conjuncts, Pruning pruning,
            Selection selection, SplitPlan plan, long limit, boolean ordered, int concurrency, Executor pool,
            Consumer<? super StructArray> sink, boolean canonical) {
        this.layout = layout;
        this.direct = layout.segments();
        this.canonical = canonical;
        this.root = root;
        this.projection = projection;
        this.conjuncts = conjuncts;
        this.pruning = pruning;
        this.selection = selection;
        this.plan = plan;
        this.limit = limit;
        // Batches consumed on the pool have no order to keep.
        this.ordered = ordered && sink == null;
        this.sink = sink;
        this.concurrency = concurrency;
        this.pool = new Tracked(pool);
    }

    /**
     * The scan's view of its executor: counts what it submitted and has not finished running, so {@link #close()}
     * can return only once nothing of the scan is queued or running.
     */
    private static final class Tracked implements Executor {
        private final Executor delegate;
        private int outstanding;

        Tracked(Executor delegate) {
            this.delegate = delegate;
        }

        @Override
        public void execute(Runnable command) {
            synchronized (this) {
                outstanding++;
            }
            try {
                delegate.execute(() -> {
                    try {
                        command.run();
                    } finally {
                        done();
                    }
                });
            } catch (RuntimeException e) {
                done();
                throw e;
            }
        }

        private synchronized void done() {
            if (--outstanding == 0) {
                notifyAll();
            }
        }

        synchronized boolean idle() {
            return outstanding == 0;
        }

        synchronized void awaitIdle() {
            boolean interrupted = false;
            while (outstanding > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What the scan has done so far, with {@code returned} rows handed out. */
    ScanMetrics metrics(long returned) {
        return new ScanMetrics(splits.sum(), splitsPruned.sum(), pruning == null ? 0 : pruning.zonesConsidered(),
                pruning == null ? 0 : pruning.zonesPruned(), rowsScanned.sum(), returned);
    }

    /** The next batch with at least one row, or null when the scan is done. */
    StructArray next() {
        while (!finished) {
            if (delivered >= limit) {
                finish();
                break;
            }
            topUp();
            if (running == 0) {
                finish();
                break;
            }
            CompletableFuture<StructArray> task = ordered ? inFlight.pollFirst() : takeCompleted();
            running--;
            StructArray batch;
            try {
                batch = ReadAt.await(task);
            } catch (RuntimeException | Error e) {
                close();
                throw e;
            }
            if (batch == null || batch.length() == 0) {
                continue;
            }
            if (batch.length() > limit - delivered) {
                batch = batch.slice(0, limit - delivered);
            }
            delivered += batch.length();
            return batch;
        }
        return null;
    }

    private CompletableFuture<StructArray> takeCompleted() {
        try {
            return completed.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new dev.quire.errors.QuireIoException("interrupted while waiting for a batch", e);
        }
    }

    /**
     * Runs every task, each handing its batch to the sink on its own pool thread, and returns once all have finished:
     * the rows handed over, at most the limit. The first failure of a task or of the sink stops the scan (tasks not
     * yet started never start, running ones stop at their next step) and is rethrown here once none is running.
     */
    long consumeAll() {
        try {
            while (!finished) {
                if (sunk.get() >= limit) {
                    break;
                }
                topUp();
                if (running == 0) {
                    break;
                }
                CompletableFuture<StructArray> task = takeCompleted();
                running--;
                ReadAt.await(task);
            }
        } finally {
            // Also on failure: stops what is still running and waits for it, so no sink call outlives this one.
            finish();
        }
        return sunk.get();
    }

    /**
     * Hands {@code batch} to the sink, cut so that the rows handed over never pass the limit; nothing once the limit
     * is reached. Called on pool threads, concurrently.
     */
    private void sink(StructArray batch) {
        long n = batch.length();
        long taken;
        long before;
        do {
            before = sunk.get();
            taken = Math.min(n, limit - before);
            if (taken <= 0) {
                return;
            }
        } while (!sunk.compareAndSet(before, before + taken));
        sink.accept(taken == n ? batch : batch.slice(0, taken));
    }

    /** Starts tasks until {@code concurrency} are in flight, their first reads batched together. */
    private void topUp() {
        if (cancelled.get() || !plan.hasNext() || running >= concurrency) {
            return;
        }
        try (SegmentBatch batch = layout.batchSegments(pool)) {
            while (running < concurrency && plan.hasNext()) {
                // The plan skips to selected rows, cuts sparse selections to exact ranges, and drops empty splits.
                RowRange split = plan.nextSplit();
                if (split == null) {
                    break;
                }
                long from = split.from();
                long to = split.to();
                RowMask selected = selection.mask(from, to);
                CompletableFuture<StructArray> task = start(from, to, selected, batch);
                started.add(task);
                running++;
                if (ordered) {
                    inFlight.addLast(task);
                } else {
                    task.whenComplete((b, e) -> completed.add(task));
                }
            }
        }
        started.removeIf(CompletableFuture::isDone);
    }

    /**
     * Starts the task of split {@code [from, to)}. Its first reads go through {@code batch}; a stage that runs
     * after the batch closed (pruning that waited for a zone table) reads through it at once.
     */
    private CompletableFuture<StructArray> start(long from, long to, RowMask selected, SegmentSource batch) {
        splits.increment();
        if (pruning == null) {
            // Nothing to prune: no completed future to compose on, one stage less per split. A reader that fails
            // at once fails the task, as it would have inside the stage, not the consumer's call.
            try {
                return afterPruning(from, to, selected, batch);
            } catch (RuntimeException | Error e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return root.prune(from, to, pruning, batch).thenCompose(statistics -> afterPruning(from, to, and(selected,
                statistics), batch));
    }

    /** Scans the split {@code [from, to)} once pruning left the rows {@code all} (every row when null). */
    private CompletableFuture<StructArray> afterPruning(long from, long to, RowMask all, SegmentSource batch) {
        if (all != null && all.isAllFalse()) {
            splitsPruned.increment();
            return CompletableFuture.completedFuture(null);
        }
        // Read only the span from the first to the last row that may match: zones pruned at either end of the
        // split, or rows the selection leaves out there, are not read at all.
        long start = from;
        long end = to;
        RowMask mask = all;
        if (all != null && all.isAllTrue()) {
            // Statistics that rule nothing out (a column not sorted by the filter's key) leave every row: the first
            // conjunct is then evaluated on all rows, not within a mask, so its kernels need not count the mask's
            // rows block by block nor the result be and-ed with it.
            mask = null;
        } else if (all != null) {
            long first = all.nextSetBit(0);
            long last = all.previousSetBit(to - from - 1);
            if (first > 0 || last + 1 < to - from) {
                start = from + first;
                end = from + last + 1;
                mask = all.slice(first, last + 1);
            }
        }
        return scan(start, end, mask, batch);
    }

    /** Filters and projects rows {@code [from, to)}, of which {@code mask} (all when null) may match. */
    private CompletableFuture<StructArray> scan(long from, long to, RowMask mask, SegmentSource batch) {
        rowsScanned.add(to - from);
        if (conjuncts == null) {
            return project(from, to, mask, batch);
        }
        List<Conjuncts.Conjunct> order = conjuncts.ordered();
        CompletableFuture<Array> first = root.read(from, to, order.getFirst().columns, batch);
        return filter(from, to, order, 0, first, mask).thenCompose(m -> project(from, to, m, direct));
    }

    /** Evaluates conjunct {@code k} on its columns, then the next ones, while any row is left. */
    private CompletableFuture<RowMask> filter(long from, long to, List<Conjuncts.Conjunct> order, int k,
            CompletableFuture<Array> columns, RowMask mask) {
        return columns.thenComposeAsync(array -> {
            checkCancelled();
            Conjuncts.Conjunct conjunct = order.get(k);
            // Later conjuncts are evaluated within the rows still left, so encoded columns may skip the others.
            long in = mask == null ? to - from : mask.countOnes();
            RowMask next = mask == null ? conjunct.expr.evaluate((StructArray) array, conjuncts.useKernels())
                    : conjunct.expr.evaluate((StructArray) array, conjuncts.useKernels(), mask);
            long out = next.countOnes();
            conjunct.record(in, out);
            if (out == 0 || k + 1 == order.size()) {
                return CompletableFuture.completedFuture(next);
            }
            return filter(from, to, order, k + 1, root.read(from, to, order.get(k + 1).columns, direct), next);
        }, pool);
    }

    /** Reads the projected columns of the split and keeps the rows {@code mask} selects (all when null). */
    private CompletableFuture<StructArray> project(long from, long to, RowMask mask, SegmentSource segments) {
        if (mask != null && mask.isAllFalse()) {
            return CompletableFuture.completedFuture(null);
        }
        return root.read(from, to, projection, segments).thenApplyAsync(array -> {
            checkCancelled();
            // Keep the rows first, then decode: encoded columns may decode only the rows kept (TakeKernel).
            Array kept = mask == null || mask.isAllTrue() ? array : Take.take(array, mask, !canonical);
            StructArray batch = (StructArray) (canonical ? BatchStream.canonical(kept) : kept.toCanonical());
            if (sink == null) {
                return batch;
            }
            if (batch.length() > 0) {
                checkCancelled();
                sink(batch);
            }
            return null;
        }, pool);
    }

    private static RowMask and(RowMask a, RowMask b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : a.and(b);
    }

    private void checkCancelled() {
        if (cancelled.get()) {
            throw new CancellationException("the scan was closed");
        }
    }

    private void finish() {
        finished = true;
        close();
    }

    /**
     * Stops the scan: no task starts after this, running tasks stop at their next step, and this returns once none
     * is running, so nothing the scan started outlives it.
     */
    @Override
    public void close() {
        finished = true;
        if (!cancelled.compareAndSet(false, true)) {
            return;
        }
        for (CompletableFuture<StructArray> task : started) {
            try {
                task.join();
            } catch (RuntimeException ignored) {
                // A task stopped by the cancellation, or one whose failure nobody asked for any more.
            }
        }
        pool.awaitIdle();
        root.release();
        started.clear();
        inFlight.clear();
        completed.clear();
        running = 0;
    }

    /** Whether every task the scan started has ended and nothing it submitted is queued or running. */
    boolean quiescent() {
        return started.stream().allMatch(CompletableFuture::isDone) && pool.idle();
    }
}
