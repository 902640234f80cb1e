package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import java.util.Optional;

/** A Quire scan batch seen through the runner's {@link Batch}: columns are views over the batch's arrays. */
final class QuireBatch implements Batch {
    private final BatchShape shape;
    private final StructArray batch;
    private final int length;
    private final ColumnBuffers buffers;

    /** A batch whose columns have buffers of their own. */
    QuireBatch(BatchShape shape, StructArray batch) {
        this(shape, batch, new ColumnBuffers(shape.names().size()));
    }

    /**
     * A batch whose columns decode into {@code buffers}, which the thread's last batch used: that batch's columns
     * must no longer be read.
     */
    QuireBatch(BatchShape shape, StructArray batch, ColumnBuffers buffers) {
        this.shape = shape;
        this.batch = batch;
        this.length = Math.toIntExact(batch.length());
        this.buffers = buffers;
    }

    @Override
    public int length() {
        return length;
    }

    /**
     * A decoded field whose values lie in a Java array of their width is read in place ({@link ArrayColumns}); any
     * other (an encoded field: the scan hands batches out undecoded) through its {@link LongBlocks} cursor, decoding a
     * block at a time where the query reads it.
     */
    @Override
    public LongColumn longs(String column) {
        int index = shape.index(column);
        BatchShape.Kind kind = shape.kind(index);
        if (kind == BatchShape.Kind.UTF8) {
            throw new InvalidArgumentException("column `" + column + "` is utf8; read it as strings");
        }
        Array field = nonNull(column, batch.field(index));
        LongColumn inPlace = ArrayColumns.inPlace(field);
        if (inPlace != null) {
            return inPlace;
        }
        return new BlockLongColumn(LongBlocks.cursor(field), length, () -> decoded(column, kind, field),
                buffers.longs(index));
    }

    private static LongColumn decoded(String column, BatchShape.Kind kind, Array field) {
        Array array = field.toCanonical();
        return switch (kind) {
            case INTEGER -> ArrayColumns.longs((PrimitiveArray) array);
            case DECIMAL -> ArrayColumns.unscaled(column, (DecimalArray) array);
            case EXTENSION -> ArrayColumns.longs((PrimitiveArray) ((ExtensionArray) array).storage().toCanonical());
            case UTF8 -> throw new IllegalStateException("utf8 is read as strings");
        };
    }

    @Override
    public StringColumn strings(String column) {
        int index = shape.index(column);
        if (shape.kind(index) != BatchShape.Kind.UTF8) {
            throw new InvalidArgumentException("column `" + column + "` is not utf8; read it as longs");
        }
        Array field = nonNull(column, batch.field(index));
        // An encoded field that decodes block by block is read a block at a time where the query reads it; one that
        // does not (or was decoded already) is read in place, from its canonical views and data buffers.
        if (field instanceof BytesBlocks encoded) {
            Optional<BytesBlocks.Cursor> cursor = encoded.bytesBlocks();
            if (cursor.isPresent()) {
                return new SequentialUtf8Column(field, cursor.get(), buffers.block(index));
            }
        }
        return new Utf8Column((VarBinViewArray) field.toCanonical());
    }

    /** The runner's columns have no validity accessors, so a null would be read as whatever its slot holds. */
    private static Array nonNull(String column, Array array) {
        long nulls = array.nullCount();
        if (nulls != 0) {
            throw new InvalidArgumentException("column `" + column + "` has " + nulls
                    + " nulls in a batch; the runner reads non-null columns only");
        }
        return array;
    }
}
