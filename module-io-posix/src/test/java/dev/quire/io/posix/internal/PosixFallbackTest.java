package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.sys.Errno;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers a machine rarely gives, put in through the {@link dev.quire.io.posix.sys.Syscalls} seam
 * ({@link FaultySyscalls}): {@code ENOSYS} from {@code preadv2}, {@code EOPNOTSUPP} for {@code RWF_NOWAIT},
 * {@code O_DIRECT} refused at open or on the first read, failed and interrupted reads. Readers get a
 * {@link NowaitSupport} of their own, so what they switch off stays off for them and not for the process.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "libc through FFM is Linux only")
class PosixFallbackTest {
    private static final int SIZE = (1 << 20) + 999;
    private static final long IN_WINDOW = PosixOptions.DEFAULT_MIN_READ_LENGTH;
    private static final int EACCES = 13;
    private static final int EIO = 5;

    @TempDir
    Path dir;

    private final FaultySyscalls sys = new FaultySyscalls();
    private final NowaitSupport nowait = new NowaitSupport();

    private Path write(String name, int seed) throws IOException {
        byte[] data = new byte[SIZE];
        new Random(seed).nextBytes(data);
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.write(file, data);
    }

    private static void assertBytes(Path file, ReadAt in, long offset, long length) throws IOException {
        byte[] all = Files.readAllBytes(file);
        MemorySegment got = in.readFully(offset, length, 8);
        assertEquals(-1, got.mismatch(MemorySegment.ofArray(all).asSlice(offset, length)),
                length + " bytes at " + offset + " of " + file);
    }

    private LibcReadAt open(Path file, PosixOptions options) {
        return LibcReadAt.open(file, options, sys, nowait);
    }

    @Test
    void enosysFromPreadv2TurnsTheFastPathOffForEveryReaderAndReadsStillSucceed() throws Exception {
        Path a = write("a.bin", 1);
        Path b = write("b.bin", 2);
        sys.preadv2Errno = Errno.ENOSYS;
        try (LibcReadAt first = open(a, PosixOptions.defaults()); LibcReadAt second = open(b,
                PosixOptions.defaults())) {
            MemorySegment bytes = ReadAt.await(first.read(1000, IN_WINDOW, 8));
            assertEquals(-1, bytes.mismatch(MemorySegment.ofArray(Files.readAllBytes(a)).asSlice(1000, IN_WINDOW)),
                    "the pool read what the fast path could not");
            assertEquals(1, sys.preadv2Calls.get());
            FastPathStats s = first.fastPathStats();
            assertEquals(1, s.attempted(), s.summary());
            assertEquals(1, s.miss(), s.summary());
            assertEquals(IN_WINDOW, s.bytesMissed(), s.summary());
            assertTrue(nowait.offEverywhere().orElseThrow().contains("ENOSYS"), nowait.offEverywhere().toString());

            for (int i = 0; i < 5; i++) {
                ReadAt.await(first.read(i * 4096L, IN_WINDOW, 8));
                ReadAt.await(second.read(i * 4096L, IN_WINDOW, 8));
            }
            assertEquals(0, first.readCachedAt(MemorySegment.ofArray(new byte[100]), 0));
            assertEquals(1, sys.preadv2Calls.get(), "no reader tries preadv2 again");
            assertEquals(1, first.fastPathStats().attempted());
            assertEquals(5, first.fastPathStats().skipped());
            assertEquals(0, second.fastPathStats().attempted());
            assertEquals(5, second.fastPathStats().skipped());
            assertBytes(b, second, 12_345, IN_WINDOW);
        }
        assertTrue(NowaitSupport.PROCESS.offEverywhere().isEmpty(), "the process's readers are not affected");
        assertTrue(LibcReadAt.fastPathAvailability().available());
        assertTrue(sys.awaitClosedAll());
    }

    @Test
    void eopnotsuppTurnsTheFastPathOffForThatFileSystemOnly() throws IOException {
        Path refusing1 = write("refusing/1.bin", 3);
        Path refusing2 = write("refusing/2.bin", 4);
        Path other = write("other/3.bin", 5);
        sys.devices = path -> path.contains("/refusing/") ? 1001L : 1002L;
        sys.preadv2Errno = Errno.EOPNOTSUPP;
        sys.failingDevices = Set.of(1001L);
        try (LibcReadAt r1 = open(refusing1, PosixOptions.defaults());
                LibcReadAt r2 = open(refusing2, PosixOptions.defaults());
                LibcReadAt o = open(other, PosixOptions.defaults())) {
            assertBytes(refusing1, r1, 0, 10);
            ReadAt.await(r1.read(100, IN_WINDOW, 8));
            assertEquals(1, sys.preadv2Calls.get());
            assertEquals(1, r1.fastPathStats().miss());

            ReadAt.await(r1.read(200, IN_WINDOW, 8));
            ReadAt.await(r2.read(300, IN_WINDOW, 8));
            assertEquals(1, sys.preadv2Calls.get(), "neither reader on the refusing file system tries again");
            assertEquals(1, r1.fastPathStats().skipped());
            assertEquals(1, r2.fastPathStats().skipped());
            assertEquals(0, r2.fastPathStats().attempted());

            ReadAt.await(o.read(400, IN_WINDOW, 8));
            assertEquals(2, sys.preadv2Calls.get(), "another file system still tries");
            assertEquals(1, o.fastPathStats().attempted());
            assertTrue(nowait.offEverywhere().isEmpty(), "EOPNOTSUPP is not a reason to stop everywhere");
            assertBytes(refusing2, r2, 777, IN_WINDOW);
            assertBytes(other, o, 888, IN_WINDOW);
        }
    }

    @Test
    void oDirectRefusedAtOpenFallsBackToBufferedReads() throws Exception {
        Path file = write("f.bin", 6);
        sys.directOpenErrno = Errno.EINVAL;
        try (LibcReadAt in = open(file, PosixOptions.defaults().withDirect(true))) {
            assertFalse(in.direct());
            String why = in.directRefusal().orElseThrow();
            assertTrue(why.contains("refused O_DIRECT at open") && why.contains("EINVAL"), why);
            for (long length : new long[] {1, 4095, 4097, IN_WINDOW, 300_000}) {
                assertBytes(file, in, SIZE - length, length);
                assertBytes(file, in, 3, length);
            }
            ReadAt.await(in.read(0, IN_WINDOW, 8));
            assertEquals(1, in.fastPathStats().decisions(), "buffered reads have the fast path again");
        }
        assertTrue(sys.awaitClosedAll());
        assertEquals(1, sys.opens.get(), "only the buffered open succeeded");
        assertEquals(1, sys.closes.get());
    }

    @Test
    void oDirectRefusedOnTheFirstReadFallsBackAndClosesTheDirectDescriptor() throws Exception {
        Path file = write("f.bin", 7);
        sys.refuseDirectReads = true;
        try (LibcReadAt in = open(file, PosixOptions.defaults().withDirect(true))) {
            assertFalse(in.direct());
            String why = in.directRefusal().orElseThrow();
            assertTrue(why.contains("refused an O_DIRECT read") && why.contains("EINVAL"), why);
            assertEquals(2, sys.opens.get(), "the O_DIRECT descriptor, then a buffered one");
            assertEquals(1, sys.closes.get(), "the O_DIRECT descriptor was closed at once");
            assertBytes(file, in, 4097, 300_000);
            assertBytes(file, in, SIZE - 5, 5);
        }
        assertTrue(sys.awaitClosedAll());
        assertEquals(2, sys.closes.get());
    }

    @Test
    void otherErrorsOpeningWithODirectFailTheOpen() throws IOException {
        Path file = write("f.bin", 8);
        sys.directOpenErrno = EACCES;
        QuireIoException e = assertThrows(QuireIoException.class,
                () -> open(file, PosixOptions.defaults().withDirect(true)));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("errno 13"), e.getMessage());
        assertEquals(0, sys.opens.get(), "no buffered open was tried");
    }

    @Test
    void aFailedReadNamesTheFileAndTheErrorAndAnInterruptedOneIsRetried() throws IOException {
        Path file = write("f.bin", 9);
        try (LibcReadAt in = open(file, PosixOptions.defaults().withFastPath(false))) {
            sys.preadErrno = Errno.EINTR;
            sys.preadFailures.set(2);
            assertBytes(file, in, 10, 300_000);
            assertEquals(0, sys.preadFailures.get(), "both interruptions were met, and retried");

            sys.preadErrno = EIO;
            sys.preadFailures.set(1);
            CompletionException failed = assertThrows(CompletionException.class,
                    () -> in.read(0, 1000, 8).join());
            QuireIoException e = assertInstanceOf(QuireIoException.class, failed.getCause());
            assertTrue(e.getMessage().startsWith("pread failed on " + file) && e.getMessage().contains("errno 5"),
                    e.getMessage());
            assertBytes(file, in, 0, 1000);
        }
    }
}
