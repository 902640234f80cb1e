package dev.quire.io.uring.internal;

import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.sys.NativeFile;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One read handed to a {@link Reactor}: the file (held from creation until the reactor is done with it), the native
 * buffer the kernel writes into, and how far the read got. The buffer is referenced from here, and so kept alive, until
 * the kernel's last completion for it arrived; only then is the read {@linkplain Sink#finished finished} or dropped.
 *
 * <p>For {@code O_DIRECT} the buffer covers whole blocks around the range asked for: {@link #skip} bytes before it.
 */
final class ReadOp {
    /** Where a finished read goes; called on the reactor's thread, so it must not block or run the caller's code. */
    interface Sink {
        /**
         * The read ended: with its bytes when {@code failure} is null, else with {@code failure}.
         *
         * @return work to run off the reactor's thread (completing a future whose dependents may run any code), or null
         */
        Runnable finished(ReadOp op, Throwable failure);
    }

    private static final int QUEUED = 0;
    private static final int CANCELLED = 1;
    private static final int ENDED = 2;

    final NativeFile file;
    final MemorySegment buffer;
    /** The file offset of the buffer's first byte. */
    final long position;
    /** Bytes of the buffer before the range asked for (O_DIRECT alignment), else 0. */
    final long skip;
    /** The length asked for. */
    final long length;
    /** The bytes to fill: {@code skip + length}, rounded up to whole blocks for O_DIRECT. */
    final long want;
    final boolean direct;
    final Sink sink;
    /** The sink's own handle on the read (a scope's pending entry, a future). */
    final Object token;
    private final AtomicInteger state = new AtomicInteger(QUEUED);

    /** The ring the read was handed to, for cancelling it there. */
    volatile Reactor owner;

    // Reactor-thread state.
    /** Bytes of the buffer filled so far. */
    long done;
    /** The slot while the kernel holds the read, else -1. */
    int slot = -1;
    /** The user data of the read's current submission. */
    long userData;

    ReadOp(NativeFile file, MemorySegment buffer, long position, long skip, long length, long want, boolean direct,
            Sink sink, Object token) {
        this.file = file;
        this.buffer = buffer;
        this.position = position;
        this.skip = skip;
        this.length = length;
        this.want = want;
        this.direct = direct;
        this.sink = sink;
        this.token = token;
    }

    /** The bytes asked for, read-only: valid once the read finished without failure. */
    MemorySegment bytes() {
        return buffer.asSlice(skip, length).asReadOnly();
    }

    /** Marks the read unwanted: it is not submitted if it was not yet, and its result is dropped. */
    boolean cancel() {
        return state.compareAndSet(QUEUED, CANCELLED);
    }

    boolean cancelled() {
        return state.get() == CANCELLED;
    }

    /** Claims the right to end the read (deliver or drop it); true once, for the first caller. */
    boolean end() {
        while (true) {
            int s = state.get();
            if (s == ENDED) {
                return false;
            }
            if (state.compareAndSet(s, ENDED)) {
                return true;
            }
        }
    }

    /** Whether the bytes filled hold the whole range asked for. */
    boolean complete() {
        return done >= skip + length;
    }

    QuireIoException shrank() {
        return new QuireIoException("unexpected end of " + file.path() + " at offset " + (position + done)
                + " (it had " + file.size() + " bytes when opened; did it shrink?)");
    }
}
