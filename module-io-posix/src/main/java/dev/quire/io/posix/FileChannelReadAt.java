package dev.quire.io.posix;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;

/**
 * Positional reads of a local file on the calling thread ({@code pread} under the hood). The size is read once at
 * open: Vortex files are immutable.
 */
public final class FileChannelReadAt implements ReadAt {
    private final Path path;
    private final FileChannel channel;
    private final long size;
    private volatile boolean closed;

    private FileChannelReadAt(Path path, FileChannel channel, long size) {
        this.path = path;
        this.channel = channel;
        this.size = size;
    }

    public static FileChannelReadAt open(Path path) {
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new QuireIoException("no such file: " + path, e);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new QuireIoException("cannot open " + path + ": " + e.getMessage(), e);
        }
        try {
            return new FileChannelReadAt(path, channel, channel.size());
        } catch (IOException e) {
            closeQuietly(channel);
            throw new QuireIoException("cannot read the size of " + path + ": " + e.getMessage(), e);
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
        ReadAt.checkRange(name(), offset, length, size);
        MemorySegment out = Buffers.allocate(length, alignment);
        long done = 0;
        try {
            while (done < length) {
                int chunk = (int) Math.min(length - done, Integer.MAX_VALUE - 8);
                ByteBuffer target = out.asSlice(done, chunk).asByteBuffer();
                while (target.hasRemaining()) {
                    int n = channel.read(target, offset + done + target.position());
                    if (n < 0) {
                        throw new QuireIoException("unexpected end of " + path + " at offset "
                                + (offset + done + target.position()) + " (the file shrank while open?)");
                    }
                }
                done += chunk;
            }
        } catch (ClosedChannelException e) {
            throw new ClosedException("reader of " + path);
        } catch (IOException e) {
            throw new QuireIoException("read of " + length + " bytes at offset " + offset + " of " + path
                    + " failed: " + e.getMessage(), e);
        }
        return out.asReadOnly();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            closeQuietly(channel);
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
