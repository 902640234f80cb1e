package dev.quire.io.store;

import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.QuireIoException;
import dev.quire.errors.StoreThrottledException;
import dev.quire.errors.StoreTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs one store request the way {@link StoreReadOptions} say: each try under a time limit, retryable failures
 * ({@link ObjectStoreException#retryable()}) tried again after a pause with full jitter (random, up to a cap that
 * doubles per retry; throttling waits four times longer), anything else failed at once. The last failure is what the
 * caller sees: typed, naming the object.
 */
final class StoreCalls {
    /** One daemon thread that interrupts tries past their time limit. */
    private static final class Watchdog {
        static final ScheduledExecutorService TIMER = timer();

        private static ScheduledExecutorService timer() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "quire-store-timeouts");
                t.setDaemon(true);
                return t;
            });
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }

    /** What a caller counts about the tries. */
    interface Listener {
        void retried(ObjectStoreException failure);
    }

    private final StoreReadOptions options;

    StoreCalls(StoreReadOptions options) {
        this.options = options;
    }

    /**
     * Runs {@code call} until it succeeds, fails for good, or runs out of tries.
     *
     * @param what the request, for the timeout's message ({@code GET of bytes 0-99})
     */
    <T> T run(URI uri, String what, Supplier<T> call, Listener listener) {
        for (int attempt = 1; ; attempt++) {
            try {
                return once(uri, what, call);
            } catch (ObjectStoreException e) {
                if (!e.retryable() || attempt >= options.attempts()) {
                    throw e;
                }
                listener.retried(e);
                pause(uri, attempt, e instanceof StoreThrottledException);
            }
        }
    }

    /** One try, interrupted (which aborts a blocking socket read) when it runs past the time limit. */
    private <T> T once(URI uri, String what, Supplier<T> call) {
        Try attempt = new Try(Thread.currentThread());
        ScheduledFuture<?> timer = Watchdog.TIMER.schedule(attempt::expire, options.timeout().toNanos(),
                TimeUnit.NANOSECONDS);
        try {
            // Even if the time runs out just as the call returns, its result is whole: keep it.
            return call.get();
        } catch (RuntimeException e) {
            if (!attempt.finish()) {
                throw new StoreTimeoutException(uri, what + " took longer than " + options.timeout().toMillis()
                        + " ms", e);
            }
            throw e;
        } finally {
            // However the try ended (an Error too), no interrupt of the watchdog may reach the code after it.
            timer.cancel(false);
            attempt.finish();
        }
    }

    private void pause(URI uri, int attempt, boolean throttled) {
        long base = options.retryBase().toNanos() * (throttled ? 4 : 1);
        long cap = Math.min(options.retryMax().toNanos(), base << Math.min(attempt - 1, 20));
        long nanos = cap <= 0 ? 0 : ThreadLocalRandom.current().nextLong(cap + 1);
        try {
            Thread.sleep(Duration.ofNanos(nanos));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QuireIoException("interrupted while waiting to retry a request to " + uri, e);
        }
    }

    /**
     * One try's state, shared with the watchdog: the watchdog interrupts the thread only while the try runs, and the
     * try clears an interrupt the watchdog sent once it is over, so no interrupt leaks past it.
     */
    private static final class Try {
        private final Thread thread;
        private boolean over;
        private boolean expired;

        Try(Thread thread) {
            this.thread = thread;
        }

        synchronized void expire() {
            if (!over) {
                expired = true;
                thread.interrupt();
            }
        }

        /** Ends the try (again, harmlessly); returns whether it ended within its time limit. */
        synchronized boolean finish() {
            over = true;
            if (expired) {
                Thread.interrupted();
            }
            return !expired;
        }
    }
}
