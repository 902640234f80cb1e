package dev.quire.testplugin.internal;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.testplugin.internal.VortexFileBuilder.Node;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A file of the plugin's concat and segment layouts: struct {a: i64, b: i64?, c: i32} over {@value #ROWS} rows.
 * <ul>
 *   <li>{@code a}: a {@code quire.test.concat} of {@code quire.test.segment} parts of {@link #PARTS} rows (one of
 *       them empty), plain primitive arrays;
 *   <li>{@code b}: the same grid (so its offsets line up with {@code a}'s), frame-of-reference arrays with nulls;
 *   <li>{@code c}: a concat of {@link #C_PARTS} rows whose second part is a {@code quire.test.split_every} (every
 *       {@value #C_SPLIT_EVERY} rows) over a segment: one child with interior splits among children without.
 * </ul>
 * The leaves may be written under another layout id ({@link #bytes(String)}), for test variants of the segment
 * layout.
 */
final class ConcatFiles {
    static final long[] PARTS = {400, 0, 700, 300, 600};
    static final long[] C_PARTS = {1000, 1000};
    static final long C_SPLIT_EVERY = 300;
    static final int ROWS = 2000;
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("a", new DType.Primitive(PType.I64, false)),
            new Field("b", new DType.Primitive(PType.I64, true)),
            new Field("c", new DType.Primitive(PType.I32, false)));
    /** The number of leaf segments a scan of every column reads. */
    static final int SEGMENTS = 2 * (PARTS.length - 1) + C_PARTS.length;

    private ConcatFiles() {}

    static long a(long row) {
        return 7 * row - 1000;
    }

    /** Null every 5th row; values far from 0, so the frame of reference matters. */
    static Long b(long row) {
        return row % 5 == 0 ? null : 3_000_000_000L + row * row;
    }

    static int c(long row) {
        return (int) (row * 13 % 977);
    }

    /** Every boundary a scan of {@code columns} should find. */
    static long[] expectedBoundaries(List<String> columns) {
        TreeSet<Long> b = new TreeSet<>();
        b.add(0L);
        b.add((long) ROWS);
        if (columns.contains("a") || columns.contains("b")) {
            long end = 0;
            for (long rows : PARTS) {
                end += rows;
                b.add(end);
            }
        }
        if (columns.contains("c")) {
            b.add(C_PARTS[0]);
            for (long r = C_SPLIT_EVERY; r < C_PARTS[1]; r += C_SPLIT_EVERY) {
                b.add(C_PARTS[0] + r);
            }
        }
        return b.stream().mapToLong(Long::longValue).toArray();
    }

    static Path write(Path path) throws IOException {
        return Files.write(path, bytes(SegmentLayout.ID));
    }

    /** The file, with its leaves written under layout {@code leafId}. */
    static byte[] bytes(String leafId) {
        VortexFileBuilder file = new VortexFileBuilder();
        List<Node> a = new ArrayList<>();
        List<Node> b = new ArrayList<>();
        long start = 0;
        for (long rows : PARTS) {
            a.add(leaf(leafId, rows, file.writeArray(as(start, rows))));
            b.add(leaf(leafId, rows, file.writeArray(FrameOfReferenceArray.encode(bs(start, rows)))));
            start += rows;
        }
        Node first = leaf(leafId, C_PARTS[0], file.writeArray(cs(0, C_PARTS[0])));
        Node second = Node.wrap(SplitEveryLayout.ID, SplitEveryLayout.metadata(C_SPLIT_EVERY),
                leaf(leafId, C_PARTS[1], file.writeArray(cs(C_PARTS[0], C_PARTS[1]))));
        Node root = Node.struct(ROWS, List.of(Node.concat(a), Node.concat(b), Node.concat(List.of(first, second))));
        return file.finish(SCHEMA, root);
    }

    private static Node leaf(String id, long rows, int segment) {
        return new Node(id, rows, new byte[0], List.of(), List.of(segment));
    }

    private static PrimitiveArray as(long from, long rows) {
        long[] v = new long[(int) rows];
        for (int i = 0; i < v.length; i++) {
            v[i] = a(from + i);
        }
        return PrimitiveArray.ofLongs(v);
    }

    private static PrimitiveArray bs(long from, long rows) {
        long[] v = new long[(int) rows];
        boolean[] valid = new boolean[(int) rows];
        for (int i = 0; i < v.length; i++) {
            Long value = b(from + i);
            valid[i] = value != null;
            v[i] = value == null ? 0 : value;
        }
        return new PrimitiveArray(new DType.Primitive(PType.I64, true), MemorySegment.ofArray(v),
                new Validity.Mask(VortexFileBuilder.bits(valid)));
    }

    private static PrimitiveArray cs(long from, long rows) {
        int[] v = new int[(int) rows];
        for (int i = 0; i < v.length; i++) {
            v[i] = c(from + i);
        }
        return PrimitiveArray.ofInts(v);
    }
}
