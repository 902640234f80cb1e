package dev.quire.io.posix;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The process's pool for reads that may block on the device: a bounded number of named daemon threads
 * ({@code quire-posix-read-N}), shared by every {@code posix} reader, that exit after a while without work. Its size
 * is {@value #THREADS_PROPERTY}, else {@link #defaultThreads()}.
 */
final class ReadPool {
    static final String THREADS_PROPERTY = "quire.io.posix.threads";
    static final int MAX_THREADS = 1024;
    private static final long IDLE_SECONDS = 10;

    private static volatile ExecutorService pool;

    private ReadPool() {}

    /** Enough threads to keep a fast device's queue busy; reads in the page cache never get here. */
    static int defaultThreads() {
        return Math.clamp(4L * Runtime.getRuntime().availableProcessors(), 8, 64);
    }

    static ExecutorService get() {
        ExecutorService p = pool;
        if (p == null) {
            synchronized (ReadPool.class) {
                p = pool;
                if (p == null) {
                    p = create(threads(System.getProperty(THREADS_PROPERTY)));
                    pool = p;
                }
            }
        }
        return p;
    }

    static int threads(String value) {
        return (int) Settings.wholeNumber(THREADS_PROPERTY, value, 1, MAX_THREADS, defaultThreads());
    }

    private static ExecutorService create(int threads) {
        AtomicInteger counter = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "quire-posix-read-" + counter.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }
}
