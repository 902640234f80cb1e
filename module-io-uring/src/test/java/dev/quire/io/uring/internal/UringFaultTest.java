package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.posix.sys.Errno;
import dev.quire.io.posix.sys.Syscalls;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.CompletionScope;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadCompletion;
import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.UringOptions;
import dev.quire.io.uring.sys.UringAbi;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the provider does when the kernel answers what this machine normally does not. */
@EnabledOnOs(value = OS.LINUX, disabledReason = "io_uring is Linux only")
class UringFaultTest {
    @TempDir
    Path dir;

    private final FaultyUringSyscalls faulty = new FaultyUringSyscalls();
    private final SharedRings rings = new SharedRings(faulty);
    private Path file;
    private byte[] bytes;

    @BeforeEach
    void writeFile() throws Exception {
        file = dir.resolve("f.bin");
        bytes = TestFiles.write(file, (3 << 20) + 5, 4);
    }

    private UringReadAt open(boolean direct) {
        return UringReadAt.open(file, UringOptions.defaults().withResident(false).withDirect(direct), rings, Syscalls.libc());
    }

    /** 300 reads of up to 64 KiB through the scope and futures, each checked byte for byte. */
    private void readAndCheck(UringReadAt in) {
        List<CompletableFuture<MemorySegment>> futures = new ArrayList<>();
        try (CompletionScope<Integer> scope = in.openScope()) {
            for (int i = 0; i < 300; i++) {
                long offset = (i * 10_007L) % (bytes.length - 65_536);
                long length = 1 + (i * 331L) % 65_536;
                if (i % 2 == 0) {
                    scope.submit(offset, length, 1, i);
                } else {
                    futures.add(in.read(offset, length, 1));
                }
            }
            for (int k = 0; k < 150; k++) {
                ReadCompletion<Integer> c = scope.await(Duration.ofMinutes(1)).orElseThrow();
                int i = c.tag();
                TestFiles.assertBytes(bytes, (i * 10_007L) % (bytes.length - 65_536), 1 + (i * 331L) % 65_536,
                        c.bytes(), "scope read " + i);
            }
        }
        for (int k = 0; k < futures.size(); k++) {
            int i = 2 * k + 1;
            TestFiles.assertBytes(bytes, (i * 10_007L) % (bytes.length - 65_536), 1 + (i * 331L) % 65_536,
                    futures.get(k).join(), "future read " + i);
        }
    }

    @Test
    void setupRefusedWithEnosysOrEpermOrEnomemSaysWhy() throws Exception {
        Path sysctl = dir.resolve("io_uring_disabled");
        faulty.setupErrno = Errno.ENOSYS;
        Availability a = UringAvailability.probe(faulty, sysctl);
        assertFalse(a.available());
        assertTrue(a.reason().contains("ENOSYS") && a.reason().contains("seccomp"), a.reason());

        faulty.setupErrno = Errno.EPERM;
        assertTrue(UringAvailability.probe(faulty, sysctl).reason().contains("seccomp filter or a security module"));
        Files.writeString(sysctl, "2\n");
        assertTrue(UringAvailability.probe(faulty, sysctl).reason().contains("kernel.io_uring_disabled = 2"));
        Files.writeString(sysctl, "1\n");
        assertTrue(UringAvailability.probe(faulty, sysctl).reason().contains("kernel.io_uring_group"));

        faulty.setupErrno = Errno.ENOMEM;
        assertTrue(UringAvailability.probe(faulty, sysctl).reason().contains("RLIMIT_MEMLOCK"));

        faulty.setupErrno = Errno.EPERM;
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> open(false));
        assertTrue(e.getMessage().contains("io_uring_setup") && e.getMessage().contains("EPERM"), e.getMessage());
    }

    @Test
    void setupFlagsTheKernelRefusesAreDroppedOneSetAtATime() {
        faulty.refusedSetupFlags = UringAbi.SETUP_NO_SQARRAY | UringAbi.SETUP_DEFER_TASKRUN;
        Availability a = UringAvailability.probe(faulty, UringAvailability.DISABLED_SYSCTL);
        assertTrue(a.available(), a.reason());
        assertTrue(a.reason().contains("SINGLE_ISSUER, COOP_TASKRUN"), a.reason());
        assertFalse(a.reason().contains("NO_SQARRAY"), a.reason());
        try (UringReadAt in = open(false)) {
            readAndCheck(in);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {Errno.EINTR, Errno.EAGAIN, Errno.EBUSY})
    void enterAnsweringEintrEagainOrEbusyIsRetried(int errno) {
        try (UringReadAt in = open(false)) {
            readAndCheck(in);
            faulty.transientErrno = errno;
            faulty.transientEnters.set(50);
            readAndCheck(in);
            assertTrue(faulty.transientEnters.get() <= 0, "the faults were met");
        }
        assertTrue(rings.stats().retries() >= 50, rings.stats().summary());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void shortReadsAreResubmittedForTheRemainder(boolean direct) {
        faulty.shortReads = true;
        try (UringReadAt in = open(direct)) {
            assertEquals(direct, in.direct());
            readAndCheck(in);
        }
        assertTrue(faulty.shortened.get() > 100, "reads were shortened: " + faulty.shortened.get());
        RingStats stats = rings.stats();
        assertTrue(stats.shortReads() > 100, stats.summary());
    }

    @ParameterizedTest
    @ValueSource(ints = {Errno.EINTR, Errno.EAGAIN})
    void readsCompletingWithEintrOrEagainAreSubmittedAgain(int errno) {
        try (UringReadAt in = open(false)) {
            readAndCheck(in);
            faulty.completionErrno = errno;
            faulty.rewrittenCompletions.set(40);
            readAndCheck(in);
        }
        assertTrue(faulty.rewrittenCompletions.get() <= 0, "the faults were met");
    }

    /** Deep queues wait for batches with a bound; a kernel that refuses the bound gets unbounded waits instead. */
    @Test
    void boundedWaitsTheKernelRefusesAreDropped() {
        try (UringReadAt in = open(false)) {
            readAndCheck(in);
            int used = faulty.boundedWaits.get();
            faulty.refuseBoundedWaits = true;
            readAndCheck(in);
            readAndCheck(in);
            if (UringAvailability.process().reason().contains("MIN_TIMEOUT")) {
                assertTrue(used > 0, "bounded waits are used where the kernel has them");
                assertEquals(1, faulty.refusedWaits.get(), "refused once, then not asked again");
            } else {
                assertEquals(0, used + faulty.refusedWaits.get(), "no bounded waits where the kernel has none");
            }
        }
    }

    @Test
    void aReadFailingInTheKernelFailsWithTheErrnoAndTheFile() {
        try (UringReadAt in = open(false)) {
            readAndCheck(in);
            faulty.completionErrno = 5;
            faulty.rewrittenCompletions.set(1);
            QuireIoException e = assertThrows(QuireIoException.class, () -> in.readFully(0, 4096, 1));
            assertTrue(e.getMessage().contains("io_uring read failed on " + file) && e.getMessage().contains(
                    "errno 5"), e.getMessage());
            readAndCheck(in);
        }
    }

    @Test
    void aRingFailingMidwayFailsEveryReadClearlyAndTheNextOpenGetsANewRing() throws Exception {
        UringReadAt in = open(false);
        readAndCheck(in);
        faulty.fatalErrno = Errno.EBADF;
        faulty.failAfterEnters = faulty.enters.get();
        List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            reads.add(in.read(i * 4096L, 4096, 1));
        }
        for (CompletableFuture<MemorySegment> r : reads) {
            QuireIoException e = assertThrows(QuireIoException.class, () -> ReadAt.await(r));
            assertTrue(e.getMessage().contains("io_uring_enter") && e.getMessage().contains("EBADF"), e.getMessage());
        }
        try (CompletionScope<String> scope = in.openScope()) {
            scope.submit(0, 10, 1, "after");
            ReadCompletion<String> c = scope.await(Duration.ofMinutes(1)).orElseThrow();
            assertInstanceOf(ReadCompletion.Failed.class, c);
        }
        in.close();
        faulty.failAfterEnters = -1;
        try (UringReadAt again = open(false)) {
            readAndCheck(again);
        }
        TestFiles.eventually(() -> {
            try {
                return TestFiles.descriptorsUnder(dir) == 0;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "the files' descriptors are closed");
    }
}
