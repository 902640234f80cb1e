package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.QuireIoException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class CoalescerTest {
    private static final Coalescer GAP_10_MAX_100 = new Coalescer(new Coalescing(10, 100));

    private static byte[] pattern(int n) {
        byte[] bytes = new byte[n];
        new Random(3).nextBytes(bytes);
        return bytes;
    }

    private static ByteRange r(long offset, long length) {
        return new ByteRange(offset, length);
    }

    private static List<List<Integer>> groups(List<Coalescer.PlannedRead> plan) {
        return plan.stream().map(Coalescer.PlannedRead::requests).toList();
    }

    @Test
    void neighboursWithinTheGapAreMergedInOffsetOrder() {
        // Unsorted input: 40..50 and 0..10 are 30 apart, 10..20 touches 0..10, 25..35 is 5 after 10..20.
        List<ByteRange> ranges = List.of(r(40, 10), r(0, 10), r(25, 10), r(10, 10));
        List<Coalescer.PlannedRead> plan = GAP_10_MAX_100.plan(ranges, 1000);
        assertEquals(List.of(List.of(1, 3, 2, 0)), groups(plan));
        assertEquals(r(0, 50), plan.getFirst().range());
        assertTrue(plan.getFirst().merged());
    }

    @Test
    void aGapWiderThanAllowedStartsANewRead() {
        List<Coalescer.PlannedRead> plan = GAP_10_MAX_100.plan(List.of(r(0, 10), r(20, 10), r(41, 10)), 1000);
        assertEquals(List.of(List.of(0, 1), List.of(2)), groups(plan));
        assertEquals(r(0, 30), plan.get(0).range());
        assertEquals(r(41, 10), plan.get(1).range());
        assertFalse(plan.get(1).merged());
    }

    @Test
    void mergedReadsStayWithinTheMaximumSize() {
        // 0..60 and 60..100 fit exactly in 100 bytes; 100..101 would make 101.
        List<Coalescer.PlannedRead> plan = GAP_10_MAX_100.plan(List.of(r(0, 60), r(60, 40), r(100, 1)), 1000);
        assertEquals(List.of(List.of(0, 1), List.of(2)), groups(plan));
        assertEquals(r(0, 100), plan.getFirst().range());
    }

    @Test
    void aRangeLargerThanTheMaximumIsReadAlone() {
        List<Coalescer.PlannedRead> plan = GAP_10_MAX_100.plan(List.of(r(0, 5), r(5, 500), r(505, 5)), 1000);
        assertEquals(List.of(List.of(0), List.of(1), List.of(2)), groups(plan));
    }

    @Test
    void overlappingAndRepeatedRangesShareARead() {
        List<Coalescer.PlannedRead> plan = GAP_10_MAX_100.plan(List.of(r(0, 30), r(10, 5), r(10, 5), r(20, 20)),
                1000);
        assertEquals(List.of(List.of(0, 1, 2, 3)), groups(plan));
        assertEquals(r(0, 40), plan.getFirst().range());
    }

    @Test
    void rangesReachingPastTheLimitArePlannedAlone() {
        List<Coalescer.PlannedRead> plan = GAP_10_MAX_100.plan(List.of(r(0, 10), r(10, 10), r(15, 10)), 20);
        assertEquals(List.of(List.of(0, 1), List.of(2)), groups(plan));
    }

    @Test
    void noneKeepsEveryRangeOnItsOwn() {
        List<Coalescer.PlannedRead> plan = new Coalescer(Coalescing.none())
                .plan(List.of(r(10, 10), r(0, 10), r(0, 10)), 1000);
        assertEquals(List.of(List.of(1), List.of(2), List.of(0)), groups(plan));
    }

    private static final Coalescer FIFO = new Coalescer(Coalescing.fifo());

    @Test
    void arrivalOrderMergesTouchingRequestsAndKeepsTheOldestFirst() {
        // 100..110 and 0..10 arrive first; 10..20 touches 0..10, 110..120 touches 100..110, 20..30 touches 10..20.
        List<Coalescer.PlannedRead> plan = FIFO.plan(List.of(r(100, 10), r(0, 10), r(10, 10), r(110, 10),
                r(20, 10)), 1000);
        assertEquals(List.of(List.of(0, 3), List.of(1, 2, 4)), groups(plan));
        assertEquals(r(100, 20), plan.get(0).range());
        assertEquals(r(0, 30), plan.get(1).range());
    }

    @Test
    void arrivalOrderTakesRequestsOnEitherSideButNoGap() {
        // 20..30 comes before its neighbours: 30..40 joins after it, 10..20 before it; 41..50 is one byte away.
        List<Coalescer.PlannedRead> plan = FIFO.plan(List.of(r(20, 10), r(41, 9), r(30, 10), r(10, 10)), 1000);
        assertEquals(List.of(List.of(0, 2, 3), List.of(1)), groups(plan));
        assertEquals(r(10, 30), plan.get(0).range());
        assertEquals(r(41, 9), plan.get(1).range());
    }

    @Test
    void arrivalOrderTakesEachCandidateOnceInOrder() {
        // One pass in arrival order: 20..30 is not next to 0..10 when it is looked at, so it waits for a read of its
        // own, although 10..20 comes later and would have bridged them.
        List<Coalescer.PlannedRead> plan = FIFO.plan(List.of(r(0, 10), r(20, 10), r(10, 10)), 1000);
        assertEquals(List.of(List.of(0, 2), List.of(1)), groups(plan));
        assertEquals(r(0, 20), plan.get(0).range());
    }

    @Test
    void arrivalOrderLooksOnlyAsFarAsTheLookahead() {
        Coalescer twoAhead = new Coalescer(Coalescing.fifo().inArrivalOrder(2));
        // 10..20 is three requests after 0..10: out of reach, so it heads a read of its own.
        List<ByteRange> ranges = List.of(r(0, 10), r(500, 1), r(600, 1), r(10, 10));
        assertEquals(List.of(List.of(0), List.of(1), List.of(2), List.of(3)), groups(twoAhead.plan(ranges, 1000)));
        assertEquals(List.of(List.of(0, 3), List.of(1), List.of(2)),
                groups(new Coalescer(Coalescing.fifo().inArrivalOrder(3)).plan(ranges, 1000)));
    }

    @Test
    void arrivalOrderKeepsMergedReadsWithinTheCap() {
        long mib = Coalescing.FIFO_MAX_MERGED_SIZE;
        // Four quarters fill 1 MiB exactly; the fifth would make it larger and starts the next read.
        List<ByteRange> ranges = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ranges.add(r(i * mib / 4, mib / 4));
        }
        ranges.add(r(10 * mib, 2 * mib));
        List<Coalescer.PlannedRead> plan = FIFO.plan(ranges, 100 * mib);
        assertEquals(List.of(List.of(0, 1, 2, 3), List.of(4, 5), List.of(6)), groups(plan));
        assertEquals(r(0, mib), plan.get(0).range());
        assertEquals(r(mib, mib / 2), plan.get(1).range());
        assertEquals(r(10 * mib, 2 * mib), plan.get(2).range());
        for (Coalescer.PlannedRead read : plan) {
            assertTrue(!read.merged() || read.range().length() <= mib, read.toString());
        }
    }

    @Test
    void arrivalOrderPlansRangesPastTheLimitAloneAndOverlapsTogether() {
        List<Coalescer.PlannedRead> plan = FIFO.plan(List.of(r(0, 30), r(25, 10), r(10, 5), r(30, 10)), 35);
        assertEquals(List.of(List.of(0, 1, 2), List.of(3)), groups(plan));
        assertEquals(r(0, 35), plan.get(0).range());
        assertEquals(r(30, 10), plan.get(1).range());
    }

    @Test
    void arrivalOrderWithoutMergingKeepsTheOrderGiven() {
        Coalescer off = new Coalescer(Coalescing.none().inArrivalOrder(4));
        assertEquals(List.of(List.of(0), List.of(1), List.of(2)),
                groups(off.plan(List.of(r(10, 10), r(0, 10), r(0, 10)), 1000)));
    }

    @Test
    void readRangesReturnsTheBytesOfEveryRangeWithFewerReads() {
        byte[] data = pattern(100_000);
        Random random = new Random(4);
        for (Coalescing policy : List.of(Coalescing.defaults(), Coalescing.none(), new Coalescing(0, 64),
                new Coalescing(1000, 4096), new Coalescing(100_000, 100_000), Coalescing.fifo(),
                Coalescing.fifo().inArrivalOrder(3), new Coalescing(1000, 4096).inArrivalOrder(16))) {
            for (long alignment : new long[] {1, 8, 64, 4096}) {
                List<ByteRange> ranges = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    int offset = random.nextInt(data.length);
                    ranges.add(r(offset, random.nextInt(Math.min(3000, data.length - offset) + 1)));
                }
                CountingReads in = new CountingReads(data, policy);
                List<CompletableFuture<MemorySegment>> results = in.readRanges(ranges, alignment);
                assertEquals(ranges.size(), results.size());
                for (int i = 0; i < ranges.size(); i++) {
                    ByteRange range = ranges.get(i);
                    MemorySegment s = ReadAt.await(results.get(i));
                    String what = policy + ", alignment " + alignment + ", " + range;
                    assertEquals(0, s.address() % alignment, what);
                    assertTrue(s.isReadOnly(), what);
                    assertArrayEquals(Arrays.copyOfRange(data, (int) range.offset(), (int) range.end()),
                            s.toArray(ValueLayout.JAVA_BYTE), what);
                }
                if (policy.enabled() && policy.maxMergedSize() >= 4096) {
                    assertTrue(in.reads < ranges.size(), policy + ": " + in.reads + " reads");
                } else if (!policy.enabled()) {
                    assertEquals(ranges.size(), in.reads);
                }
            }
        }
    }

    @Test
    void slicesOfANativeBufferAreCopiedWhenNotAligned() {
        MemorySegment merged = Arena.ofAuto().allocate(256, 64);
        for (int i = 0; i < 256; i++) {
            merged.set(ValueLayout.JAVA_BYTE, i, (byte) i);
        }
        MemorySegment aligned = Coalescer.slice(merged, 128, 16, 64);
        assertEquals(merged.address() + 128, aligned.address(), "an aligned slice is not copied");
        MemorySegment copied = Coalescer.slice(merged, 3, 16, 64);
        assertEquals(0, copied.address() % 64);
        assertTrue(copied.isNative());
        assertEquals(3, copied.get(ValueLayout.JAVA_BYTE, 0));
        assertEquals(18, copied.get(ValueLayout.JAVA_BYTE, 15));
        assertTrue(copied.isReadOnly());
    }

    @Test
    void slicesOfAHeapBufferAreCopiedToTheHeapForSmallAlignments() {
        byte[] bytes = pattern(64);
        MemorySegment merged = MemorySegment.ofArray(bytes);
        MemorySegment s = Coalescer.slice(merged, 5, 10, 8);
        assertFalse(s.isNative());
        assertEquals(0, s.address() % 8);
        assertArrayEquals(Arrays.copyOfRange(bytes, 5, 15), s.toArray(ValueLayout.JAVA_BYTE));
        MemorySegment wide = Coalescer.slice(merged, 5, 10, 4096);
        assertTrue(wide.isNative(), "the heap promises nothing above 8");
        assertEquals(0, wide.address() % 4096);
    }

    @Test
    void aShortMergedBufferFailsClearly() {
        MemorySegment merged = MemorySegment.ofArray(new byte[10]);
        QuireIoException e = assertThrows(QuireIoException.class, () -> Coalescer.slice(merged, 5, 10, 1));
        assertTrue(e.getMessage().contains("10 bytes"), e.getMessage());
    }

    @Test
    void requestsCancelledBeforeTheyAreIssuedAreDropped() {
        byte[] data = pattern(1000);
        ManualReadAt in = new ManualReadAt(data, Coalescing.defaults());
        List<Coalescer.Request> requests = List.of(
                new Coalescer.Request(r(0, 10), new CompletableFuture<>()),
                new Coalescer.Request(r(500, 10), new CompletableFuture<>()),
                new Coalescer.Request(r(20, 10), new CompletableFuture<>()));
        requests.get(1).result().cancel(false);
        Coalescer.Outcome outcome = new Coalescer(Coalescing.defaults())
                .issue(requests, 1, in.size(), Coalescer.eachThrough(in));
        assertEquals(List.of(r(0, 30)), in.ranges(), "the cancelled request is neither read nor merged");
        assertEquals(new Coalescer.Outcome(3, 1, 1, 1, 2), outcome);
        assertEquals(1, outcome.readsSaved());
        in.complete(0);
        assertArrayEquals(Arrays.copyOfRange(data, 20, 30),
                ReadAt.await(requests.get(2).result()).toArray(ValueLayout.JAVA_BYTE));
        assertTrue(requests.get(1).result().isCancelled());
    }

    @Test
    void aFailedReadFailsTheRequestsItServesAndNoOthers() throws Exception {
        ManualReadAt in = new ManualReadAt(pattern(1000), new Coalescing(10, 100));
        List<CompletableFuture<MemorySegment>> results = in.readRanges(List.of(r(0, 10), r(10, 10), r(500, 10)), 1);
        assertEquals(List.of(r(0, 20), r(500, 10)), in.ranges());
        in.fail(0, "disk on fire");
        in.complete(1);
        for (int i = 0; i < 2; i++) {
            ExecutionException e = assertThrows(ExecutionException.class, results.get(i)::get);
            assertInstanceOf(QuireIoException.class, e.getCause(), "the reader's exception, unwrapped");
            assertEquals("disk on fire", e.getCause().getMessage());
        }
        assertEquals(10, results.get(2).get().byteSize());
    }

    @Test
    void aRangePastTheEndFailsAloneAndItsNeighboursAreRead() {
        byte[] data = pattern(100);
        try (InMemoryReadAt in = InMemoryReadAt.of(data)) {
            List<CompletableFuture<MemorySegment>> results = in.readRanges(List.of(r(80, 10), r(90, 20), r(70, 5)), 1);
            assertThrows(QuireIoException.class, () -> ReadAt.await(results.get(1)));
            assertEquals(data[80], ReadAt.await(results.get(0)).get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(data[70], ReadAt.await(results.get(2)).get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void aBatchThatThrowsFailsEveryIssuedRequest() {
        IllegalStateException boom = new IllegalStateException("boom");
        List<Coalescer.Request> requests = List.of(new Coalescer.Request(r(0, 1), new CompletableFuture<>()),
                new Coalescer.Request(r(50, 1), new CompletableFuture<>()));
        new Coalescer(Coalescing.defaults()).issue(requests, 1, 100, (ranges, alignment) -> {
            throw boom;
        });
        for (Coalescer.Request request : requests) {
            assertSame(boom, assertThrows(IllegalStateException.class, () -> ReadAt.await(request.result())));
        }
    }

    @Test
    void aBatchReturningTheWrongNumberOfResultsFailsTheRequests() {
        List<Coalescer.Request> requests = List.of(new Coalescer.Request(r(0, 1), new CompletableFuture<>()));
        new Coalescer(Coalescing.defaults()).issue(requests, 1, 100, (ranges, alignment) -> List.of());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ReadAt.await(requests.getFirst().result()));
        assertTrue(e.getMessage().contains("returned 0 results"), e.getMessage());
    }

    @Test
    void aReaderThatThrowsFromReadFailsThatReadOnly() {
        ReadAt in = new ThrowingAt(50);
        List<CompletableFuture<MemorySegment>> results = new Coalescer(Coalescing.none())
                .readRanges(in, List.of(r(0, 10), r(50, 10)), 1);
        assertEquals(10, ReadAt.await(results.get(0)).byteSize());
        assertThrows(IllegalStateException.class, () -> ReadAt.await(results.get(1)));
    }

    /** Fails by throwing, not through the future, for reads at one offset. */
    private static final class ThrowingAt implements ReadAt {
        private final long badOffset;
        private final InMemoryReadAt bytes = InMemoryReadAt.of(new byte[100]);

        ThrowingAt(long badOffset) {
            this.badOffset = badOffset;
        }

        @Override
        public String name() {
            return "throwing";
        }

        @Override
        public long size() {
            return 100;
        }

        @Override
        public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
            if (offset == badOffset) {
                throw new IllegalStateException("thrown, not failed");
            }
            return bytes.read(offset, length, alignment);
        }

        @Override
        public void close() {}
    }

    /** A reader over bytes that counts the reads it serves. */
    private static final class CountingReads implements ReadAt {
        private final InMemoryReadAt bytes;
        private final Coalescing policy;
        int reads;

        CountingReads(byte[] data, Coalescing policy) {
            this.bytes = InMemoryReadAt.of(data);
            this.policy = policy;
        }

        @Override
        public String name() {
            return "counting";
        }

        @Override
        public long size() {
            return bytes.size();
        }

        @Override
        public Coalescing coalescing() {
            return policy;
        }

        @Override
        public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
            reads++;
            return bytes.read(offset, length, alignment);
        }

        @Override
        public void close() {}
    }
}
