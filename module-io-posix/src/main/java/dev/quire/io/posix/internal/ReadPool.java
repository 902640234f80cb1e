package dev.quire.io.posix.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixOptions;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pools for {@code posix} reads that may block on the device: one per thread count, created when a reader with
 * that count ({@link PosixOptions#readThreads()}) first opens, and shared by every reader with it, whichever settings
 * it came from. Threads are a process resource, so pools are kept process-wide rather than per caller; a pool's
 * threads ({@code quire-posix-read-N}, daemons) exit after {@value #IDLE_SECONDS} s without work, so a pool no reader
 * uses any more holds no thread.
 */
final class ReadPool {
    private static final long IDLE_SECONDS = 10;
    private static final ConcurrentMap<Integer, ExecutorService> POOLS = new ConcurrentHashMap<>();
    private static final AtomicInteger THREADS_STARTED = new AtomicInteger();

    private ReadPool() {}

    /**
     * The pool of {@code threads} threads.
     *
     * @throws InvalidArgumentException when {@code threads} is not from 1 to {@link PosixOptions#MAX_READ_THREADS}
     */
    static ExecutorService get(int threads) {
        if (threads < 1 || threads > PosixOptions.MAX_READ_THREADS) {
            throw new InvalidArgumentException("the read pool must have 1 to " + PosixOptions.MAX_READ_THREADS
                    + " threads, got " + threads);
        }
        return POOLS.computeIfAbsent(threads, ReadPool::create);
    }

    private static ExecutorService create(int threads) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "quire-posix-read-" + THREADS_STARTED.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
