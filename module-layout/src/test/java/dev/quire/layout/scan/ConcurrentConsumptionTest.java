package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link Scan#forEachConcurrently}: batches consumed on the scan's threads, several at once. */
class ConcurrentConsumptionTest {
    static final int ROWS = ScanExecutionTest.ROWS;
    ExecutorService pool;

    @BeforeAll
    static void write() {
        ScanExecutionTest.write();
    }

    @BeforeEach
    void startPool() {
        pool = Executors.newFixedThreadPool(4);
    }

    @AfterEach
    void stopPool() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
    }

    /** How often each value of column v was consumed. */
    private static void count(StructArray batch, AtomicLongArray seen) {
        PrimitiveArray v = (PrimitiveArray) batch.field("v");
        for (long i = 0; i < v.length(); i++) {
            seen.incrementAndGet((int) v.getLong(i));
        }
    }

    @Test
    void everyRowIsConsumedOnceOnTheScanThreads() {
        try (VortexFile f = ScanExecutionTest.open()) {
            AtomicLongArray seen = new AtomicLongArray(ROWS);
            Set<Thread> threads = ConcurrentHashMap.newKeySet();
            ScanMetrics metrics = f.scan().project("v").splitRows(777).executor(pool).concurrency(8)
                    .forEachConcurrently(b -> {
                        threads.add(Thread.currentThread());
                        count(b, seen);
                    });
            for (int i = 0; i < ROWS; i++) {
                assertEquals(1, seen.get(i), "row " + i);
            }
            assertEquals(ROWS, metrics.rowsReturned());
            assertEquals(f.scan().splitRows(777).splitBoundaries().length - 1, metrics.splits());
            assertFalse(threads.contains(Thread.currentThread()), "a batch was consumed on the calling thread");
        }
    }

    @Test
    void everyRowOnceWhateverTheConcurrencyAndSplitCount() {
        // With any concurrency, and more or fewer splits than tasks in flight, the scan must neither stop short nor
        // wait for a task that will not come.
        try (VortexFile f = ScanExecutionTest.open()) {
            for (int concurrency : new int[] {1, 2, 3, 5, 8, 64}) {
                for (long splitRows : new long[] {ROWS, ROWS / 3 + 1, 4_999, 777}) {
                    AtomicLongArray seen = new AtomicLongArray(ROWS);
                    ScanMetrics metrics = f.scan().project("v").splitRows(splitRows).executor(pool)
                            .concurrency(concurrency).forEachConcurrently(b -> count(b, seen));
                    String what = "concurrency " + concurrency + ", splits of " + splitRows + " rows";
                    assertEquals(ROWS, metrics.rowsReturned(), what);
                    for (int i = 0; i < ROWS; i++) {
                        assertEquals(1, seen.get(i), "row " + i + ", " + what);
                    }
                }
            }
        }
    }

    @Test
    void anExecutorThatRunsTasksInlineStillConsumesEveryRowOnce() {
        // Tasks then complete on the thread that is starting them, inside its batch of reads: the next tasks must
        // be started by that thread's own loop, not by a nested one.
        try (VortexFile f = ScanExecutionTest.open()) {
            for (int concurrency : new int[] {1, 8}) {
                AtomicLongArray seen = new AtomicLongArray(ROWS);
                ScanMetrics metrics = f.scan().project("v").splitRows(4_999).executor(Runnable::run)
                        .concurrency(concurrency).forEachConcurrently(b -> count(b, seen));
                assertEquals(ROWS, metrics.rowsReturned(), "concurrency " + concurrency);
                for (int i = 0; i < ROWS; i++) {
                    assertEquals(1, seen.get(i), "row " + i + ", concurrency " + concurrency);
                }
                AtomicLongArray kept = new AtomicLongArray(ROWS);
                f.scan().filter("w < 10").splitRows(3000).executor(Runnable::run).concurrency(concurrency)
                        .forEachConcurrently(b -> count(b, kept));
                for (int i = 0; i < ROWS; i++) {
                    assertEquals(i % 1000 < 10 ? 1 : 0, kept.get(i), "row " + i + " filtered, concurrency "
                            + concurrency);
                }
            }
        }
    }

    @Test
    void aFailureEndsTheScanWhileOtherTasksAreStillRunning() throws InterruptedException {
        // One consumer call fails while the others are held: the scan must give up at once, not once the held
        // calls are done.
        try (VortexFile f = ScanExecutionTest.open()) {
            IllegalStateException boom = new IllegalStateException("consumer failed");
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger calls = new AtomicInteger();
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread scan = Thread.ofPlatform().start(() -> {
                try {
                    f.scan().project("v").splitRows(1000).executor(pool).concurrency(8).forEachConcurrently(b -> {
                        if (calls.incrementAndGet() == 1) {
                            throw boom;
                        }
                        assertDoesNotThrowInterrupted(() -> release.await(1, TimeUnit.MINUTES));
                    });
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            // The scan cannot return before the held calls are let go (no call outlives it), but it must have
            // stopped at the failure: its thread gets into the scan's close while the calls are still held (or has
            // returned already, when no other call had started).
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (scan.isAlive() && !insideClose(scan)) {
                assertTrue(System.nanoTime() < deadline,
                        "the scan did not stop at the failure while other calls were held");
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
            release.countDown();
            scan.join(TimeUnit.MINUTES.toMillis(1));
            assertFalse(scan.isAlive(), "the scan did not return after a failure");
            assertSame(boom, thrown.get());
            // The pool's four threads held at most four calls besides the failed one; the tasks still queued behind
            // them must not reach the consumer once released.
            assertTrue(calls.get() <= 5, "consumer calls after the failure: " + calls.get() + " calls");
        }
    }

    /** Whether {@code t} is inside {@link ScanRun#close}, which waits there for the scan's running tasks. */
    private static boolean insideClose(Thread t) {
        return java.util.Arrays.stream(t.getStackTrace()).anyMatch(
                e -> e.getClassName().equals(ScanRun.class.getName()) && e.getMethodName().equals("close"));
    }

    @Test
    void aFilterKeepsTheSameRowsAsTheStream() {
        try (VortexFile f = ScanExecutionTest.open()) {
            AtomicLongArray seen = new AtomicLongArray(ROWS);
            ScanMetrics metrics = f.scan().filter("w < 10 and v >= 50000").splitRows(3000).executor(pool)
                    .forEachConcurrently(b -> count(b, seen));
            long expected = 0;
            for (int i = 0; i < ROWS; i++) {
                boolean match = i % 1000 < 10 && i >= 50_000;
                assertEquals(match ? 1 : 0, seen.get(i), "row " + i);
                expected += match ? 1 : 0;
            }
            assertEquals(expected, metrics.rowsReturned());
            assertEquals(f.scan().filter("w < 10 and v >= 50000").count(), metrics.rowsReturned());
        }
    }

    @Test
    void aLimitHoldsAcrossConcurrentBatches() {
        try (VortexFile f = ScanExecutionTest.open()) {
            for (long limit : new long[] {0, 1, 999, 1000, 1001, 12_345, ROWS, ROWS + 1L}) {
                AtomicLongArray seen = new AtomicLongArray(ROWS);
                AtomicLong rows = new AtomicLong();
                ScanMetrics metrics = f.scan().project("v").splitRows(1000).limit(limit).executor(pool)
                        .concurrency(8).forEachConcurrently(b -> {
                            rows.addAndGet(b.length());
                            count(b, seen);
                        });
                long want = Math.min(limit, ROWS);
                assertEquals(want, rows.get(), "limit " + limit);
                assertEquals(want, metrics.rowsReturned(), "limit " + limit);
                for (int i = 0; i < ROWS; i++) {
                    assertTrue(seen.get(i) <= 1, "row " + i + " twice with limit " + limit);
                }
            }
        }
    }

    @Test
    void batchesAreConsumedSeveralAtOnce() throws InterruptedException {
        try (VortexFile f = ScanExecutionTest.open()) {
            // Every call waits until two calls are inside at the same time: only a concurrent consumer gets past it.
            CountDownLatch both = new CountDownLatch(2);
            AtomicBoolean together = new AtomicBoolean(true);
            f.scan().project("v").splitRows(10_000).executor(pool).concurrency(4).forEachConcurrently(b -> {
                both.countDown();
                try {
                    together.compareAndSet(true, both.await(1, TimeUnit.MINUTES));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    together.set(false);
                }
            });
            assertTrue(together.get(), "no two batches were consumed at the same time");
        }
    }

    @Test
    void aFailingConsumerStopsTheScanAndNoCallOutlivesIt() {
        try (VortexFile f = ScanExecutionTest.open()) {
            IllegalStateException boom = new IllegalStateException("consumer failed");
            AtomicInteger inside = new AtomicInteger();
            AtomicInteger calls = new AtomicInteger();
            AtomicBoolean returned = new AtomicBoolean();
            List<String> late = java.util.Collections.synchronizedList(new ArrayList<>());
            var thrown = assertThrows(IllegalStateException.class, () -> f.scan().project("v").splitRows(100)
                    .executor(pool).concurrency(8).forEachConcurrently(b -> {
                        if (returned.get()) {
                            late.add(Thread.currentThread().getName());
                        }
                        inside.incrementAndGet();
                        try {
                            if (calls.incrementAndGet() == 3) {
                                throw boom;
                            }
                        } finally {
                            inside.decrementAndGet();
                        }
                    }));
            returned.set(true);
            assertSame(boom, thrown);
            assertEquals(0, inside.get(), "a consumer call was still running after the scan returned");
            assertTrue(calls.get() < ROWS / 100, "the scan went on after the failure: " + calls.get() + " calls");
            // The pool is shared with later work: nothing of the scan may still be queued on it.
            pool.shutdown();
            assertTrue(assertDoesNotThrowInterrupted(() -> pool.awaitTermination(1, TimeUnit.MINUTES)));
            assertEquals(List.of(), late, "consumer calls after the scan returned");
        }
    }

    @Test
    void aCorruptChunkFailsWithTheTypedError() {
        // The same corruption as ScanExecutionTest's failing split, seen through the concurrent path.
        byte[] broken = ScanExecutionTest.file.clone();
        try (VortexFile f = ScanExecutionTest.open()) {
            var column = f.layout().child(0);
            while (!column.encodingId().equals("vortex.chunked")) {
                column = column.child(0);
            }
            var last = f.segments().get(column.child(column.childCount() - 1).segmentId(0));
            int at = (int) (last.offset() + last.length() - 4);
            broken[at] = (byte) 0xFF;
            broken[at + 1] = (byte) 0xFF;
            broken[at + 2] = (byte) 0xFF;
        }
        try (VortexFile f = VortexFile.open(dev.quire.io.spi.InMemoryReadAt.of(broken))) {
            AtomicLong rows = new AtomicLong();
            var e = assertThrows(dev.quire.errors.MalformedFileException.class,
                    () -> f.scan().project("v").executor(pool).forEachConcurrently(b -> rows.addAndGet(b.length())));
            assertTrue(e.getMessage().contains("flatbuffer length"), e.getMessage());
            assertNotEquals(ROWS, rows.get());
        }
    }

    private interface Wait {
        boolean await() throws InterruptedException;
    }

    private static boolean assertDoesNotThrowInterrupted(Wait w) {
        try {
            return w.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
