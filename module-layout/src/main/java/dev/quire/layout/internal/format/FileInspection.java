package dev.quire.layout.internal.format;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.internal.fb.FbBuffer;
import dev.quire.layout.internal.fb.FbTable;
import dev.quire.layout.internal.fb.FbVector;
import dev.quire.layout.internal.layouts.FlatLayout;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads what tools show about a file without decoding values: the file statistics and the array encoding tree of a
 * flat layout's segment. Everything is bounds-checked like the rest of the footer.
 */
public final class FileInspection {
    /** The first read of a segment's end; array flatbuffers are usually far smaller. */
    private static final int TAIL_READ = 4096;

    private FileInspection() {}

    /** One entry per top-level field (one for a non-struct root), or an empty list when the file has none. */
    public static List<ArrayStats> statistics(FileContext file) {
        Optional<SegmentSpec> segment = file.footer().statisticsSegment();
        if (segment.isEmpty()) {
            return List.of();
        }
        SegmentSpec spec = segment.get();
        ByteBuffer bytes = file.in().readFully(spec.offset(), spec.length(), 8).asByteBuffer()
                .order(ByteOrder.LITTLE_ENDIAN);
        FbTable root = new FbBuffer(bytes, "file statistics", spec.offset(), file.limits().maxArrayNodes()).root();
        FbVector fields = root.vector(0, "field_stats", 4);
        if (fields == null) {
            return List.of();
        }
        DType dtype = file.footer().dtype();
        List<DType> fieldTypes = dtype instanceof DType.Struct s
                ? s.fields().stream().map(Field::dtype).toList()
                : List.of(dtype);
        if (fields.length() != fieldTypes.size()) {
            throw new MalformedFileException("file statistics list " + fields.length() + " fields, the dtype has "
                    + fieldTypes.size(), spec.offset());
        }
        List<ArrayStats> out = new ArrayList<>(fields.length());
        for (int i = 0; i < fields.length(); i++) {
            out.add(stats(fields.table(i), Optional.of(fieldTypes.get(i))));
        }
        return List.copyOf(out);
    }

    /** The encoding tree of {@code flat}, a {@code vortex.flat} layout of this file. */
    public static ArrayEncodingTree arrayTree(FileContext file, Layout flat) {
        if (!FlatLayout.ID.equals(flat.encodingId())) {
            throw new InvalidArgumentException("layout " + flat.path() + " is " + flat.encodingId() + ", not "
                    + FlatLayout.ID);
        }
        int segmentId = flat.segmentId(0);
        SegmentSpec spec = file.segment(segmentId, flat.path());
        String location = flat.path() + " segment " + segmentId;
        ByteBuffer inline = FlatLayout.inlineTree(flat);
        FbBuffer fb;
        if (inline != null) {
            fb = new FbBuffer(inline, "inline array tree of " + location, -1, file.limits().maxArrayNodes() * 4);
        } else {
            fb = segmentTree(file, spec, location);
        }
        FbTable array = fb.root();
        FbVector buffers = array.vector(1, "buffers", 8);
        FbTable root = array.table(0, "root");
        if (root == null) {
            throw new MalformedFileException(location + ": the array flatbuffer has no root node");
        }
        int[] nodes = {0};
        return node(file, root, buffers, Optional.of(flat.dtype()), 0, location, nodes);
    }

    /** Reads the Array flatbuffer at the end of a segment: its last four bytes give its length. */
    private static FbBuffer segmentTree(FileContext file, SegmentSpec spec, String location) {
        long size = spec.length();
        if (size < 4) {
            throw new MalformedFileException(location + ": a segment of " + size
                    + " bytes cannot hold a serialized array", spec.offset());
        }
        long tailLength = Math.min(size, TAIL_READ);
        MemorySegment tail = file.in().readFully(spec.end() - tailLength, tailLength, 8);
        long fbLength = Integer.toUnsignedLong(tail.get(LittleEndian.INT, tailLength - 4));
        if (fbLength > size - 4) {
            throw new MalformedFileException(location + ": array flatbuffer length " + fbLength + " exceeds its "
                    + size + "-byte segment", spec.end() - 4);
        }
        long fbStart = spec.end() - 4 - fbLength;
        MemorySegment bytes = fbLength + 4 <= tailLength
                ? tail.asSlice(tailLength - 4 - fbLength, fbLength)
                : file.in().readFully(fbStart, fbLength, 8);
        return new FbBuffer(bytes.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN), "array flatbuffer of " + location,
                fbStart, file.limits().maxArrayNodes() * 4);
    }

    private static ArrayEncodingTree node(FileContext file, FbTable node, FbVector buffers, Optional<DType> dtype,
            int depth, String location, int[] nodes) {
        if (++nodes[0] > file.limits().maxArrayNodes()) {
            throw new MalformedFileException(location + ": the array tree has more than "
                    + file.limits().maxArrayNodes() + " nodes");
        }
        if (depth > file.limits().maxDepth()) {
            throw new MalformedFileException(location + ": the array tree is nested deeper than "
                    + file.limits().maxDepth() + " levels");
        }
        String id = file.encodingId(node.u16(0, "encoding", 0), location);
        ByteBuffer metadata = node.bytes(1, "metadata");
        FbVector indices = node.vector(3, "buffers", 2);
        List<Long> lengths = new ArrayList<>();
        for (int i = 0; indices != null && i < indices.length(); i++) {
            int b = indices.u16(i);
            if (buffers == null || b >= buffers.length()) {
                throw new MalformedFileException(location + ": array " + id + " names buffer " + b
                        + " but the segment has " + (buffers == null ? 0 : buffers.length()));
            }
            lengths.add(buffers.structField(b, 4, 4));
        }
        FbTable statsTable = node.table(4, "stats");
        ArrayStats stats = statsTable == null ? ArrayStats.empty() : stats(statsTable, dtype);
        FbVector children = node.vector(2, "children", 4);
        List<ArrayEncodingTree> kids = new ArrayList<>();
        for (int i = 0; children != null && i < children.length(); i++) {
            kids.add(node(file, children.table(i), buffers, Optional.empty(), depth + 1, location, nodes));
        }
        return new ArrayEncodingTree(id, metadata == null ? 0 : metadata.remaining(), lengths, stats, kids);
    }

    /** An {@code ArrayStats} table; min, max and sum are decoded only when the array's dtype is known. */
    static ArrayStats stats(FbTable t, Optional<DType> dtype) {
        Optional<Scalar> min = Optional.empty();
        Optional<Scalar> max = Optional.empty();
        Optional<Scalar> sum = Optional.empty();
        if (dtype.isPresent()) {
            DType valueType = dtype.get().withNullable(true);
            min = scalar(t.bytes(0, "min"), valueType);
            max = scalar(t.bytes(2, "max"), valueType);
            Optional<DType> sumType = sumType(dtype.get());
            if (sumType.isPresent()) {
                sum = scalar(t.bytes(4, "sum"), sumType.get());
            }
        }
        return new ArrayStats(min, t.u8(1, "min_precision", 0) == 1, max, t.u8(3, "max_precision", 0) == 1, sum,
                optionalBool(t, 5, "is_sorted"), optionalBool(t, 6, "is_strict_sorted"),
                optionalBool(t, 7, "is_constant"), optionalLong(t, 8, "null_count"),
                optionalLong(t, 10, "nan_count"), optionalLong(t, 9, "uncompressed_size_in_bytes"));
    }

    private static Optional<Scalar> scalar(ByteBuffer bytes, DType dtype) {
        if (bytes == null) {
            return Optional.empty();
        }
        Scalar s = ScalarValues.decode(bytes, dtype);
        return s.isNull() ? Optional.empty() : Optional.of(s);
    }

    /** The dtype Vortex sums a dtype into; none for types it does not sum (or whose sum type is not settled). */
    private static Optional<DType> sumType(DType dtype) {
        return switch (dtype) {
            case DType.Bool b -> Optional.of(new DType.Primitive(PType.U64, true));
            case DType.Primitive p when p.ptype().isFloat() -> Optional.of(new DType.Primitive(PType.F64, true));
            case DType.Primitive p when p.ptype().isUnsigned() -> Optional.of(new DType.Primitive(PType.U64, true));
            case DType.Primitive p -> Optional.of(new DType.Primitive(PType.I64, true));
            default -> Optional.empty();
        };
    }

    private static Optional<Boolean> optionalBool(FbTable t, int index, String name) {
        return t.present(index, name) ? Optional.of(t.bool(index, name, false)) : Optional.empty();
    }

    private static OptionalLong optionalLong(FbTable t, int index, String name) {
        return t.present(index, name) ? OptionalLong.of(t.u64(index, name, 0)) : OptionalLong.empty();
    }
}
