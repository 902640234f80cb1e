package dev.quire.io.posix.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@EnabledOnOs(value = OS.LINUX, disabledReason = "libc through FFM is Linux only")
class LibcTest {
    private static final int EBADF = 9;

    @TempDir
    Path dir;

    @Test
    void isAvailableOnLinux() {
        assertTrue(Libc.isAvailable(), Libc.unavailableReason().orElse(""));
    }

    @Test
    void openCapturesErrnoAndNamesTheFile() {
        String missing = dir.resolve("missing").toString();
        ErrnoException e = assertThrows(ErrnoException.class, () -> Libc.open(missing, Libc.O_RDONLY));
        assertEquals(Errno.ENOENT, e.errno());
        assertEquals("open", e.call());
        assertEquals(ErrorCode.IO, e.code());
        assertEquals("open failed on " + missing + ": No such file or directory (errno 2, ENOENT)", e.getMessage());
    }

    @Test
    void preadAndPreadv2ReadTheFileAndReportErrorsAsNegativeErrno() throws IOException {
        byte[] data = new byte[10_000];
        new Random(1).nextBytes(data);
        Path file = Files.write(dir.resolve("f"), data);
        int fd = Libc.open(file.toString(), Libc.O_RDONLY);
        try (Arena arena = Arena.ofConfined()) {
            FileStat stat = Libc.fstat(fd, file.toString());
            assertEquals(10_000, stat.size());
            assertTrue(stat.isRegularFile());
            MemorySegment buffer = arena.allocate(4000);
            assertEquals(4000, Libc.pread(fd, buffer, 4000, 100));
            assertEquals(-1, buffer.mismatch(MemorySegment.ofArray(data).asSlice(100, 4000)));
            assertEquals(1000, Libc.pread(fd, buffer, 4000, 9000), "short at the end of the file");
            assertEquals(0, Libc.pread(fd, buffer, 4000, 10_000), "nothing past it");
            long n = Libc.preadv2(fd, buffer, 4000, 10, Libc.RWF_NOWAIT);
            assertTrue(n == -Errno.EAGAIN || (n >= 0 && n <= 4000), "bytes or EAGAIN, got " + n);
            if (n > 0) {
                assertEquals(-1, buffer.asSlice(0, n).mismatch(MemorySegment.ofArray(data).asSlice(10, n)));
            }
            assertEquals(-EBADF, Libc.pread(-1, buffer, 10, 0));
            assertEquals(-EBADF, Libc.preadv2(-1, buffer, 10, 0, Libc.RWF_NOWAIT));
            ErrnoException stat2 = assertThrows(ErrnoException.class, () -> Libc.fstat(-1, "nothing"));
            assertEquals(EBADF, stat2.errno());
            ErrnoException advice = assertThrows(ErrnoException.class,
                    () -> Libc.fadvise(-1, 0, 0, Libc.POSIX_FADV_DONTNEED, "nothing"));
            assertEquals(EBADF, advice.errno());
            assertTrue(advice.getMessage().startsWith("posix_fadvise failed on nothing: Bad file descriptor"),
                    advice.getMessage());
        } finally {
            assertEquals(0, Libc.close(fd));
        }
        assertEquals(EBADF, Libc.close(fd), "closing twice reports EBADF");
    }

    @Test
    void aDirectoryIsNotARegularFile() {
        int fd = Libc.open(dir.toString(), Libc.O_RDONLY);
        try {
            assertFalse(Libc.fstat(fd, dir.toString()).isRegularFile());
        } finally {
            Libc.close(fd);
        }
    }

    @Test
    void describeUsesStrerror() {
        assertEquals("Invalid argument (errno 22, EINVAL)", Libc.describe(Errno.EINVAL));
        assertTrue(Libc.describe(12345).endsWith("(errno 12345)"), Libc.describe(12345));
    }

    @Test
    void syscallReturnsTheResultOrTheNegatedErrno() {
        // getpid (39 on x86-64, 172 on AArch64) cannot fail; close (3 and 57) of a bad descriptor sets EBADF.
        boolean arm = System.getProperty("os.arch").equals("aarch64");
        assertEquals(ProcessHandle.current().pid(), Libc.syscall(arm ? 172 : 39, 0, 0, 0, 0, 0, 0));
        assertEquals(-EBADF, Libc.syscall(arm ? 57 : 3, -1, 0, 0, 0, 0, 0));
    }

    @Test
    void eventfdCountsWhatIsWrittenAndMmapMapsTheFile() throws IOException {
        int fd = Libc.eventfd(0, Libc.EFD_CLOEXEC);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment one = arena.allocate(8, 8);
            one.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 1);
            assertEquals(8, Libc.write(fd, one, 8));
            one.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 0);
            // read(2) (0 on x86-64, 63 on AArch64) takes the counter's value: the one written.
            boolean arm = System.getProperty("os.arch").equals("aarch64");
            assertEquals(8, Libc.syscall(arm ? 63 : 0, fd, one.address(), 8, 0, 0, 0));
            assertEquals(1, one.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0));
        } finally {
            assertEquals(0, Libc.close(fd));
        }
        assertEquals(-EBADF, Libc.write(fd, MemorySegment.NULL, 0));

        Path file = dir.resolve("mapped");
        byte[] bytes = new byte[8192];
        new Random(5).nextBytes(bytes);
        Files.write(file, bytes);
        int in = Libc.open(file.toString(), Libc.O_RDONLY);
        try {
            MemorySegment map = Libc.mmap(8192, Libc.PROT_READ, Libc.MAP_SHARED, in, 0, file.toString());
            assertEquals(8192, map.byteSize());
            assertEquals(bytes[4321], map.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 4321));
            assertEquals(0, Libc.munmap(map));
        } finally {
            Libc.close(in);
        }
        ErrnoException e = assertThrows(ErrnoException.class,
                () -> Libc.mmap(4096, Libc.PROT_READ, Libc.MAP_SHARED, -1, 0, "nothing"));
        assertEquals(EBADF, e.errno());
        assertEquals("mmap", e.call());
    }
}
