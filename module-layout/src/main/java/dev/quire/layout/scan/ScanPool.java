package dev.quire.layout.scan;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads scans decode, filter and gather on: one bounded pool per process, one thread per core, named
 * {@code quire-scan-N}, daemon (a forgotten scan never keeps a JVM alive), idle threads retire after a minute.
 */
final class ScanPool {
    private ScanPool() {}

    private static final class Holder {
        static final ExecutorService POOL = create();

        private static ExecutorService create() {
            int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
            AtomicInteger counter = new AtomicInteger();
            ThreadFactory factory = r -> {
                Thread t = new Thread(r, "quire-scan-" + counter.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
            ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), factory);
            pool.allowCoreThreadTimeOut(true);
            return pool;
        }
    }

    static Executor shared() {
        return Holder.POOL;
    }

    /** The default number of split tasks a scan keeps in flight: four per core. */
    static int defaultConcurrency() {
        return 4 * Math.max(1, Runtime.getRuntime().availableProcessors());
    }
}
