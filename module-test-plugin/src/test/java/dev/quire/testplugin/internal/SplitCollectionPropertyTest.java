package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import dev.quire.testplugin.internal.VortexFileBuilder.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random layout trees (aligned and misaligned chunk grids, nested structs, the plugin's split_every layout at any
 * depth, chunks of no rows) scanned with random field masks and row ranges: the optimized collection, which skips
 * children without interior splits, returns exactly what the straightforward walk that builds every reader returns,
 * and both equal the boundaries the tree describes.
 */
class SplitCollectionPropertyTest {
    private static final int TREES = 60;
    private static final DType I64 = new DType.Primitive(PType.I64, false);

    @TempDir
    Path dir;

    /** What a generated tree says about its boundaries, kept beside the node written. */
    private record Model(Node node, List<String> names, List<Model> fields, long[] boundaries) {}

    private static final class Generator {
        final Random random;
        final VortexFileBuilder file = new VortexFileBuilder();
        /** One chunk grid that every aligned column uses, or null for misaligned columns. */
        final long[] sharedGrid;

        Generator(Random random, long rows, boolean aligned) {
            this.random = random;
            this.sharedGrid = aligned ? grid(rows) : null;
        }

        /** Chunk lengths summing to {@code rows}, some of them empty. */
        long[] grid(long rows) {
            int n = 1 + random.nextInt(12);
            long[] lengths = new long[n];
            long left = rows;
            for (int i = 0; i < n - 1; i++) {
                lengths[i] = random.nextInt(8) == 0 ? 0 : random.nextLong(left / 2 + 1);
                left -= lengths[i];
            }
            lengths[n - 1] = left;
            return lengths;
        }

        Model flat(long start, long rows) {
            long[] values = new long[(int) rows];
            int segment = file.writeArray(PrimitiveArray.ofLongs(values));
            return new Model(Node.flat(rows, segment), null, null, new long[] {start + rows});
        }

        /** A column of i64 values: flat, chunked (over the shared grid or its own), or a split_every wrapper. */
        Model column(long start, long rows, int depth) {
            int kind = depth > 2 ? 0 : random.nextInt(4);
            switch (kind) {
                case 1, 2 -> {
                    long[] lengths = sharedGrid != null && depth == 0 && kind == 1 ? sharedGrid : grid(rows);
                    List<Node> chunks = new ArrayList<>();
                    TreeSet<Long> b = new TreeSet<>();
                    long at = start;
                    for (long len : lengths) {
                        Model chunk = random.nextInt(4) == 0 ? column(at, len, depth + 1) : flat(at, len);
                        chunks.add(chunk.node());
                        for (long x : chunk.boundaries()) {
                            b.add(x);
                        }
                        at += len;
                    }
                    b.add(start + rows);
                    return new Model(Node.chunked(chunks), null, null, toArray(b));
                }
                case 3 -> {
                    long every = 1 + random.nextInt(400);
                    Model data = random.nextBoolean() ? flat(start, rows) : column(start, rows, depth + 1);
                    TreeSet<Long> b = new TreeSet<>();
                    for (long x : data.boundaries()) {
                        b.add(x);
                    }
                    for (long r = every; r < rows; r += every) {
                        b.add(start + r);
                    }
                    b.add(start + rows);
                    return new Model(Node.wrap(SplitEveryLayout.ID, SplitEveryLayout.metadata(every), data.node()),
                            null, null, toArray(b));
                }
                default -> {
                    return flat(start, rows);
                }
            }
        }

        /** A struct of columns and nested structs; returns its model and fills {@code fields} with its dtype. */
        Model struct(long rows, int depth, List<Field> fields) {
            int n = 1 + random.nextInt(depth == 0 ? 6 : 3);
            List<Node> children = new ArrayList<>();
            List<String> names = new ArrayList<>();
            List<Model> models = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String name = "f" + depth + "_" + i;
                Model child;
                if (depth < 2 && random.nextInt(5) == 0) {
                    List<Field> inner = new ArrayList<>();
                    child = struct(rows, depth + 1, inner);
                    fields.add(new Field(name, new DType.Struct(inner, false)));
                } else {
                    child = column(0, rows, 0);
                    fields.add(new Field(name, I64));
                }
                children.add(child.node());
                names.add(name);
                models.add(child);
            }
            return new Model(Node.struct(rows, children), names, models, null);
        }
    }

    private static long[] toArray(TreeSet<Long> set) {
        return set.stream().mapToLong(Long::longValue).toArray();
    }

    /** The boundaries the model gives for {@code mask}, file rows, before clipping to a range. */
    private static void expected(Model model, FieldMask mask, long rows, TreeSet<Long> out) {
        out.add(rows);
        if (model.fields() == null) {
            for (long b : model.boundaries()) {
                out.add(b);
            }
            return;
        }
        for (int i = 0; i < model.fields().size(); i++) {
            String name = model.names().get(i);
            if (mask.selects(name)) {
                expected(model.fields().get(i), mask.field(name), rows, out);
            }
        }
    }

    /** Random paths of the struct: a few top-level columns, some nested fields. */
    private static List<FieldPath> randomPaths(Random random, DType.Struct dtype) {
        List<FieldPath> paths = new ArrayList<>();
        for (Field f : dtype.fields()) {
            if (random.nextInt(3) != 0) {
                continue;
            }
            if (f.dtype() instanceof DType.Struct inner && random.nextBoolean()) {
                Field sub = inner.field(random.nextInt(inner.fieldCount()));
                paths.add(FieldPath.parse(f.name() + "." + sub.name()));
            } else {
                paths.add(FieldPath.parse(f.name()));
            }
        }
        if (paths.isEmpty()) {
            paths.add(FieldPath.parse(dtype.field(random.nextInt(dtype.fieldCount())).name()));
        }
        return paths;
    }

    private static long[] collect(LayoutReader reader, FieldMask mask, SplitRange range, RowSplits splits) {
        reader.registerSplits(mask, range, splits);
        return splits.boundaries();
    }

    @Test
    void optimizedCollectionEqualsTheWalkThatBuildsEveryReader() throws IOException {
        Random random = new Random(20_250_501);
        int aligned = 0;
        for (int tree = 0; tree < TREES; tree++) {
            long rows = random.nextInt(4) == 0 ? random.nextInt(40) : 1 + random.nextInt(3000);
            boolean sameGrid = tree % 2 == 0;
            Generator gen = new Generator(random, rows, sameGrid);
            List<Field> fields = new ArrayList<>();
            Model root = gen.struct(rows, 0, fields);
            DType.Struct dtype = new DType.Struct(fields, false);
            Path path = gen.file.finish(dtype, root.node(), dir.resolve("tree" + tree + ".vortex"));
            try (VortexFile file = VortexFile.open(path)) {
                for (int q = 0; q < 8; q++) {
                    FieldMask mask = q % 3 == 0 ? FieldMask.all()
                            : Projection.of(dtype, randomPaths(random, dtype)).fieldMask();
                    long from = q % 2 == 0 || rows == 0 ? 0 : random.nextLong(rows + 1);
                    long to = q % 4 < 2 ? rows : from + random.nextLong(rows - from + 1);
                    SplitRange range = new SplitRange(0, from, to);
                    // A fresh tree for the walk, so that it builds everything itself, and the shared one (reused
                    // across queries, warm) for the optimized collection.
                    long[] walked = collect(file.freshReader(), mask, range, RowSplits.walkingEveryChild());
                    long[] optimized = collect(file.reader(), mask, range, RowSplits.skippingSplitlessChildren());
                    String what = "tree " + tree + ", mask " + mask + ", range " + range;
                    assertArrayEquals(walked, optimized, what);

                    TreeSet<Long> model = new TreeSet<>();
                    expected(root, mask, rows, model);
                    TreeSet<Long> clipped = new TreeSet<>(model.subSet(from, false, to, false));
                    clipped.add(to);
                    assertArrayEquals(toArray(clipped), optimized, what);
                }
            }
            aligned += sameGrid ? 1 : 0;
        }
        assertEquals(TREES / 2, aligned);
    }

    /**
     * What a node answers about its children from their tables in the footer, before building any (one pass that
     * reads only each child's encoding and row count, with one encoding kept for children that share it), equals
     * what the built children say, on every node of random trees (chunks of mixed layouts included).
     */
    @Test
    void footerAnswersEqualTheBuiltChildren() throws IOException {
        Random random = new Random(20_261_130);
        int mixed = 0;
        for (int tree = 0; tree < TREES / 2; tree++) {
            long rows = 1 + random.nextInt(2000);
            Generator gen = new Generator(random, rows, tree % 2 == 0);
            List<Field> fields = new ArrayList<>();
            Model root = gen.struct(rows, 0, fields);
            Path path = gen.file.finish(new DType.Struct(fields, false), root.node(),
                    dir.resolve("answers" + tree + ".vortex"));
            try (VortexFile file = VortexFile.open(path)) {
                mixed += compareWithBuiltChildren(file.freshReader().layout(), "tree " + tree);
            }
        }
        assertTrue(mixed > 0, "some node has children of different layouts");
    }

    /** Compares a node's answers with its built children, recursively; returns how many nodes had mixed children. */
    private static int compareWithBuiltChildren(Layout layout, String where) {
        int n = layout.childCount();
        String[] ids = new String[n];
        long[] rows = new long[n];
        boolean[] none = new boolean[n];
        boolean any = layout.anyChildHasInteriorSplits();
        for (int i = 0; i < n; i++) {
            ids[i] = layout.childEncodingId(i);
            rows[i] = layout.childRowCount(i);
            none[i] = layout.childHasNoInteriorSplits(i);
        }
        int mixed = 0;
        boolean anyBuilt = false;
        for (int i = 0; i < n; i++) {
            Layout child = layout.child(i);
            String at = where + " " + layout.path() + " child " + i;
            assertEquals(child.encodingId(), ids[i], at);
            assertEquals(child.rowCount(), rows[i], at);
            assertEquals(!child.vtable().registersInteriorSplits(), none[i], at);
            anyBuilt |= child.vtable().registersInteriorSplits();
            mixed += i > 0 && !ids[i].equals(ids[i - 1]) ? 1 : 0;
            mixed += compareWithBuiltChildren(child, where);
        }
        assertEquals(anyBuilt, any, where + " " + layout.path());
        return mixed;
    }

    @Test
    void alignedColumnsUnderAStructFormOneRun() throws IOException {
        VortexFileBuilder file = new VortexFileBuilder();
        long[] grid = {100, 250, 0, 650};
        List<Node> columns = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            List<Node> chunks = new ArrayList<>();
            for (long len : grid) {
                chunks.add(Node.flat(len, file.writeArray(PrimitiveArray.ofLongs(new long[(int) len]))));
            }
            // Columns 0 and 3 are single flat arrays: they contribute only the struct's end.
            columns.add(c % 3 == 0 ? Node.flat(1000, file.writeArray(PrimitiveArray.ofLongs(new long[1000])))
                    : Node.chunked(chunks));
            fields.add(new Field("c" + c, I64));
        }
        DType.Struct dtype = new DType.Struct(fields, false);
        Path path = file.finish(dtype, Node.struct(1000, columns), dir.resolve("aligned.vortex"));
        try (VortexFile vortex = VortexFile.open(path)) {
            RowSplits splits = RowSplits.skippingSplitlessChildren();
            vortex.reader().registerSplits(FieldMask.all(), SplitRange.whole(1000), splits);
            assertEquals(1, splits.runCount(), "aligned columns and the struct's own end make one run");
            assertArrayEquals(new long[] {100, 350, 1000}, splits.boundaries());
            assertEquals(4, vortex.layoutNodesBuilt(), "the root and its three chunked columns, no chunk");
        }
    }
}
