package dev.quire.layout.internal.format;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.internal.zones.ZoneMapWriter;
import dev.quire.layout.spi.ChunkEncoder;
import dev.quire.layout.spi.ChunkSink;
import dev.quire.layout.spi.ColumnStrategy;
import dev.quire.layout.spi.Plugins;
import dev.quire.layout.spi.WrittenLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Buffers one column (or a struct of columns) and writes it in chunks. Leaves cut a chunk at a block boundary once
 * it holds {@code chunkBytes} of canonical data; structs split into one writer per field (plus one for their
 * validity when nullable), so each field gets its own chunk grid, as the reference writer does. With zone maps on
 * ({@code zoneRows > 0}), each leaf field becomes a {@code vortex.zoned} layout whose statistics table (one row per
 * {@code zoneRows} rows) is written after the field's data; struct validity gets none, as in the reference.
 *
 * <p>A leaf whose dtype a {@link dev.quire.layout.spi.ColumnStrategy} on the path applies to hands each full chunk to
 * the strategy's {@link ChunkEncoder} instead of writing it as a flat layout; the encoder's layout becomes the
 * column's data layout (inside the zoned layout, whose statistics stay the writer's).
 */
public abstract sealed class ColumnWriter permits ColumnWriter.Leaf, ColumnWriter.Struct, ColumnWriter.Columns {

    /**
     * A writer for the file's top-level struct of {@code dtype}, laid out as {@code options} say, consulting the
     * column strategies: its fields are written in parallel on {@code workers} (or one after another on the caller's
     * thread when it is null), see {@link Columns}.
     */
    public static ColumnWriter create(DType.Struct dtype, FileWriter file, WriteOptions options,
            ExecutorService workers) {
        return new Columns(dtype, file, options.chunkBytes(), options.blockRows(),
                options.zoneMaps() ? options.zoneRows() : 0, options, file.plugins(), workers);
    }

    /** The encoder of the first of the column strategies (by priority) that applies to a column of {@code dtype}. */
    static Optional<ChunkEncoder> strategyEncoder(DType dtype, WriteOptions options, Plugins plugins) {
        for (ColumnStrategy strategy : plugins.columnStrategies()) {
            Optional<ChunkEncoder> encoder = strategy.encoder(dtype, options, plugins);
            if (encoder.isPresent()) {
                return encoder;
            }
        }
        return Optional.empty();
    }

    private static ColumnWriter forColumn(DType dtype, ChunkSink sink, long chunkBytes, int blockRows, int zoneRows,
            WriteOptions options, Plugins plugins) {
        if (dtype instanceof DType.Struct s) {
            return new Struct(s, sink, chunkBytes, blockRows, zoneRows, options, plugins);
        }
        ChunkEncoder encoder = strategyEncoder(dtype, options, plugins).orElse(null);
        return new Leaf(dtype, sink, chunkBytes, blockRows, zoneRows, encoder);
    }

    /** Appends rows {@code [from, to)} of {@code values}. */
    public abstract void append(Array values, long from, long to);

    /** Writes what is buffered and returns the column's layout. */
    public abstract LayoutSpecNode finish();

    static final class Leaf extends ColumnWriter {
        private final ArrayBuilder builder;
        private final long chunkBytes;
        private final int blockRows;
        private final List<LayoutSpecNode> chunks = new ArrayList<>();
        private final ZoneMapWriter zones;
        /** The column strategy's encoder, or null to write plain flat chunks. */
        private final ChunkEncoder encoder;
        private final ChunkSink sink;
        private long rows;

        Leaf(DType dtype, ChunkSink sink, long chunkBytes, int blockRows, int zoneRows, ChunkEncoder encoder) {
            this.encoder = encoder;
            this.sink = sink;
            this.builder = ArrayBuilder.forType(dtype);
            this.chunkBytes = chunkBytes;
            this.blockRows = blockRows;
            this.zones = zoneRows > 0 && ZoneMapWriter.applies(dtype) ? new ZoneMapWriter(dtype, zoneRows) : null;
        }

        @Override
        public void append(Array values, long from, long to) {
            Array canonical = values.toCanonical();
            if (zones != null) {
                zones.append(canonical, from, to);
            }
            long pos = from;
            while (pos < to) {
                long toBlockEnd = blockRows - builder.length() % blockRows;
                long n = Math.min(to - pos, toBlockEnd);
                builder.append(canonical, pos, pos + n);
                pos += n;
                if (builder.length() % blockRows == 0 && builder.byteSize() >= chunkBytes) {
                    flush();
                }
            }
        }

        private void flush() {
            long n = builder.length();
            if (n == 0) {
                return;
            }
            Array chunk = builder.finish();
            if (encoder != null) {
                encoder.write(chunk, sink);
            } else {
                int segment = sink.writeArray(chunk);
                chunks.add(LayoutSpecNode.flat(n, segment));
            }
            rows += n;
        }

        @Override
        public LayoutSpecNode finish() {
            flush();
            LayoutSpecNode data;
            if (encoder != null) {
                WrittenLayout written = encoder.finish(sink);
                if (written.rowCount() != rows) {
                    throw new InvalidArgumentException("the column strategy's layout holds " + written.rowCount()
                            + " rows, but " + rows + " were written");
                }
                data = LayoutSpecNode.of(written);
            } else {
                data = chunks.size() == 1 ? chunks.getFirst() : LayoutSpecNode.chunked(rows, chunks);
            }
            if (zones == null) {
                return data;
            }
            ZoneMapWriter.Table table = zones.finish();
            int segment = sink.writeArray(table.array());
            return LayoutSpecNode.zoned(rows, ZoneMapWriter.metadata(zones.zoneRows(), table.aggregates()), data,
                    LayoutSpecNode.flat(table.array().length(), segment));
        }
    }

    static final class Struct extends ColumnWriter {
        private final DType.Struct dtype;
        private final Leaf validity;
        private final List<ColumnWriter> fields = new ArrayList<>();
        private long rows;

        Struct(DType.Struct dtype, ChunkSink sink, long chunkBytes, int blockRows, int zoneRows,
                WriteOptions options, Plugins plugins) {
            this.dtype = dtype;
            this.validity = dtype.nullable() ? new Leaf(new DType.Bool(false), sink, chunkBytes, blockRows, 0, null)
                    : null;
            for (var f : dtype.fields()) {
                fields.add(forColumn(f.dtype(), sink, chunkBytes, blockRows, zoneRows, options, plugins));
            }
        }

        @Override
        public void append(Array values, long from, long to) {
            StructArray struct = (StructArray) values.toCanonical();
            for (int i = 0; i < fields.size(); i++) {
                fields.get(i).append(struct.field(i), from, to);
            }
            if (validity != null) {
                validity.append(validityBits(struct.validity(), struct.length()), from, to);
            }
            rows += to - from;
        }

        static BoolArray validityBits(Validity v, long length) {
            return switch (v) {
                case Validity.Mask m -> new BoolArray(m.bits(), Validity.NON_NULLABLE);
                case Validity.AllInvalid a -> new BoolArray(BitBuffer.filled(length, false), Validity.NON_NULLABLE);
                default -> new BoolArray(BitBuffer.filled(length, true), Validity.NON_NULLABLE);
            };
        }

        @Override
        public LayoutSpecNode finish() {
            List<LayoutSpecNode> children = new ArrayList<>();
            if (validity != null) {
                children.add(validity.finish());
            }
            for (ColumnWriter f : fields) {
                children.add(f.finish());
            }
            return LayoutSpecNode.struct(rows, children);
        }

        DType.Struct dtype() {
            return dtype;
        }
    }

    /**
     * The file's top-level struct. Each field, and the struct's validity when it is nullable, writes its segments
     * through a {@link FileWriter.Lane} of its own: with {@code workers}, the fields take each batch (and finish) in
     * parallel, compressing their chunks on the worker threads; then the lanes are committed in the order a writer on
     * one thread would have written them (fields in order after each round of at most {@link #ROUND_ROWS} rows of a
     * batch; validity first, then the fields, at the end). The file's bytes are the same whatever the number of
     * threads. {@link #append} returns once every field has copied the batch's rows, so the caller may reuse the
     * batch.
     */
    static final class Columns extends ColumnWriter {
        private final FileWriter file;
        private final ExecutorService workers;
        private final List<ColumnWriter> fields = new ArrayList<>();
        private final List<FileWriter.Lane> lanes = new ArrayList<>();
        private final Leaf validity;
        private final FileWriter.Lane validityLane;
        /** How long each column (fields, then the validity) took the last time it wrote, in nanoseconds. */
        private final long[] costs;
        private long rows;

        Columns(DType.Struct dtype, FileWriter file, long chunkBytes, int blockRows, int zoneRows, WriteOptions options,
                Plugins plugins, ExecutorService workers) {
            this.file = file;
            this.workers = workers;
            if (dtype.nullable()) {
                validityLane = file.lane();
                validity = new Leaf(new DType.Bool(false), validityLane, chunkBytes, blockRows, 0, null);
            } else {
                validityLane = null;
                validity = null;
            }
            for (var f : dtype.fields()) {
                FileWriter.Lane lane = file.lane();
                lanes.add(lane);
                fields.add(forColumn(f.dtype(), lane, chunkBytes, blockRows, zoneRows, options, plugins));
            }
            costs = new long[fields.size() + (validity == null ? 0 : 1)];
        }

        /**
         * The most rows one round of {@link #append} gives the columns before their lanes are committed: a lane keeps
         * the compressed chunks of a round, so rounds keep the writer's memory bounded however large a batch is.
         */
        static final int ROUND_ROWS = 65_536;

        @Override
        public void append(Array values, long from, long to) {
            StructArray struct = (StructArray) values.toCanonical();
            List<Array> columns = struct.fields();
            if (to - from > ROUND_ROWS) {
                // decoded once, not once a round (the columns' writers decode what they are given)
                List<Callable<Array>> decode = new ArrayList<>(columns.size());
                for (Array c : columns) {
                    decode.add(() -> CanonicalTrees.of(c));
                }
                columns = run(decode, new long[decode.size()]);
            }
            BoolArray bits = validity == null ? null : Struct.validityBits(struct.validity(), struct.length());
            for (long start = from; start < to; start += ROUND_ROWS) {
                round(columns, bits, start, Math.min(to, start + ROUND_ROWS));
            }
            rows += to - from;
        }

        /** Rows {@code [from, to)} of every column, then the lanes committed in field order. */
        private void round(List<Array> columns, BoolArray bits, long from, long to) {
            List<Callable<Void>> work = new ArrayList<>(fields.size() + 1);
            for (int i = 0; i < fields.size(); i++) {
                ColumnWriter field = fields.get(i);
                Array column = columns.get(i);
                work.add(() -> {
                    field.append(column, from, to);
                    return null;
                });
            }
            if (validity != null) {
                work.add(() -> {
                    validity.append(bits, from, to);
                    return null;
                });
            }
            run(work, costs);
            for (FileWriter.Lane lane : lanes) {
                file.commit(lane);
            }
            if (validityLane != null) {
                file.commit(validityLane);
            }
        }

        @Override
        public LayoutSpecNode finish() {
            // the parts in the order of append's (fields, then validity), for the costs; the layout's children, and
            // the commits, put the validity first
            List<Callable<LayoutSpecNode>> work = new ArrayList<>(fields.size() + 1);
            for (ColumnWriter f : fields) {
                work.add(f::finish);
            }
            if (validity != null) {
                work.add(validity::finish);
            }
            List<LayoutSpecNode> finished = run(work, costs);
            List<LayoutSpecNode> children = new ArrayList<>(finished.size());
            if (validity != null) {
                children.add(finished.getLast());
            }
            children.addAll(finished.subList(0, fields.size()));
            if (validityLane != null) {
                file.commit(validityLane);
            }
            for (FileWriter.Lane lane : lanes) {
                file.commit(lane);
            }
            return LayoutSpecNode.struct(rows, children);
        }

        /**
         * Runs {@code work} on the workers (all of it, even when a part fails) and returns the results in order, or
         * throws the failure of the first part (in order) that failed; without workers, runs it in order on this
         * thread. The parts are queued longest first, by the time each took the last time ({@code took}, by part,
         * updated here: {@link #costs} for the columns' parts, fields first and then the validity), so that a heavy
         * column (FSST strings, say) does not start last and leave the other workers idle; the order does not change
         * what is written.
         */
        private <T> List<T> run(List<Callable<T>> work, long[] took) {
            List<T> results = new ArrayList<>(work.size());
            if (workers == null || work.size() < 2) {
                for (Callable<T> c : work) {
                    results.add(call(c));
                }
                return results;
            }
            int n = work.size();
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> took[a] != took[b] ? Long.compare(took[b], took[a]) : Integer.compare(a, b));
            List<Callable<T>> queued = new ArrayList<>(n);
            for (int i : order) {
                Callable<T> c = work.get(i);
                queued.add(() -> {
                    long t0 = System.nanoTime();
                    try {
                        return c.call();
                    } finally {
                        took[i] = System.nanoTime() - t0;
                    }
                });
            }
            List<Future<T>> inQueueOrder;
            try {
                inQueueOrder = workers.invokeAll(queued);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new QuireIoException("interrupted while the columns were being written", e);
            }
            // every part is done once invokeAll returns: read them back in their own order
            List<Future<T>> futures = new ArrayList<>(java.util.Collections.nCopies(n, null));
            for (int k = 0; k < n; k++) {
                futures.set(order[k], inQueueOrder.get(k));
            }
            for (Future<T> f : futures) {
                if (f.state() == Future.State.SUCCESS) {
                    results.add(f.resultNow());
                } else {
                    throw rethrown(f.exceptionNow());
                }
            }
            return results;
        }

        private static <T> T call(Callable<T> c) {
            try {
                return c.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw rethrown(e);
            }
        }

        /** A worker's failure as thrown on the caller's thread: unchecked ones as they are. */
        private static RuntimeException rethrown(Throwable t) {
            if (t instanceof RuntimeException r) {
                return r;
            }
            if (t instanceof Error e) {
                throw e;
            }
            return new QuireIoException("writing a column failed: " + t, t);
        }
    }
}
