package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.file.VortexFile;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What a scan asks of its reader: nothing for counts without a filter, grouped reads while tasks are set up. */
class ScanReadsTest {
    /** Records the reads made through it. */
    static final class RecordingReadAt implements ReadAt {
        final ReadAt delegate;
        final List<Integer> batches = new ArrayList<>();
        int singleReads;

        RecordingReadAt(ReadAt delegate) {
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return delegate.name();
        }

        @Override
        public long size() {
            return delegate.size();
        }

        @Override
        public synchronized CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
            singleReads++;
            return delegate.read(offset, length, alignment);
        }

        @Override
        public synchronized List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges,
                long alignment) {
            batches.add(ranges.size());
            List<CompletableFuture<MemorySegment>> out = new ArrayList<>();
            for (ByteRange r : ranges) {
                out.add(delegate.read(r.offset(), r.length(), alignment));
            }
            return out;
        }

        @Override
        public void close() {
            delegate.close();
        }
    }

    @BeforeAll
    static void write() {
        if (ScanExecutionTest.file == null) {
            ScanExecutionTest.write();
        }
    }

    @Test
    void countingWithoutAFilterReadsNoData() {
        RecordingReadAt in = new RecordingReadAt(InMemoryReadAt.of(ScanExecutionTest.file));
        try (VortexFile f = VortexFile.open(in)) {
            int footerReads = in.singleReads;
            assertEquals(ScanExecutionTest.ROWS, f.scan().count());
            assertEquals(1000, f.scan().rowRange(5, 100_000).limit(1000).count());
            assertEquals(footerReads, in.singleReads);
            assertTrue(in.batches.isEmpty());
        }
    }

    @Test
    void aFinishedScanKeepsNoDecodedSegment() {
        RecordingReadAt in = new RecordingReadAt(InMemoryReadAt.of(ScanExecutionTest.file));
        try (VortexFile f = VortexFile.open(in)) {
            f.scan().project("v").forEach(b -> { });
            int first = in.batches.stream().mapToInt(Integer::intValue).sum() + in.singleReads;
            f.scan().project("v").forEach(b -> { });
            int second = in.batches.stream().mapToInt(Integer::intValue).sum() + in.singleReads - first;
            int chunks = f.layout().child(0).childCount();
            assertTrue(second >= chunks, "the second scan read " + second + " segments of " + chunks
                    + ": the first left decoded segments behind");
        }
    }

    @Test
    void theFirstReadsOfTasksBeingSetUpAreIssuedTogether() {
        RecordingReadAt in = new RecordingReadAt(InMemoryReadAt.of(ScanExecutionTest.file));
        try (VortexFile f = VortexFile.open(in)) {
            f.scan().project("v", "w").concurrency(8).forEach(b -> { });
        }
        assertTrue(in.batches.stream().anyMatch(n -> n > 1), "reads issued together: " + in.batches);
        int batched = in.batches.stream().mapToInt(Integer::intValue).sum();
        assertTrue(batched > 0);
    }
}
