package dev.quire.layout.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.format.SegmentSpec;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class FileSegmentsTest {
    private static final Executor INLINE = Runnable::run;

    /** 64 bytes, each its own offset; three segments of 16 bytes. */
    private static final byte[] BYTES = new byte[64];
    private static final List<SegmentSpec> SPECS = List.of(new SegmentSpec(0, 16, 3), new SegmentSpec(16, 16, 3),
            new SegmentSpec(32, 16, 3));

    static {
        for (int i = 0; i < BYTES.length; i++) {
            BYTES[i] = (byte) i;
        }
    }

    /** A reader whose reads complete only when the test releases them, counting what reaches it. */
    private static final class GatedReadAt implements ReadAt {
        private final ReadAt bytes = InMemoryReadAt.of(BYTES);
        final List<CompletableFuture<MemorySegment>> gates = new ArrayList<>();
        final List<ByteRange> issued = new ArrayList<>();

        @Override
        public String name() {
            return "gated";
        }

        @Override
        public long size() {
            return bytes.size();
        }

        @Override
        public synchronized CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
            issued.add(new ByteRange(offset, length));
            CompletableFuture<MemorySegment> gate = new CompletableFuture<>();
            gates.add(gate);
            MemorySegment result = bytes.readFully(offset, length, alignment);
            return gate.thenApply(ignored -> result);
        }

        @Override
        public synchronized List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges,
                long alignment) {
            List<CompletableFuture<MemorySegment>> out = new ArrayList<>();
            for (ByteRange r : ranges) {
                out.add(read(r.offset(), r.length(), alignment));
            }
            return out;
        }

        synchronized void releaseAll() {
            for (CompletableFuture<MemorySegment> g : gates) {
                g.complete(null);
            }
        }

        synchronized void failAll() {
            for (CompletableFuture<MemorySegment> g : gates) {
                g.completeExceptionally(new QuireIoException("the disk went away"));
            }
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aSegmentAskedForWhileItsReadIsInFlightWaitsOnThatRead() {
        GatedReadAt in = new GatedReadAt();
        FileSegments segments = new FileSegments(in, SPECS, 8);
        CompletableFuture<MemorySegment> first = segments.read(1);
        CompletableFuture<MemorySegment> second = segments.read(1);
        CompletableFuture<MemorySegment> other = segments.read(2);
        assertEquals(List.of(new ByteRange(16, 16), new ByteRange(32, 16)), in.issued);
        assertNotSame(first, second, "each caller gets a future of its own");
        assertEquals(1, segments.sharedReads());
        in.releaseAll();
        assertEquals(16, first.join().get(ValueLayout.JAVA_BYTE, 0));
        assertEquals(16, second.join().get(ValueLayout.JAVA_BYTE, 0));
        assertEquals(32, other.join().get(ValueLayout.JAVA_BYTE, 0));
        assertEquals(0, segments.readsInFlight(), "nothing is kept once reads complete");
        // Completed reads are not cached: asking again reads again.
        segments.read(1);
        assertEquals(3, in.issued.size());
    }

    @Test
    void readsThatFinishAtOnceAreNeverTracked() {
        FileSegments segments = new FileSegments(InMemoryReadAt.of(BYTES), SPECS, 8);
        assertEquals(0, segments.read(0).join().get(ValueLayout.JAVA_BYTE, 0));
        assertEquals(0, segments.readsInFlight());
        assertEquals(0, segments.sharedReads());
    }

    @Test
    void aSegmentQueuedInABatchIsSharedWithReadsOutsideIt() {
        GatedReadAt in = new GatedReadAt();
        FileSegments segments = new FileSegments(in, SPECS, 8);
        FileSegments.Batch batch = segments.batch(INLINE);
        CompletableFuture<MemorySegment> queued = batch.read(0);
        assertEquals(queued, batch.read(0), "a batch asks for a segment once");
        CompletableFuture<MemorySegment> elsewhere = CompletableFuture.supplyAsync(() -> segments.read(0)).join();
        assertTrue(in.issued.isEmpty(), "nothing is issued before the batch closes");
        batch.close();
        assertEquals(List.of(new ByteRange(0, 16)), in.issued);
        assertFalse(elsewhere.isDone());
        in.releaseAll();
        assertEquals(7, queued.join().get(ValueLayout.JAVA_BYTE, 7));
        assertEquals(7, elsewhere.join().get(ValueLayout.JAVA_BYTE, 7));
        assertEquals(0, segments.readsInFlight());
    }

    @Test
    void aBatchSharesAReadAlreadyInFlight() {
        GatedReadAt in = new GatedReadAt();
        FileSegments segments = new FileSegments(in, SPECS, 8);
        CompletableFuture<MemorySegment> running = segments.read(2);
        FileSegments.Batch batch = segments.batch(INLINE);
        CompletableFuture<MemorySegment> inBatch = batch.read(2);
        assertEquals(0, batch.size(), "the batch has nothing of its own to issue");
        batch.close();
        in.releaseAll();
        assertEquals(running.join().get(ValueLayout.JAVA_BYTE, 3), inBatch.join().get(ValueLayout.JAVA_BYTE, 3));
        assertEquals(1, in.issued.size());
    }

    @Test
    void aFailedReadFailsEveryoneWaitingAndIsForgotten() {
        GatedReadAt in = new GatedReadAt();
        FileSegments segments = new FileSegments(in, SPECS, 8);
        CompletableFuture<MemorySegment> first = segments.read(1);
        CompletableFuture<MemorySegment> second = segments.read(1);
        in.failAll();
        CompletionException a = assertThrows(CompletionException.class, first::join);
        CompletionException b = assertThrows(CompletionException.class, second::join);
        assertTrue(a.getCause() instanceof QuireIoException, String.valueOf(a.getCause()));
        assertTrue(b.getCause() instanceof QuireIoException, String.valueOf(b.getCause()));
        assertEquals(0, segments.readsInFlight());
        segments.read(1);
        assertEquals(2, in.issued.size(), "a failed read is tried again by the next caller");
    }

    @Test
    void cancellingOneCallersFutureLeavesTheOtherWaiting() {
        GatedReadAt in = new GatedReadAt();
        FileSegments segments = new FileSegments(in, SPECS, 8);
        CompletableFuture<MemorySegment> first = segments.read(1);
        CompletableFuture<MemorySegment> second = segments.read(1);
        second.cancel(false);
        in.releaseAll();
        assertEquals(31, first.join().get(ValueLayout.JAVA_BYTE, 15));
    }
}
