package dev.quire.layout.scan;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.splits.RowSplits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A scan of a file's rows, configured with builder methods and run with {@link #batches()}, {@link #forEach} or
 * {@link #count()}. Batches are struct arrays of the projected columns, each field in its canonical encoding.
 * Batch boundaries follow the chunk boundaries of the projected columns, cut further to at most
 * {@link #batchRows(long)} rows.
 *
 * <pre>{@code
 * try (BatchStream batches = file.scan().project("id", "name").limit(1000).batches()) {
 *     for (StructArray batch : batches) { ... }
 * }
 * }</pre>
 */
public final class Scan {
    public static final long DEFAULT_BATCH_ROWS = 100_000;
    /** The most batches {@link #batchBoundaries()} lists (128 MiB of boundaries). */
    public static final int MAX_LISTED_BATCHES = 1 << 24;

    private final VortexFile file;
    private final DType.Struct dtype;
    private Projection projection = Projection.all();
    private long from;
    private long to;
    private long limit = Long.MAX_VALUE;
    private long batchRows = DEFAULT_BATCH_ROWS;

    public Scan(VortexFile file) {
        this.file = Objects.requireNonNull(file, "file is null");
        if (!(file.dtype() instanceof DType.Struct s)) {
            throw new UnsupportedFeatureException("scans need a file whose root dtype is a struct, this one is "
                    + file.dtype());
        }
        this.dtype = s;
        this.to = file.rowCount();
    }

    /** Keeps only these columns; nested fields are written as dotted paths ({@code address.city}). */
    public Scan project(String... paths) {
        List<FieldPath> parsed = new ArrayList<>();
        for (String p : paths) {
            parsed.add(FieldPath.parse(p));
        }
        return project(parsed);
    }

    public Scan project(List<FieldPath> paths) {
        this.projection = Projection.of(dtype, paths);
        return this;
    }

    /** Reads rows {@code [from, to)} only. */
    public Scan rowRange(long from, long to) {
        if (from < 0 || to < from || to > file.rowCount()) {
            throw new InvalidArgumentException("row range [" + from + ", " + to + ") is outside the file's "
                    + file.rowCount() + " rows");
        }
        this.from = from;
        this.to = to;
        return this;
    }

    /** Stops after {@code n} rows. */
    public Scan limit(long n) {
        if (n < 0) {
            throw new InvalidArgumentException("limit must not be negative, got " + n);
        }
        this.limit = n;
        return this;
    }

    /** The most rows a batch may have (default {@value #DEFAULT_BATCH_ROWS}). */
    public Scan batchRows(long n) {
        if (n < 1) {
            throw new InvalidArgumentException("batch rows must be positive, got " + n);
        }
        this.batchRows = n;
        return this;
    }

    /** The dtype of the batches. */
    public DType.Struct outputType() {
        return (DType.Struct) projection.apply(dtype);
    }

    /** The number of rows the scan returns; reads no data. */
    public long count() {
        return Math.min(limit, to - from);
    }

    /**
     * The row ranges the batches will cover, in order: boundaries from the projected columns' layouts. Lists at most
     * {@value #MAX_LISTED_BATCHES} batches; {@link #batches()} has no such limit, since it plans batches as it goes.
     *
     * @throws InvalidArgumentException when the scan has more batches than that
     */
    public long[] batchBoundaries() {
        BatchPlan plan = plan();
        long n = plan.remaining();
        if (n > MAX_LISTED_BATCHES) {
            throw new InvalidArgumentException("this scan of " + count() + " rows has " + n + " batches, more than the "
                    + MAX_LISTED_BATCHES + " batchBoundaries() lists; read them through batches()");
        }
        long[] out = new long[(int) n + 1];
        out[0] = plan.start();
        for (int i = 1; i < out.length; i++) {
            out[i] = plan.next();
        }
        return out;
    }

    /** The batches of this scan, planned lazily from the projected columns' split boundaries. */
    private BatchPlan plan() {
        RowSplits splits = new RowSplits();
        file.reader().registerSplits(projection, 0, splits);
        return new BatchPlan(splits.boundaries(), from, from + count(), batchRows);
    }

    /** Opens the scan; close the stream when done. */
    public BatchStream batches() {
        return new BatchStream(file.reader(), projection, outputType(), plan());
    }

    /** Runs the scan, handing each batch to {@code consumer}. */
    public void forEach(Consumer<? super StructArray> consumer) {
        try (BatchStream stream = batches()) {
            stream.forEach(consumer);
        }
    }
}
