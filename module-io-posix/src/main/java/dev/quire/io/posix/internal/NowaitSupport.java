package dev.quire.io.posix.internal;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the page-cache fast path was found not to work, so that it is not tried there again: everywhere, once the
 * kernel answered {@code preadv2} with {@code ENOSYS}, or on one file system ({@code st_dev}), once it answered
 * {@code RWF_NOWAIT} with {@code EOPNOTSUPP}. The readers of a process share {@link #PROCESS}; a test that fakes those
 * answers gives its readers one of their own, so the process's readers are not switched off with them. Thread-safe.
 */
final class NowaitSupport {
    /** What every reader opened through libc shares. */
    static final NowaitSupport PROCESS = new NowaitSupport();

    /** Why the fast path is off everywhere, once it is. */
    private volatile String off;
    private final Set<Long> offDevices = ConcurrentHashMap.newKeySet();

    /** Why the fast path is off for every file, or empty while it is not. */
    Optional<String> offEverywhere() {
        return Optional.ofNullable(off);
    }

    /** Whether the fast path is off for files on {@code device}, or everywhere. */
    boolean isOff(long device) {
        return off != null || offDevices.contains(device);
    }

    /** Turns the fast path off everywhere, for {@code why}. */
    void turnOffEverywhere(String why) {
        off = why;
    }

    /** Turns the fast path off on {@code device}; true the first time, false when it was already off there. */
    boolean turnOff(long device) {
        return offDevices.add(device);
    }
}
