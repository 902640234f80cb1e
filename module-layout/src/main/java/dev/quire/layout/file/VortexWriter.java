package dev.quire.layout.file;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.format.ByteOrderCheck;
import dev.quire.layout.internal.format.ColumnWriter;
import dev.quire.layout.internal.format.FileWriter;
import dev.quire.layout.spi.ArrayCompressors;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Writes a Vortex file from batches of rows, streaming: each column is buffered until a chunk is full (about
 * {@link WriteOptions#chunkBytes()}) and then written, so memory stays bounded however large the file grows.
 * Files are readable by Vortex 0.76 (unless {@link WriteOptions#lz4Buffers()} is on).
 *
 * <pre>{@code
 * try (VortexWriter writer = VortexWriter.create(path, schema)) {
 *     writer.write(batch);
 * }
 * }</pre>
 */
public final class VortexWriter implements AutoCloseable {
    private final DType.Struct schema;
    private final WritableByteChannel channel;
    private final boolean ownsChannel;
    private final FileWriter file;
    private final ColumnWriter root;
    private long rows;
    private boolean closed;
    private boolean failed;

    private VortexWriter(DType.Struct schema, WritableByteChannel channel, boolean ownsChannel,
            WriteOptions options) {
        ByteOrderCheck.requireLittleEndianHost();
        this.schema = Objects.requireNonNull(schema, "schema is null");
        this.channel = channel;
        this.ownsChannel = ownsChannel;
        this.file = new FileWriter(channel, options.lz4Buffers(), compressorFor(options));
        this.root = ColumnWriter.create(schema, file, options);
    }

    /** The compressor {@code options} ask for: the preferred one on the path when compression is on, else none. */
    private static UnaryOperator<Array> compressorFor(WriteOptions options) {
        if (!options.compression()) {
            return UnaryOperator.identity();
        }
        return ArrayCompressors.preferred().<UnaryOperator<Array>>map(c -> c::compress)
                .orElse(UnaryOperator.identity());
    }

    /** Creates (or truncates) {@code path} and writes a file of the given schema to it. */
    public static VortexWriter create(Path path, DType.Struct schema, WriteOptions options) {
        // Before the file is truncated: a host that cannot write must not destroy what is there.
        ByteOrderCheck.requireLittleEndianHost();
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new QuireIoException("cannot create " + path + ": " + e.getMessage(), e);
        }
        try {
            return new VortexWriter(schema, channel, true, options);
        } catch (RuntimeException e) {
            try {
                channel.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    public static VortexWriter create(Path path, DType.Struct schema) {
        return create(path, schema, WriteOptions.defaults());
    }

    /** Writes to a channel the caller owns; {@link #close()} finishes the file but leaves the channel open. */
    public static VortexWriter create(WritableByteChannel channel, DType.Struct schema, WriteOptions options) {
        return new VortexWriter(schema, channel, false, options);
    }

    public DType.Struct schema() {
        return schema;
    }

    /** The number of rows written so far. */
    public long rows() {
        return rows;
    }

    /**
     * Appends a batch, whose dtype must equal the schema. The batch's memory may be reused once this returns.
     */
    public void write(StructArray batch) {
        if (closed) {
            throw new ClosedException("writer");
        }
        if (!batch.dtype().equals(schema)) {
            throw new InvalidArgumentException("batch dtype " + batch.dtype() + " does not match the schema "
                    + schema);
        }
        try {
            root.append(batch, 0, batch.length());
        } catch (RuntimeException e) {
            failed = true;
            throw e;
        }
        rows += batch.length();
    }

    /** Writes the remaining chunks and the footer, then closes the file (or leaves the caller's channel open). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!failed) {
                file.finish(schema, root.finish());
            }
        } finally {
            if (ownsChannel) {
                try {
                    channel.close();
                } catch (IOException e) {
                    throw new QuireIoException("closing the file failed: " + e.getMessage(), e);
                }
            }
        }
    }
}
