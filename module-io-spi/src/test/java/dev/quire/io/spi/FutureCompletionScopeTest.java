package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class FutureCompletionScopeTest {
    private static final Duration LONG = Duration.ofSeconds(30);

    private static byte[] pattern(int n) {
        byte[] bytes = new byte[n];
        new Random(5).nextBytes(bytes);
        return bytes;
    }

    private static byte[] bytesOf(ReadCompletion<?> c) {
        return c.bytes().toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void completionsComeInTheOrderReadsFinishWithTheirTags() {
        byte[] data = pattern(1000);
        ManualReadAt in = new ManualReadAt(data, Coalescing.none());
        try (CompletionScope<String> scope = in.openScope()) {
            assertInstanceOf(FutureCompletionScope.class, scope);
            long a = scope.submit(0, 10, 1, "a");
            long b = scope.submit(100, 20, 1, "b");
            long c = scope.submit(500, 30, 1, "c");
            assertEquals(3, Set.of(a, b, c).size(), "tickets are unique");
            assertEquals(List.of(), in.ranges(), "nothing is issued before a flush");
            assertEquals(Optional.empty(), scope.poll(), "poll flushes, and nothing has completed yet");
            assertEquals(3, in.ranges().size());
            assertEquals(3, scope.outstanding());

            // Finish them last to first: completions follow, whatever the submission order was.
            int ofC = in.ranges().indexOf(new ByteRange(500, 30));
            int ofA = in.ranges().indexOf(new ByteRange(0, 10));
            int ofB = in.ranges().indexOf(new ByteRange(100, 20));
            in.complete(ofC);
            in.complete(ofA);
            ReadCompletion<String> first = scope.poll().orElseThrow();
            ReadCompletion<String> second = scope.await(LONG).orElseThrow();
            in.complete(ofB);
            ReadCompletion<String> third = scope.await(LONG).orElseThrow();

            assertEquals(List.of("c", "a", "b"), List.of(first.tag(), second.tag(), third.tag()));
            assertEquals(List.of(c, a, b), List.of(first.ticket(), second.ticket(), third.ticket()));
            assertEquals(new ByteRange(500, 30), first.range());
            assertInstanceOf(ReadCompletion.Done.class, first);
            assertArrayEquals(Arrays.copyOfRange(data, 500, 530), bytesOf(first));
            assertArrayEquals(Arrays.copyOfRange(data, 0, 10), bytesOf(second));
            assertArrayEquals(Arrays.copyOfRange(data, 100, 120), bytesOf(third));
            assertEquals(0, scope.outstanding());
            assertEquals(Optional.empty(), scope.await(LONG), "nothing outstanding: no wait");
        }
    }

    @Test
    void readsOfOneFlushAreMergedAsTheReaderPrefers() {
        byte[] data = pattern(1000);
        ManualReadAt in = new ManualReadAt(data, new Coalescing(16, 1000));
        try (CompletionScope<Integer> scope = in.openScope()) {
            for (int i = 0; i < 5; i++) {
                scope.submit(i * 40L, 30, 8, i);
            }
            scope.submit(900, 10, 8, 99);
            scope.flush();
            assertEquals(List.of(new ByteRange(0, 190), new ByteRange(900, 10)), in.ranges());
            in.complete(0);
            in.complete(1);
            Set<Integer> tags = new HashSet<>();
            for (int i = 0; i < 6; i++) {
                ReadCompletion<Integer> c = scope.poll().orElseThrow();
                tags.add(c.tag());
                assertEquals(0, c.bytes().address() % 8, "slices keep the alignment asked for");
                assertArrayEquals(Arrays.copyOfRange(data, (int) c.range().offset(), (int) c.range().end()),
                        bytesOf(c));
            }
            assertEquals(Set.of(0, 1, 2, 3, 4, 99), tags);
        }
    }

    @Test
    void aReadCancelledBeforeItIsIssuedIsNeverReadAndCompletesAsCancelled() {
        ManualReadAt in = new ManualReadAt(pattern(1000), Coalescing.none());
        try (CompletionScope<String> scope = in.openScope()) {
            long keep = scope.submit(0, 10, 1, "keep");
            long drop = scope.submit(200, 10, 1, "drop");
            assertTrue(scope.cancel(drop));
            assertFalse(scope.cancel(drop), "a read is cancelled once");
            scope.flush();
            assertEquals(List.of(new ByteRange(0, 10)), in.ranges(), "the cancelled read was not issued");
            ReadCompletion<String> cancelled = scope.poll().orElseThrow();
            assertInstanceOf(ReadCompletion.Cancelled.class, cancelled);
            assertEquals("drop", cancelled.tag());
            assertEquals(drop, cancelled.ticket());
            QuireIoException e = assertThrows(QuireIoException.class, cancelled::bytes);
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
            in.complete(0);
            assertEquals(keep, scope.poll().orElseThrow().ticket());
        }
    }

    @Test
    void aReadCancelledInFlightCompletesOnceAsCancelled() {
        ManualReadAt in = new ManualReadAt(pattern(1000), Coalescing.none());
        try (CompletionScope<String> scope = in.openScope()) {
            long t = scope.submit(0, 10, 1, "x");
            scope.flush();
            assertTrue(scope.cancel(t));
            in.complete(0);
            assertInstanceOf(ReadCompletion.Cancelled.class, scope.poll().orElseThrow());
            assertEquals(Optional.empty(), scope.poll(), "the late bytes are dropped, not delivered a second time");
            assertEquals(0, scope.outstanding());
            assertFalse(scope.cancel(t), "completed reads cannot be cancelled");
            assertFalse(scope.cancel(12345), "unknown tickets are not cancelled");
        }
    }

    @Test
    void errorsArriveAsCompletions() {
        byte[] data = pattern(100);
        try (InMemoryReadAt in = InMemoryReadAt.of(data); CompletionScope<String> scope = in.openScope()) {
            scope.submit(90, 20, 1, "past the end");
            scope.submit(0, 4, 1, "fine");
            List<ReadCompletion<String>> got = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                got.add(scope.await(LONG).orElseThrow());
            }
            ReadCompletion<String> failed = got.stream().filter(c -> c.tag().equals("past the end")).findFirst()
                    .orElseThrow();
            ReadCompletion.Failed<String> f = assertInstanceOf(ReadCompletion.Failed.class, failed);
            assertInstanceOf(QuireIoException.class, f.error());
            assertSame(f.error(), assertThrows(QuireIoException.class, failed::bytes));
            ReadCompletion<String> fine = got.stream().filter(c -> c.tag().equals("fine")).findFirst().orElseThrow();
            assertArrayEquals(Arrays.copyOf(data, 4), bytesOf(fine));
        }
    }

    @Test
    void aFailedReadFailsEveryReadItWasMergedFrom() {
        ManualReadAt in = new ManualReadAt(pattern(1000), Coalescing.defaults());
        try (CompletionScope<Integer> scope = in.openScope()) {
            scope.submit(0, 10, 1, 1);
            scope.submit(10, 10, 1, 2);
            scope.flush();
            assertEquals(1, in.ranges().size());
            in.fail(0, "bad sector");
            for (int i = 0; i < 2; i++) {
                ReadCompletion.Failed<?> f = assertInstanceOf(ReadCompletion.Failed.class, scope.poll().orElseThrow());
                assertEquals("bad sector", f.error().getMessage());
            }
        }
    }

    @Test
    void closingCancelsWhatIsOutstandingAndDeliversNothingMore() {
        ManualReadAt in = new ManualReadAt(pattern(1000), Coalescing.none());
        CompletionScope<String> scope = in.openScope();
        scope.submit(0, 10, 1, "issued");
        scope.flush();
        scope.submit(100, 10, 1, "queued");
        scope.close();
        scope.close();
        assertEquals(0, scope.outstanding());
        in.complete(0);
        assertEquals(1, in.ranges().size(), "the queued read was never issued");
        assertThrows(ClosedException.class, scope::poll);
        assertThrows(ClosedException.class, () -> scope.await(Duration.ZERO));
        ClosedException e = assertThrows(ClosedException.class, () -> scope.submit(0, 1, 1, "late"));
        assertTrue(e.getMessage().contains("manual"), e.getMessage());
        assertFalse(scope.cancel(1));
    }

    @Test
    void closingWakesAWaiter() throws Exception {
        ManualReadAt in = new ManualReadAt(pattern(100), Coalescing.none());
        CompletionScope<String> scope = in.openScope();
        scope.submit(0, 10, 1, "never completes");
        scope.flush();
        CountDownLatch started = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<?> waiter = pool.submit(() -> {
                started.countDown();
                return scope.await(LONG);
            });
            started.await();
            scope.close();
            java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                    waiter::get);
            assertInstanceOf(ClosedException.class, e.getCause());
        }
    }

    @Test
    void awaitGivesUpWhenTheTimeRunsOut() {
        ManualReadAt in = new ManualReadAt(pattern(100), Coalescing.none());
        try (CompletionScope<String> scope = in.openScope()) {
            scope.submit(0, 10, 1, "slow");
            assertEquals(Optional.empty(), scope.await(Duration.ofMillis(1)));
            assertEquals(Optional.empty(), scope.await(Duration.ofSeconds(-1)), "a negative timeout is a poll");
            assertEquals(1, scope.outstanding());
        }
    }

    @Test
    void anInterruptedWaiterFailsAndKeepsItsInterrupt() {
        ManualReadAt in = new ManualReadAt(pattern(100), Coalescing.none());
        try (CompletionScope<String> scope = in.openScope()) {
            scope.submit(0, 10, 1, "slow");
            Thread.currentThread().interrupt();
            try {
                QuireIoException e = assertThrows(QuireIoException.class, () -> scope.await(LONG));
                assertTrue(e.getMessage().contains("interrupted"), e.getMessage());
                assertTrue(Thread.currentThread().isInterrupted());
            } finally {
                Thread.interrupted();
            }
        }
    }

    @Test
    void badSubmissionsAreRefusedAtOnce() {
        try (InMemoryReadAt in = InMemoryReadAt.of(new byte[10]); CompletionScope<String> scope = in.openScope()) {
            assertThrows(InvalidArgumentException.class, () -> scope.submit(-1, 1, 1, "t"));
            assertThrows(InvalidArgumentException.class, () -> scope.submit(0, -1, 1, "t"));
            assertThrows(InvalidArgumentException.class, () -> scope.submit(0, 1, 3, "t"));
            assertThrows(NullPointerException.class, () -> scope.submit(0, 1, 1, null));
            assertEquals(0, scope.outstanding());
        }
    }

    @Test
    void manyThreadsSubmitAndEveryReadCompletesExactlyOnce() throws Exception {
        byte[] data = pattern(64 * 1024);
        int threads = 4;
        int perThread = 500;
        try (InMemoryReadAt in = InMemoryReadAt.of(data); CompletionScope<Integer> scope = in.openScope();
                ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> submitters = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                submitters.add(pool.submit(() -> {
                    Random random = new Random(base);
                    for (int i = 0; i < perThread; i++) {
                        int offset = random.nextInt(data.length - 100);
                        scope.submit(offset, 1 + random.nextInt(100), 8, base + i);
                        if (i % 50 == 0) {
                            scope.flush();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : submitters) {
                f.get();
            }
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < threads * perThread; i++) {
                ReadCompletion<Integer> c = scope.await(LONG).orElseThrow();
                assertTrue(seen.add(c.tag()), "tag " + c.tag() + " completed twice");
                assertArrayEquals(Arrays.copyOfRange(data, (int) c.range().offset(), (int) c.range().end()),
                        bytesOf(c));
            }
            assertEquals(threads * perThread, seen.size());
            assertEquals(Optional.empty(), scope.poll());
        }
    }

    @Test
    void aReaderClosedUnderTheScopeFailsItsReads() {
        InMemoryReadAt in = InMemoryReadAt.of(new byte[10]);
        try (CompletionScope<String> scope = in.openScope()) {
            scope.submit(0, 5, 1, "t");
            in.close();
            ReadCompletion.Failed<?> f = assertInstanceOf(ReadCompletion.Failed.class,
                    scope.await(LONG).orElseThrow());
            assertInstanceOf(ClosedException.class, f.error());
        }
    }

    @Test
    void completionsRejectNulls() {
        ByteRange range = new ByteRange(0, 1);
        assertThrows(NullPointerException.class, () -> new ReadCompletion.Done<>(1, null, range, MemorySegment.NULL));
        assertThrows(NullPointerException.class, () -> new ReadCompletion.Failed<>(1, "t", range, null));
        assertThrows(NullPointerException.class, () -> new ReadCompletion.Cancelled<>(1, "t", null));
    }
}
