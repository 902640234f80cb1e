package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class InMemoryReadAtTest {
    private static byte[] pattern(int n) {
        byte[] bytes = new byte[n];
        new Random(1).nextBytes(bytes);
        return bytes;
    }

    private static byte[] bytesOf(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void readsReturnTheExactBytesAtTheRequestedAlignment() {
        byte[] data = pattern(10_000);
        Random random = new Random(2);
        try (InMemoryReadAt in = InMemoryReadAt.of(data)) {
            assertEquals(10_000, in.size());
            assertEquals("memory", in.name());
            for (int i = 0; i < 500; i++) {
                int offset = random.nextInt(data.length + 1);
                int length = random.nextInt(data.length - offset + 1);
                long alignment = 1L << random.nextInt(13);
                MemorySegment s = in.readFully(offset, length, alignment);
                assertEquals(length, s.byteSize());
                assertEquals(0, s.address() % alignment, "alignment " + alignment);
                assertArrayEquals(Arrays.copyOfRange(data, offset, offset + length), bytesOf(s));
            }
        }
    }

    @Test
    void returnedSegmentsAreReadOnly() {
        try (InMemoryReadAt in = InMemoryReadAt.of(pattern(16))) {
            MemorySegment s = in.readFully(0, 16, 8);
            assertTrue(s.isReadOnly());
            assertThrows(IllegalArgumentException.class, () -> s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
        }
    }

    @Test
    void ofCopiesTheCallersArray() {
        byte[] data = {1, 2, 3, 4};
        try (InMemoryReadAt in = InMemoryReadAt.of(data)) {
            data[0] = 99;
            assertEquals(1, in.readFully(0, 1, 1).get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void readsPastTheEndFailWithAQuireIoException() throws Exception {
        try (InMemoryReadAt in = new InMemoryReadAt("buffer-7", MemorySegment.ofArray(pattern(100)))) {
            CompletableFuture<MemorySegment> f = in.read(90, 11, 1);
            assertTrue(f.isCompletedExceptionally(), "range errors fail the future, they are not thrown");
            ExecutionException wrapped = assertThrows(ExecutionException.class, f::get);
            assertTrue(wrapped.getCause() instanceof QuireIoException, String.valueOf(wrapped.getCause()));

            QuireIoException e = assertThrows(QuireIoException.class, () -> in.readFully(101, 0, 1));
            assertTrue(e.getMessage().contains("buffer-7"), e.getMessage());
            assertThrows(QuireIoException.class, () -> in.readFully(-1, 1, 1));
            assertThrows(QuireIoException.class, () -> in.readFully(1, Long.MAX_VALUE, 1));
            assertEquals(0, in.readFully(100, 0, 1).byteSize(), "an empty read at the end is fine");
        }
    }

    @Test
    void badAlignmentsFailWithAnInvalidArgument() {
        try (InMemoryReadAt in = InMemoryReadAt.of(pattern(100))) {
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 3));
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 8192));
        }
    }

    @Test
    void aClosedReaderFailsWithAClosedException() {
        InMemoryReadAt in = InMemoryReadAt.of(pattern(100));
        MemorySegment before = in.readFully(0, 100, 8);
        in.close();
        in.close(); // idempotent
        ClosedException e = assertThrows(ClosedException.class, () -> in.readFully(0, 1, 1));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertTrue(in.read(0, 1, 1).isCompletedExceptionally());
        assertEquals(100, before.byteSize(), "segments read before close stay valid");
        assertArrayEquals(pattern(100), bytesOf(before));
    }

    @Test
    void readRangesReadsEachRangeInOrder() {
        byte[] data = pattern(1000);
        try (InMemoryReadAt in = InMemoryReadAt.of(data)) {
            List<ByteRange> ranges = List.of(new ByteRange(900, 100), new ByteRange(0, 10), new ByteRange(500, 0));
            List<CompletableFuture<MemorySegment>> out = in.readRanges(ranges, 16);
            assertEquals(3, out.size());
            for (int i = 0; i < ranges.size(); i++) {
                ByteRange r = ranges.get(i);
                MemorySegment s = ReadAt.await(out.get(i));
                assertEquals(0, s.address() % 16);
                assertArrayEquals(Arrays.copyOfRange(data, (int) r.offset(), (int) r.end()), bytesOf(s));
            }
            List<CompletableFuture<MemorySegment>> bad = in.readRanges(List.of(new ByteRange(999, 2)), 1);
            assertThrows(QuireIoException.class, () -> ReadAt.await(bad.getFirst()));
        }
    }

    @Test
    void nullsAreRejected() {
        assertThrows(NullPointerException.class, () -> new InMemoryReadAt(null, MemorySegment.ofArray(new byte[1])));
        assertThrows(NullPointerException.class, () -> new InMemoryReadAt("x", null));
    }
}
