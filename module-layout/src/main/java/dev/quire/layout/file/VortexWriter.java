package dev.quire.layout.file;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.internal.format.ByteOrderCheck;
import dev.quire.layout.internal.format.ColumnWriter;
import dev.quire.layout.internal.format.FileWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes a Vortex file from batches of rows, streaming: each column is buffered until a chunk is full (about
 * {@link WriteOptions#chunkBytes()}) and then written, so memory stays bounded however large the file grows.
 * Files are readable by Vortex 0.76 (unless {@link WriteOptions#lz4Buffers()} is on).
 *
 * <p>The top-level columns are encoded and compressed in parallel on {@link WriteOptions#threads()} threads (daemon
 * threads named {@code quire-writer-N}, started on the first batch, ended by {@link #close()}, or after a few seconds
 * idle if it is never called); the file's bytes are the same whatever their number. {@link #write} returns once every
 * column has taken the batch's rows. A writer is used by one thread at a time.
 *
 * <pre>{@code
 * try (VortexWriter writer = VortexWriter.create(path, schema)) {
 *     writer.write(batch);
 * }
 * }</pre>
 */
public final class VortexWriter implements AutoCloseable {
    private final DType.Struct schema;
    private final WritableByteChannel channel;
    private final boolean ownsChannel;
    private final FileWriter file;
    private final ColumnWriter root;
    /** The worker threads, or null when {@link WriteOptions#threads()} is 1. */
    private final ThreadPoolExecutor workers;
    /** Every thread the workers started, to wait for on close. */
    private final List<Thread> workerThreads = new CopyOnWriteArrayList<>();
    private long rows;
    private boolean closed;
    private boolean failed;

    private VortexWriter(DType.Struct schema, WritableByteChannel channel, boolean ownsChannel,
            WriteOptions options, QuireContext context) {
        ByteOrderCheck.requireLittleEndianHost();
        this.schema = Objects.requireNonNull(schema, "schema is null");
        Objects.requireNonNull(context, "context is null");
        this.channel = channel;
        this.ownsChannel = ownsChannel;
        this.file = new FileWriter(channel, options.lz4Buffers(), context, options.compression());
        int threads = Math.min(options.threads(), Math.max(1, schema.fields().size()));
        this.workers = threads > 1 ? workers(threads, workerThreads) : null;
        this.root = ColumnWriter.create(schema, file, options, workers);
    }

    private static final AtomicInteger WORKER_NUMBER = new AtomicInteger();

    /**
     * {@code threads} daemon threads that end after {@value #IDLE_SECONDS} seconds without work, so a writer that is
     * never closed leaves none behind for long; each thread started is added to {@code started}.
     */
    private static ThreadPoolExecutor workers(int threads, List<Thread> started) {
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "quire-writer-" + WORKER_NUMBER.incrementAndGet());
            t.setDaemon(true);
            started.add(t);
            return t;
        };
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), factory);
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    private static final long IDLE_SECONDS = 5;

    /**
     * Stops the worker threads and waits for them to end: every task finished before {@link #close} got here, so
     * they end at once, and a closed writer leaves no thread behind. (The pool counts as terminated a moment before
     * its last thread has ended, hence the joins.) An interrupt ends the wait early and is kept.
     */
    private void stopWorkers() {
        workers.shutdown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(IDLE_SECONDS);
        try {
            for (Thread t : workerThreads) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    break;
                }
                t.join(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Creates (or truncates) {@code path} and writes a file of the given schema to it, with the default context's
     * encodings, compressor and column strategies.
     */
    public static VortexWriter create(Path path, DType.Struct schema, WriteOptions options) {
        return create(path, schema, options, QuireContext.defaults());
    }

    /**
     * Creates (or truncates) {@code path} and writes a file of the given schema to it, with {@code context}'s
     * encodings, compressor and column strategies.
     */
    public static VortexWriter create(Path path, DType.Struct schema, WriteOptions options, QuireContext context) {
        Objects.requireNonNull(context, "context is null");
        // Before the file is truncated: a host that cannot write must not destroy what is there.
        ByteOrderCheck.requireLittleEndianHost();
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new QuireIoException("cannot create " + path + ": " + e.getMessage(), e);
        }
        try {
            return new VortexWriter(schema, channel, true, options, context);
        } catch (RuntimeException e) {
            try {
                channel.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    public static VortexWriter create(Path path, DType.Struct schema) {
        return create(path, schema, WriteOptions.defaults());
    }

    /** Writes to a channel the caller owns; {@link #close()} finishes the file but leaves the channel open. */
    public static VortexWriter create(WritableByteChannel channel, DType.Struct schema, WriteOptions options) {
        return create(channel, schema, options, QuireContext.defaults());
    }

    /** Writes to a channel the caller owns with {@code context}; {@link #close()} leaves the channel open. */
    public static VortexWriter create(WritableByteChannel channel, DType.Struct schema, WriteOptions options,
            QuireContext context) {
        return new VortexWriter(schema, channel, false, options, context);
    }

    public DType.Struct schema() {
        return schema;
    }

    /** The number of rows written so far. */
    public long rows() {
        return rows;
    }

    /**
     * Appends a batch, whose dtype must equal the schema. The batch's memory may be reused once this returns.
     */
    public void write(StructArray batch) {
        if (closed) {
            throw new ClosedException("writer");
        }
        if (!batch.dtype().equals(schema)) {
            throw new InvalidArgumentException("batch dtype " + batch.dtype() + " does not match the schema "
                    + schema);
        }
        try {
            root.append(batch, 0, batch.length());
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
        rows += batch.length();
    }

    /** Writes the remaining chunks and the footer, then closes the file (or leaves the caller's channel open). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!failed) {
                file.finish(schema, root.finish());
            }
        } finally {
            if (workers != null) {
                stopWorkers();
            }
            if (ownsChannel) {
                try {
                    channel.close();
                } catch (IOException e) {
                    throw new QuireIoException("closing the file failed: " + e.getMessage(), e);
                }
            }
        }
    }
}
