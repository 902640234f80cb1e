package dev.quire.io.uring.internal;

import dev.quire.io.posix.sys.Errno;
import dev.quire.io.posix.sys.ErrnoException;
import dev.quire.io.posix.sys.Libc;
import dev.quire.io.spi.Availability;
import dev.quire.io.uring.sys.Ring;
import dev.quire.io.uring.sys.UringAbi;
import dev.quire.io.uring.sys.UringSyscalls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether io_uring works in this process, found by trying: a small ring is set up (with the best flags the kernel
 * accepts), probed for the opcodes the provider uses, and closed. When it fails, the reason names the cause:
 * {@code kernel.io_uring_disabled}, a seccomp filter (containers often answer {@code ENOSYS} or {@code EPERM}),
 * {@code RLIMIT_MEMLOCK} (kernels before 5.12 count ring memory against it), or libc not callable here.
 */
final class UringAvailability {
    /** Where Linux says whether io_uring is disabled (0 enabled, 1 for one group only, 2 disabled). */
    static final Path DISABLED_SYSCTL = Path.of("/proc/sys/kernel/io_uring_disabled");

    private UringAvailability() {}

    /** This process's answer, probed once. */
    static Availability process() {
        return Holder.PROCESS;
    }

    private static final class Holder {
        static final Availability PROCESS = probe(UringSyscalls.kernel(), DISABLED_SYSCTL);
    }

    /**
     * Tries io_uring through {@code sys}; {@code sysctl} is read to explain an {@code EPERM}. Never throws.
     */
    static Availability probe(UringSyscalls sys, Path sysctl) {
        Optional<String> libc = Libc.unavailableReason();
        if (libc.isPresent()) {
            return Availability.no("io_uring needs libc on Linux: " + libc.get());
        }
        Ring ring;
        try {
            ring = Ring.open(sys, 2);
        } catch (ErrnoException e) {
            return Availability.no(explain(e, sysctl));
        } catch (RuntimeException e) {
            return Availability.no("setting up an io_uring failed: " + e);
        }
        try {
            if (!ring.supports(UringAbi.OP_READ)) {
                return Availability.no("the kernel's io_uring has no IORING_OP_READ (it needs Linux 5.6 or later)");
            }
            return new Availability(true, "io_uring with " + ring.describe()
                    + (ring.supports(UringAbi.OP_ASYNC_CANCEL) ? "" : "; no IORING_OP_ASYNC_CANCEL"));
        } finally {
            ring.close();
        }
    }

    private static String explain(ErrnoException e, Path sysctl) {
        int errno = e.errno();
        String failed = "io_uring_setup failed with " + Libc.describe(errno);
        return switch (errno) {
            case Errno.ENOSYS -> failed + ": the kernel has no io_uring, or a seccomp filter (as container runtimes "
                    + "install) hides it";
            case Errno.EPERM -> switch (disabled(sysctl)) {
                case "2" -> failed + ": io_uring is disabled (kernel.io_uring_disabled = 2)";
                case "1" -> failed + ": io_uring is limited to the group kernel.io_uring_group "
                        + "(kernel.io_uring_disabled = 1), and this process is not in it";
                default -> failed + ": a seccomp filter or a security module forbids it";
            };
            case Errno.ENOMEM -> failed + ": this kernel counts ring memory against RLIMIT_MEMLOCK (before Linux "
                    + "5.12) and the limit is too low; raise it (ulimit -l)";
            default -> failed;
        };
    }

    /** The sysctl's value, or empty when it cannot be read (older kernels have none). */
    private static String disabled(Path sysctl) {
        try {
            return Files.readString(sysctl).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
