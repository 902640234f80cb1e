package dev.quire.bench;

import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.Layout;
import dev.vortex.api.Session;
import dev.vortex.api.VortexWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One-column files written by the reference (vortex-jni, default options), each shaped so that the reference's
 * compressor picks one encoding for the column: the data {@link DecodeBench} decodes. Cached on disk by shape, row
 * count and data version; {@link #encodings} says what the reference really picked, so a benchmark never reports a
 * number under the wrong name.
 */
public final class DecodeData {
    /** Bump when the generated data change, so cached files are rewritten. */
    static final int VERSION = 1;
    static final String COLUMN = "v";
    private static final int BATCH = 65_536;
    /**
     * Never closed: the reference's native side keeps a little memory of the allocator it wrote with, and closing a
     * root allocator with outstanding memory throws.
     */
    private static final BufferAllocator ALLOCATOR = new RootAllocator();
    private static final String[] WORDS = {"carefully", "final", "deposits", "sleep", "quickly", "regular",
        "requests", "among", "the", "furiously", "ironic", "accounts", "pending", "foxes", "boost", "blithely"};

    /** A data shape: the expected encoding id, and how to fill a vector of the column's Arrow type. */
    enum Shape {
        BITPACKED_4("fastlanes.bitpacked", intType(32)),
        BITPACKED_12("fastlanes.bitpacked", intType(32)),
        BITPACKED_20("fastlanes.bitpacked", intType(32)),
        FOR("fastlanes.for", intType(64)),
        ALP("vortex.alp", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        ALPRD("vortex.alprd", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        FSST("vortex.fsst", new ArrowType.Utf8()),
        RUNEND("vortex.runend", intType(32)),
        SEQUENCE("vortex.sequence", intType(64)),
        DICT("vortex.dict", intType(64));

        final String encoding;
        final ArrowType type;

        Shape(String encoding, ArrowType type) {
            this.encoding = encoding;
            this.type = type;
        }

        static Shape parse(String name) {
            return valueOf(name.toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
        }
    }

    private static ArrowType intType(int bits) {
        return new ArrowType.Int(bits, true);
    }

    private DecodeData() {}

    /** The cached file of {@code rows} rows of {@code shape}, written by the reference if absent. */
    public static Path ensure(Shape shape, long rows) {
        Path file = CanonicalData.dataDir()
                .resolve("decode-v" + VERSION + "-" + shape.name().toLowerCase(java.util.Locale.ROOT) + "-" + rows
                        + ".vortex");
        if (Files.exists(file)) {
            return file;
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling("writing-" + System.nanoTime() + ".vortex");
            write(tmp, shape, rows);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The array encoding trees of the column's flat layouts (encoding ids, children in parentheses), and
     * {@code layout ID} for each layout other than struct, chunked, zoned and flat (dictionary layouts).
     */
    public static List<String> encodings(Path file) {
        List<String> out = new ArrayList<>();
        try (VortexFile f = VortexFile.open(file)) {
            Deque<Layout> pending = new ArrayDeque<>();
            pending.push(f.layout());
            while (!pending.isEmpty()) {
                Layout layout = pending.pop();
                switch (layout.encodingId()) {
                    case "vortex.flat" -> out.add(describe(f.arrayTree(layout)));
                    case "vortex.struct", "vortex.chunked", "vortex.zoned" -> { }
                    // Dictionary layouts: the codes are decoded through the layout, the values once per dictionary.
                    default -> out.add("layout " + layout.encodingId());
                }
                // Zone tables (the last child of a zoned layout) are not the column's data.
                int children = layout.encodingId().equals("vortex.zoned") ? 1 : layout.childCount();
                for (int i = 0; i < children; i++) {
                    pending.push(layout.child(i));
                }
            }
        }
        return out;
    }

    private static String describe(ArrayEncodingTree tree) {
        StringBuilder sb = new StringBuilder(tree.encodingId());
        if (!tree.children().isEmpty()) {
            sb.append('(');
            for (int i = 0; i < tree.children().size(); i++) {
                sb.append(i == 0 ? "" : ",").append(describe(tree.children().get(i)));
            }
            sb.append(')');
        }
        return sb.toString();
    }

    private static void write(Path file, Shape shape, long rows) throws IOException {
        Schema schema = new Schema(List.of(new Field(COLUMN, FieldType.notNullable(shape.type), null)));
        SplittableRandom random = new SplittableRandom(20261130L + shape.ordinal());
        long[] dictValues = random.longs(200).toArray();
        BufferAllocator allocator = ALLOCATOR;
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                VortexWriter writer = VortexWriter.create(Session.create(), file.toAbsolutePath().toUri().toString(),
                        schema, Map.of(), allocator)) {
            FieldVector vector = root.getVector(0);
            long run = 0;
            long runValue = 0;
            for (long start = 0; start < rows; start += BATCH) {
                int n = (int) Math.min(BATCH, rows - start);
                vector.allocateNew();
                for (int i = 0; i < n; i++) {
                    long row = start + i;
                    switch (shape) {
                        case BITPACKED_4 -> ((IntVector) vector).setSafe(i, random.nextInt(16));
                        case BITPACKED_12 -> ((IntVector) vector).setSafe(i, random.nextInt(1 << 12));
                        case BITPACKED_20 -> ((IntVector) vector).setSafe(i, random.nextInt(1 << 20));
                        case FOR -> ((BigIntVector) vector).setSafe(i, 1_000_000_000_000L + random.nextInt(1 << 16));
                        case ALP -> ((Float8Vector) vector).setSafe(i, random.nextInt(1_000_000) / 100.0);
                        case ALPRD -> ((Float8Vector) vector).setSafe(i, random.nextDouble() * Math.PI);
                        case FSST -> ((VarCharVector) vector).setSafe(i, sentence(random));
                        case RUNEND -> {
                            if (run == 0) {
                                run = 50 + random.nextInt(100);
                                runValue = random.nextInt();
                            }
                            run--;
                            ((IntVector) vector).setSafe(i, (int) runValue);
                        }
                        case SEQUENCE -> ((BigIntVector) vector).setSafe(i, 7 + 3 * row);
                        case DICT -> ((BigIntVector) vector).setSafe(i, dictValues[random.nextInt(dictValues.length)]);
                        default -> throw new IllegalStateException(shape.name());
                    }
                }
                vector.setValueCount(n);
                root.setRowCount(n);
                try (ArrowArray array = ArrowArray.allocateNew(allocator);
                        ArrowSchema arrowSchema = ArrowSchema.allocateNew(allocator)) {
                    Data.exportVectorSchemaRoot(allocator, root, null, array, arrowSchema);
                    writer.writeBatch(array.memoryAddress(), arrowSchema.memoryAddress());
                }
            }
        }
    }

    private static byte[] sentence(SplittableRandom random) {
        StringBuilder sb = new StringBuilder();
        int words = 3 + random.nextInt(6);
        for (int w = 0; w < words; w++) {
            sb.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
