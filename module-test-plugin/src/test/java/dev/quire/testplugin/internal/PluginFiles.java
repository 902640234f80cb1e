package dev.quire.testplugin.internal;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.testplugin.internal.VortexFileBuilder.Node;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The file the plugin tests read: struct {id: i64, maybe: i64?, plain: i32} over {@value #ROWS} rows.
 * <ul>
 *   <li>{@code id}: {@code vortex.chunked} of chunks of {@link #CHUNK_ROWS} rows, each a {@code quire.test.split_every}
 *       (every {@value #ID_SPLIT_EVERY} rows) over a flat layout holding a frame-of-reference array;
 *   <li>{@code maybe}: a {@code quire.test.split_every} (every {@value #MAYBE_SPLIT_EVERY} rows) straight under the
 *       struct, over one flat frame-of-reference array with nulls;
 *   <li>{@code plain}: one flat {@code vortex.primitive} array (no interior splits).
 * </ul>
 */
final class PluginFiles {
    static final int[] CHUNK_ROWS = {1000, 1500, 700};
    static final int ROWS = 3200;
    static final long ID_SPLIT_EVERY = 256;
    static final long MAYBE_SPLIT_EVERY = 1000;
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("id", new DType.Primitive(PType.I64, false)),
            new Field("maybe", new DType.Primitive(PType.I64, true)),
            new Field("plain", new DType.Primitive(PType.I32, false)));

    private PluginFiles() {}

    static long id(long row) {
        return 1_000_000_000_000L + 3 * row;
    }

    /** Null every 7th row; negative and positive values otherwise. */
    static Long maybe(long row) {
        return row % 7 == 0 ? null : row * row - 5_000_000L;
    }

    static int plain(long row) {
        return (int) (row * 17 % 1000);
    }

    static long idChecksum() {
        long sum = 0;
        for (long r = 0; r < ROWS; r++) {
            sum += id(r);
        }
        return sum;
    }

    /** Every boundary a scan of {@code columns} should find, computed from the description above. */
    static long[] expectedBoundaries(List<String> columns) {
        TreeSet<Long> b = new TreeSet<>();
        b.add(0L);
        b.add((long) ROWS);
        if (columns.contains("id")) {
            long start = 0;
            for (int rows : CHUNK_ROWS) {
                for (long r = ID_SPLIT_EVERY; r < rows; r += ID_SPLIT_EVERY) {
                    b.add(start + r);
                }
                start += rows;
                b.add(start);
            }
        }
        if (columns.contains("maybe")) {
            for (long r = MAYBE_SPLIT_EVERY; r < ROWS; r += MAYBE_SPLIT_EVERY) {
                b.add(r);
            }
        }
        return b.stream().mapToLong(Long::longValue).toArray();
    }

    static PrimitiveArray ids(long from, long to) {
        long[] v = new long[(int) (to - from)];
        for (int i = 0; i < v.length; i++) {
            v[i] = id(from + i);
        }
        return PrimitiveArray.ofLongs(v);
    }

    static PrimitiveArray maybes() {
        long[] v = new long[ROWS];
        boolean[] valid = new boolean[ROWS];
        for (int i = 0; i < ROWS; i++) {
            Long m = maybe(i);
            valid[i] = m != null;
            v[i] = m == null ? 0 : m;
        }
        return new PrimitiveArray(new DType.Primitive(PType.I64, true), MemorySegment.ofArray(v),
                new Validity.Mask(VortexFileBuilder.bits(valid)));
    }

    static PrimitiveArray plains() {
        int[] v = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = plain(i);
        }
        return PrimitiveArray.ofInts(v);
    }

    static Path write(Path path) throws IOException {
        VortexFileBuilder file = new VortexFileBuilder();
        List<Node> idChunks = new ArrayList<>();
        long start = 0;
        for (int rows : CHUNK_ROWS) {
            int segment = file.writeArray(FrameOfReferenceArray.encode(ids(start, start + rows)));
            idChunks.add(Node.wrap(SplitEveryLayout.ID, SplitEveryLayout.metadata(ID_SPLIT_EVERY),
                    Node.flat(rows, segment)));
            start += rows;
        }
        Node id = Node.chunked(idChunks);
        Node maybe = Node.wrap(SplitEveryLayout.ID, SplitEveryLayout.metadata(MAYBE_SPLIT_EVERY),
                Node.flat(ROWS, file.writeArray(FrameOfReferenceArray.encode(maybes()))));
        Node plain = Node.flat(ROWS, file.writeArray(plains()));
        return file.finish(SCHEMA, Node.struct(ROWS, List.of(id, maybe, plain)), path);
    }
}
