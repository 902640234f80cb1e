package dev.quire.bench;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Decode throughput per encoding, in values per second: Quire scanning the one column of a file the reference wrote
 * ({@link DecodeData}), whose data are shaped so that the reference's compressor picks the encoding named by
 * {@code shape} (bit-packing at 4, 12 and 20 bits, frame of reference, ALP, ALP-RD, FSST, run-end, sequence,
 * dictionary codes). Every batch is decoded to its canonical form, which is what a scan hands out, so the score is
 * decode plus the scan's per-chunk overhead (the file is read through {@code mmap}, zero-copy, and stays in the page
 * cache). {@code reference} scans the same file with vortex-jni in the same run, each batch exported to Arrow, which
 * is the reference's canonical form on the JVM; the ratio of the two scores is Quire's decode speed over the
 * reference's. Setup fails, naming what the reference picked, if the expected encoding is not in the column's chunks.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx2g"})
public class DecodeBench {
    /** Rows per file; the score is per value, so one invocation counts this many operations. */
    public static final int ROWS = 1 << 20;

    @Param({"bitpacked-4", "bitpacked-12", "bitpacked-20", "for", "alp", "alprd", "fsst", "runend", "sequence",
        "dict"})
    public String shape;

    private VortexFile file;
    private Session session;
    private DataSource source;
    private BufferAllocator allocator;
    private ScanOptions options;

    @Setup(Level.Trial)
    public void setup() {
        DecodeData.Shape s = DecodeData.Shape.parse(shape);
        Path path = DecodeData.ensure(s, ROWS);
        List<String> trees = DecodeData.encodings(path);
        if (trees.stream().noneMatch(t -> t.contains(s.encoding))) {
            throw new IllegalStateException("the reference wrote shape " + shape + " without " + s.encoding
                    + "; its chunks are " + trees);
        }
        System.out.println("shape " + shape + ": " + trees.stream().distinct().toList());
        file = VortexFile.open(path);
        session = Session.create();
        source = DataSource.open(session, path.toAbsolutePath().toString());
        allocator = new RootAllocator();
        options = ScanOptions.builder()
                .projection(Expression.select(new String[] {DecodeData.COLUMN}, Expression.root()))
                .build();
        System.out.println("reference batches for " + shape + ": " + referenceVectorKinds());
    }

    /** The distinct Arrow vector classes (and dictionary encodings) the reference hands out for this file. */
    private List<String> referenceVectorKinds() {
        Set<String> kinds = new TreeSet<>();
        try {
            Scan scan = source.scan(options);
            while (scan.hasNext()) {
                try (ArrowReader reader = scan.next().scanArrow(allocator)) {
                    while (reader.loadNextBatch()) {
                        var vector = reader.getVectorSchemaRoot().getVector(0);
                        kinds.add(vector.getClass().getSimpleName() + " " + vector.getField().getType()
                                + (vector.getField().getDictionary() == null ? "" : " dictionary"));
                    }
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException("the reference could not scan " + shape, e);
        }
        return List.copyOf(kinds);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        file.close();
        allocator.close();
    }

    /** Every value of the column, decoded to canonical arrays; returns the rows seen. */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long decode() {
        long rows = 0;
        try (BatchStream batches = file.scan().project(DecodeData.COLUMN).batches()) {
            for (StructArray batch : batches) {
                Array column = batch.field(0).toCanonical();
                rows += column.length();
            }
        }
        if (rows != ROWS) {
            throw new IllegalStateException("decoded " + rows + " rows of " + ROWS);
        }
        return rows;
    }

    /**
     * Every value of the column read the way a consumer of undecoded batches reads it ({@code Scan.canonical(false)}):
     * integers through {@link LongBlocks#cursor} and strings through {@link BytesBlocks#cursor}, a block of at most
     * 1,024 values at a time into one small buffer that stays in cache, so the score is decode without writing the
     * column to new memory. A sum over the values is returned, so they are used. Floats (the ALP and ALP-RD shapes)
     * have no block reader: they are decoded to canonical arrays as in {@link #decode}.
     */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long blocks() {
        long rows = 0;
        long sum = 0;
        long[] longs = new long[LongBlocks.BLOCK_ROWS];
        BytesBlocks.Block strings = new BytesBlocks.Block();
        try (BatchStream batches = file.scan().project(DecodeData.COLUMN).canonical(false).batches()) {
            for (StructArray batch : batches) {
                Array column = batch.field(0);
                switch (column.dtype()) {
                    case DType.Primitive p when p.ptype().isInteger() -> {
                        LongBlocks.Cursor cursor = LongBlocks.cursor(column);
                        for (int n; (n = cursor.next(longs)) > 0; rows += n) {
                            for (int i = 0; i < n; i++) {
                                sum += longs[i];
                            }
                        }
                    }
                    case DType.Utf8 u -> {
                        BytesBlocks.Cursor cursor = BytesBlocks.cursor(column);
                        for (int n; (n = cursor.next(strings)) > 0; rows += n) {
                            sum += strings.offsets()[n];
                        }
                    }
                    default -> rows += column.toCanonical().length();
                }
            }
        }
        if (rows != ROWS) {
            throw new IllegalStateException("read " + rows + " rows of " + ROWS);
        }
        return sum;
    }

    /** The same column scanned by the reference (vortex-jni), every batch exported to Arrow; returns the rows seen. */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long reference() throws Exception {
        long rows = 0;
        Scan scan = source.scan(options);
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(allocator)) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    rows += root.getVector(0).getValueCount();
                }
            }
        }
        if (rows != ROWS) {
            throw new IllegalStateException("the reference decoded " + rows + " rows of " + ROWS);
        }
        return rows;
    }
}
