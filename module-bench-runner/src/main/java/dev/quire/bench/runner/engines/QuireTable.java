package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.scan.Selection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A Quire file opened for one run. Scans are unordered (the runner's queries do not depend on batch order) and hand
 * their batches to the sink undecoded ({@link Scan#canonical(boolean) canonical(false)}): each column decodes where
 * the query reads it, a block at a time for the in-order reads that fold whole columns ({@link QuireBatch}).
 * {@link #scan} hands them out on the calling thread, {@link #scanConcurrently} on the scan threads that read them
 * ({@link Scan#forEachConcurrently}), a sink per scan thread. The batches handed out on one thread decode into the
 * same buffers ({@link ColumnBuffers}), each batch's columns into those its predecessor's used.
 */
final class QuireTable implements Table {
    /** Split tasks in flight per scan thread: the ratio of Quire's default concurrency to its default pool. */
    static final int TASKS_PER_THREAD = 4;

    private final ReadAt in;
    private final VortexFile file;
    private final ExecutorService pool;
    private final int concurrency;
    private final Supplier<IoReport> io;

    /**
     * @param threads the scan threads this table owns, or 0 to run on Quire's shared scan pool with its default
     *     concurrency
     * @param io what the file's reads were so far
     */
    QuireTable(ReadAt in, VortexFile file, int threads, Supplier<IoReport> io) {
        this.in = in;
        this.file = file;
        this.io = io;
        this.pool = threads == 0 ? null : Executors.newFixedThreadPool(threads, daemonThreads());
        this.concurrency = threads * TASKS_PER_THREAD;
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger counter = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "quire-bench-scan-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public long rowCount() {
        return file.rowCount();
    }

    private Scan scanOf(ScanRequest request) {
        // Undecoded batches: the queries read each value once, so the columns decode where they are read.
        Scan scan = file.scan().project(request.columns().toArray(String[]::new)).ordered(false).canonical(false);
        request.filter().ifPresent(scan::filter);
        request.rowIndicesWithin(rowCount()).ifPresent(rows -> scan.select(Selection.include(rows)));
        if (pool != null) {
            scan.executor(pool).concurrency(concurrency);
        }
        return scan;
    }

    @Override
    public void scanConcurrently(ScanRequest request, Supplier<? extends Consumer<Batch>> sinks) {
        Scan scan = scanOf(request);
        BatchShape shape = BatchShape.of(request.columns(), scan.outputType());
        // A sink per scan thread, taken the first time the thread has a batch, and the buffers its batches reuse.
        Map<Thread, ThreadSink> perThread = new ConcurrentHashMap<>();
        int fields = shape.names().size();
        scan.forEachConcurrently(batch -> {
            ThreadSink s = perThread.computeIfAbsent(Thread.currentThread(),
                    t -> new ThreadSink(sinks.get(), new ColumnBuffers(fields)));
            s.sink().accept(new QuireBatch(shape, batch, s.buffers()));
        });
    }

    /** A scan thread's sink, and the buffers its batches' columns reuse (it reads each batch before the next). */
    private record ThreadSink(Consumer<Batch> sink, ColumnBuffers buffers) {}

    @Override
    public void scan(ScanRequest request, Consumer<Batch> sink) {
        Scan scan = scanOf(request);
        try (BatchStream batches = scan.batches()) {
            BatchShape shape = BatchShape.of(request.columns(), batches.dtype());
            ColumnBuffers buffers = new ColumnBuffers(shape.names().size());
            for (StructArray batch : batches) {
                // Quire's arrays hold no memory of their own to free: the batch is garbage once the sink returns, and
                // the next batch's columns reuse its buffers.
                sink.accept(new QuireBatch(shape, batch, buffers));
            }
        }
    }

    @Override
    public Optional<IoReport> io() {
        return Optional.of(io.get());
    }

    @Override
    public void close() {
        try {
            file.close();
        } finally {
            in.close();
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }
}
