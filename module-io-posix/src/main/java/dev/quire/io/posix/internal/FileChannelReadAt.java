package dev.quire.io.posix.internal;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.CompletableFuture;

/**
 * Positional reads of a local file on the calling thread ({@code pread} under the hood), through Java NIO: the
 * {@code posix} provider's reader where libc cannot be called (not Linux; see {@link LibcReadAt#availability()}).
 * The size is read once at open: Vortex files are immutable.
 *
 * <p>A {@link FileChannel} is interruptible: a read on an interrupted thread closes the channel for every thread.
 * That read fails with a {@link QuireIoException} (the thread keeps its interrupt status), and the channel is
 * reopened, so one cancelled task never closes the file under the others.
 */
public final class FileChannelReadAt implements ReadAt {
    /** Reads that ask for no more than this alignment go to the heap (see {@link ReadAt#read}). */
    static final long HEAP_ALIGNMENT = 8;
    /** The largest read served on the heap: what one byte[] can hold. */
    static final long MAX_HEAP_READ = Integer.MAX_VALUE - 16;

    private final Path path;
    private final long size;
    /** Guards {@link #close()} against {@link #reopen}, so a reopened channel is never left open after close. */
    private final Object lock = new Object();
    private volatile FileChannel channel;
    private volatile boolean closed;

    private FileChannelReadAt(Path path, FileChannel channel, long size) {
        this.path = path;
        this.channel = channel;
        this.size = size;
    }

    public static FileChannelReadAt open(Path path) {
        try {
            // A directory opens fine and fails on the first read; a FIFO would block the open itself.
            if (!Files.readAttributes(path, BasicFileAttributes.class).isRegularFile()) {
                throw new QuireIoException("cannot open " + path + ": not a regular file");
            }
        } catch (NoSuchFileException e) {
            throw new QuireIoException("no such file: " + path, e);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new QuireIoException("cannot open " + path + ": " + e.getMessage(), e);
        }
        FileChannel channel = openChannel(path);
        try {
            return new FileChannelReadAt(path, channel, channel.size());
        } catch (IOException e) {
            closeQuietly(channel);
            throw new QuireIoException("cannot read the size of " + path + ": " + e.getMessage(), e);
        }
    }

    private static FileChannel openChannel(Path path) {
        try {
            return FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new QuireIoException("no such file: " + path, e);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new QuireIoException("cannot open " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return path.toString();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        try {
            return CompletableFuture.completedFuture(readNow(offset, length, alignment));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public MemorySegment readFully(long offset, long length, long alignment) {
        return readNow(offset, length, alignment);
    }

    private MemorySegment readNow(long offset, long length, long alignment) {
        if (closed) {
            throw new ClosedException("reader of " + path);
        }
        Buffers.checkAlignment(alignment);
        ReadAt.checkRange(name(), offset, length, size);
        if (alignment <= HEAP_ALIGNMENT && length <= MAX_HEAP_READ) {
            // On the heap, so the garbage collector sees (and reclaims) what scans hold, and no read pays for
            // faulting in fresh native pages. FileChannel fills heap buffers through a reused direct buffer.
            byte[] bytes = new byte[(int) length];
            fill(ByteBuffer.wrap(bytes), offset, offset, length);
            return MemorySegment.ofArray(bytes).asReadOnly();
        }
        MemorySegment out = Buffers.allocate(length, alignment);
        long done = 0;
        while (done < length) {
            int chunk = (int) Math.min(length - done, Integer.MAX_VALUE - 8);
            fill(out.asSlice(done, chunk).asByteBuffer(), offset + done, offset, length);
            done += chunk;
        }
        return out.asReadOnly();
    }

    /** Reads until {@code target} is full, from file position {@code position}; the rest is for messages. */
    private void fill(ByteBuffer target, long position, long offset, long length) {
        FileChannel in = channel;
        int start = target.position();
        while (target.hasRemaining()) {
            int n;
            try {
                n = in.read(target, position + target.position() - start);
            } catch (ClosedByInterruptException e) {
                // This thread was interrupted and the channel closed with it: reopen it for the other readers.
                QuireIoException failure = new QuireIoException("interrupted while reading " + length
                        + " bytes at offset " + offset + " of " + path, e);
                try {
                    reopen(in);
                } catch (RuntimeException reopenFailed) {
                    failure.addSuppressed(reopenFailed);
                }
                throw failure;
            } catch (ClosedChannelException e) {
                // Closed by close() (reopen then fails with ClosedException) or by another thread's interrupt.
                in = reopen(in);
                continue;
            } catch (IOException e) {
                throw new QuireIoException("read of " + length + " bytes at offset " + offset + " of " + path
                        + " failed: " + e.getMessage(), e);
            }
            if (n < 0) {
                throw new QuireIoException("unexpected end of " + path + " at offset "
                        + (position + target.position() - start) + " (the file shrank while open?)");
            }
        }
    }

    /** The channel to use instead of {@code stale}, which was found closed; opens a new one at most once. */
    private FileChannel reopen(FileChannel stale) {
        synchronized (lock) {
            if (closed) {
                throw new ClosedException("reader of " + path);
            }
            FileChannel current = channel;
            if (current != stale) {
                return current;
            }
            FileChannel fresh = openChannel(path);
            try {
                long now = fresh.size();
                if (now != size) {
                    throw new QuireIoException(path + " changed while open: it had " + size + " bytes, now " + now);
                }
            } catch (IOException | RuntimeException e) {
                closeQuietly(fresh);
                throw e instanceof QuireIoException q ? q
                        : new QuireIoException("cannot reopen " + path + ": " + e.getMessage(), e);
            }
            channel = fresh;
            return fresh;
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (!closed) {
                closed = true;
                closeQuietly(channel);
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            System.getLogger(FileChannelReadAt.class.getName())
                    .log(System.Logger.Level.DEBUG, "closing a file channel failed", e);
        }
    }
}
