package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.io.posix.sys.Syscalls;
import dev.quire.io.spi.CompletionScope;
import dev.quire.io.spi.ReadCompletion;
import dev.quire.io.uring.UringOptions;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Ranges the page cache holds, served from a mapping of the file instead of the ring. */
@EnabledOnOs(value = OS.LINUX, disabledReason = "io_uring is Linux only")
class ResidentReadsTest {
    private static final int ENOSYS = 38;

    @TempDir
    Path dir;

    private final FaultyUringSyscalls faulty = new FaultyUringSyscalls();
    private final SharedRings rings = new SharedRings(faulty);
    private Path file;
    private byte[] bytes;

    @BeforeEach
    void writeFile() throws Exception {
        file = dir.resolve("f.bin");
        // Just written, so in the page cache; not a multiple of the page size, so the last page is partial.
        bytes = TestFiles.write(file, (1 << 20) + 123, 7);
    }

    private UringReadAt open(UringOptions options) {
        return UringReadAt.open(file, options, rings, Syscalls.libc());
    }

    private long submissions() {
        return rings.stats().submissions();
    }

    @Test
    void cachedRangesAreServedWithoutASubmission() {
        try (UringReadAt in = open(UringOptions.defaults())) {
            assertTrue(in.residentReads());
            long before = submissions();
            for (int i = 0; i < 200; i++) {
                long offset = (i * 5_003L) % (bytes.length - 40_000);
                long length = 1 + (i * 197L) % 40_000;
                TestFiles.assertBytes(bytes, offset, length, in.read(offset, length, 1).join(), "read " + i);
            }
            // Up to the file's last byte, across its partial last page.
            TestFiles.assertBytes(bytes, bytes.length - 5_000, 5_000, in.readFully(bytes.length - 5_000, 5_000, 8),
                    "the tail");
            // The kernel may reclaim a page of the file meanwhile (other tests fill memory): that read, and only such a
            // read, goes to the ring.
            assertTrue(submissions() - before <= 2, "reads sent to the ring: " + (submissions() - before));
            assertTrue(faulty.cachestats.get() >= 201, "each read asked the page cache: " + faulty.cachestats);
        }
    }

    @Test
    void aSliceThatMissesTheAlignmentIsCopiedToAnAlignedBuffer() {
        try (UringReadAt in = open(UringOptions.defaults())) {
            MemorySegment read = in.read(3, 1000, 64).join();
            assertEquals(0, read.address() % 64);
            TestFiles.assertBytes(bytes, 3, 1000, read, "misaligned read");
            assertTrue(read.isReadOnly());
            MemorySegment aligned = in.read(4096, 1000, 64).join();
            assertEquals(0, aligned.address() % 64);
            assertTrue(aligned.isReadOnly(), "a slice of the read-only mapping");
        }
    }

    @Test
    void rangesNotCachedGoToTheRing() {
        faulty.nothingCached = true;
        try (UringReadAt in = open(UringOptions.defaults())) {
            long before = submissions();
            TestFiles.assertBytes(bytes, 1000, 100_000, in.read(1000, 100_000, 8).join(), "uncached read");
            assertTrue(submissions() > before, "the read went to the ring");
        }
    }

    @Test
    void aKernelWithoutCachestatReadsEverythingThroughTheRing() {
        faulty.cachestatErrno = ENOSYS;
        try (UringReadAt in = open(UringOptions.defaults())) {
            long before = submissions();
            TestFiles.assertBytes(bytes, 0, 4096, in.read(0, 4096, 8).join(), "first read");
            assertTrue(submissions() > before);
        }
        int asked = faulty.cachestats.get();
        try (UringReadAt again = open(UringOptions.defaults())) {
            assertFalse(again.residentReads(), "the check is off for these rings from then on");
            TestFiles.assertBytes(bytes, 8192, 4096, again.read(8192, 4096, 8).join(), "second read");
        }
        assertEquals(asked, faulty.cachestats.get(), "cachestat is not asked again");
    }

    @Test
    void offOrDirectReadersHaveNoMapping() {
        try (UringReadAt off = open(UringOptions.defaults().withResident(false));
                UringReadAt direct = open(UringOptions.defaults().withDirect(true))) {
            assertFalse(off.residentReads());
            assertFalse(direct.residentReads() && direct.direct(), "O_DIRECT reads bypass the page cache");
            long before = submissions();
            TestFiles.assertBytes(bytes, 10, 10, off.read(10, 10, 1).join(), "read with resident reads off");
            assertTrue(submissions() > before);
        }
        assertEquals(0, faulty.cachestats.get());
    }

    @Test
    void aScopeCompletesCachedReadsAtOnce() {
        try (UringReadAt in = open(UringOptions.defaults());
                CompletionScope<Integer> scope = in.openScope()) {
            long before = submissions();
            for (int i = 0; i < 50; i++) {
                scope.submit(i * 10_000L, 9_000, 8, i);
            }
            scope.flush();
            for (int k = 0; k < 50; k++) {
                ReadCompletion<Integer> c = scope.poll().orElseThrow();
                ReadCompletion.Done<Integer> done = assertInstanceOf(ReadCompletion.Done.class, c);
                TestFiles.assertBytes(bytes, done.tag() * 10_000L, 9_000, done.bytes(), "scope read " + done.tag());
            }
            assertEquals(0, scope.outstanding());
            assertTrue(scope.await(Duration.ofMillis(1)).isEmpty());
            assertEquals(before, submissions());
        }
    }

    @Test
    void readsAfterCloseFailAndSegmentsReadBeforeStayValid() {
        UringReadAt in = open(UringOptions.defaults());
        MemorySegment kept = in.read(100, 5000, 8).join();
        in.close();
        CompletableFuture<MemorySegment> late = in.read(100, 5000, 8);
        ExecutionException e = assertThrows(ExecutionException.class, late::get);
        assertInstanceOf(ClosedException.class, e.getCause());
        assertThrows(ClosedException.class, () -> in.readFully(0, 10, 1));
        TestFiles.assertBytes(bytes, 100, 5000, kept, "a segment read before close");
    }
}
