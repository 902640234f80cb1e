package dev.quire.layout.internal.format;

import dev.quire.errors.MalformedFileException;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.internal.fb.DTypeFlatbuffers;
import dev.quire.layout.internal.fb.FbBuffer;
import dev.quire.layout.internal.fb.FbTable;
import dev.quire.layout.internal.fb.FbVector;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * What a reader learns from the end of a file: the postscript, the dtype, the footer's spec lists and segments, and
 * the layout flatbuffer. Everything is checked against the file size and the {@link ReadLimits} before use.
 */
public final class FileFooter {
    public static final int EOF_SIZE = 8;
    public static final int VERSION = 1;
    public static final int MAX_POSTSCRIPT_SIZE = 0xFFFF - EOF_SIZE;
    /** The first read takes this many bytes from the end (or the whole file). */
    public static final int TAIL_READ_SIZE = 64 * 1024;
    /** The largest alignment a segment may declare (4 KiB). */
    public static final int MAX_SEGMENT_ALIGNMENT_EXPONENT = 12;
    /** Layout and array encodings are named by u16 indices, so a spec list longer than this is never needed. */
    public static final int MAX_SPECS = 1 << 16;
    static final byte[] MAGIC = {'V', 'T', 'X', 'F'};
    /** Tables the dtype flatbuffer may expand to (two per dtype node): bounds a DAG of struct fields. */
    static final int MAX_DTYPE_TABLES = 1_000_000;

    private final long fileSize;
    private final DType dtype;
    private final List<String> arraySpecs;
    private final List<String> layoutSpecs;
    private final List<SegmentSpec> segments;
    private final FbBuffer layoutBuffer;
    private final long dataEnd;
    private final Optional<SegmentSpec> statistics;

    private FileFooter(long fileSize, DType dtype, List<String> arraySpecs, List<String> layoutSpecs,
            List<SegmentSpec> segments, FbBuffer layoutBuffer, long dataEnd, Optional<SegmentSpec> statistics) {
        this.fileSize = fileSize;
        this.dtype = dtype;
        this.arraySpecs = arraySpecs;
        this.layoutSpecs = layoutSpecs;
        this.segments = segments;
        this.layoutBuffer = layoutBuffer;
        this.dataEnd = dataEnd;
        this.statistics = statistics;
    }

    public long fileSize() {
        return fileSize;
    }

    public DType dtype() {
        return dtype;
    }

    public List<String> arraySpecs() {
        return arraySpecs;
    }

    public List<String> layoutSpecs() {
        return layoutSpecs;
    }

    public List<SegmentSpec> segments() {
        return segments;
    }

    /** The root table of the layout flatbuffer. */
    public FbTable rootLayout() {
        return layoutBuffer.root();
    }

    /** Where the footer flatbuffers begin; data segments lie before. */
    public long dataEnd() {
        return dataEnd;
    }

    /** Where the FileStatistics flatbuffer lies, when the file has one; read only by tools that ask for it. */
    public Optional<SegmentSpec> statisticsSegment() {
        return statistics;
    }

    private record PsSegment(String name, long offset, long length) {}

    public static FileFooter read(ReadAt in, ReadLimits limits) {
        long size = in.size();
        if (size < EOF_SIZE + 4) {
            throw new MalformedFileException(in.name() + " has " + size
                    + " bytes, too few for a Vortex file (it needs at least 12)");
        }
        long tailLength = Math.min(size, TAIL_READ_SIZE);
        long tailStart = size - tailLength;
        MemorySegment tail = in.readFully(tailStart, tailLength, 1);

        long eof = tailLength - EOF_SIZE;
        int version = Short.toUnsignedInt(tail.get(LittleEndian.SHORT, eof));
        int psLength = Short.toUnsignedInt(tail.get(LittleEndian.SHORT, eof + 2));
        for (int i = 0; i < 4; i++) {
            if (tail.get(ValueLayout.JAVA_BYTE, eof + 4 + i) != MAGIC[i]) {
                throw new MalformedFileException(in.name() + " is not a Vortex file: its last four bytes are not "
                        + "`VTXF`", size - 4);
            }
        }
        if (version != VERSION) {
            throw new MalformedFileException("unsupported Vortex file version " + version + " (Quire reads version "
                    + VERSION + ")", size - EOF_SIZE);
        }
        if (psLength > MAX_POSTSCRIPT_SIZE || psLength > size - EOF_SIZE || psLength < 4) {
            throw new MalformedFileException("postscript length " + psLength + " does not fit a file of " + size
                    + " bytes", size - 6);
        }
        long psStart = size - EOF_SIZE - psLength;
        ByteBuffer ps = slice(tail, psStart - tailStart, psLength);
        FbTable postscript = new FbBuffer(ps, "postscript", psStart, 64).root();

        PsSegment dtypeSeg = psSegment(postscript, 0, "dtype", psStart, limits, true);
        PsSegment layoutSeg = psSegment(postscript, 1, "layout", psStart, limits, true);
        PsSegment footerSeg = psSegment(postscript, 3, "footer", psStart, limits, true);
        PsSegment statsSeg = psSegment(postscript, 2, "statistics", psStart, limits, false);

        long dataEnd = Math.min(dtypeSeg.offset, Math.min(layoutSeg.offset, footerSeg.offset));
        if (statsSeg != null) {
            dataEnd = Math.min(dataEnd, statsSeg.offset);
        }

        FbBuffer dtypeFb = new FbBuffer(bytes(in, tail, tailStart, dtypeSeg), "dtype", dtypeSeg.offset,
                MAX_DTYPE_TABLES);
        DType dtype = DTypeFlatbuffers.read(dtypeFb.root(), limits.maxDepth());

        FbBuffer footerFb = new FbBuffer(bytes(in, tail, tailStart, footerSeg), "footer", footerSeg.offset,
                1 + 2 * MAX_SPECS);
        FbTable footer = footerFb.root();
        List<String> arraySpecs = specIds(footer, 0, "array_specs");
        List<String> layoutSpecs = specIds(footer, 1, "layout_specs");
        FbVector segVec = footer.vector(2, "segment_specs", 16);
        if (segVec == null) {
            throw footerFb.error("footer has no segment_specs", -1);
        }
        if (segVec.length() > limits.maxSegments()) {
            throw footerFb.error("footer lists " + segVec.length() + " segments, more than the limit of "
                    + limits.maxSegments(), -1);
        }
        List<SegmentSpec> segments = new ArrayList<>(segVec.length());
        long previousOffset = 0;
        for (int i = 0; i < segVec.length(); i++) {
            long offset = segVec.structField(i, 0, 8);
            long length = segVec.structField(i, 8, 4);
            int alignment = (int) segVec.structField(i, 12, 1);
            if (offset < 0 || offset > dataEnd || length > dataEnd - offset) {
                throw new MalformedFileException("malformed footer: segment_specs[" + i + "] = [" + offset + ", "
                        + (offset + length) + ") lies outside the data region [0, " + dataEnd + ")",
                        footerSeg.offset);
            }
            if (offset < previousOffset) {
                throw new MalformedFileException("malformed footer: segment_specs[" + i + "] at offset " + offset
                        + " comes before the previous segment (segment offsets must be ordered)", footerSeg.offset);
            }
            if (alignment > MAX_SEGMENT_ALIGNMENT_EXPONENT) {
                throw new MalformedFileException("malformed footer: segment_specs[" + i + "] has alignment 2^"
                        + alignment, footerSeg.offset);
            }
            previousOffset = offset;
            segments.add(new SegmentSpec(offset, length, alignment));
        }

        // The walk bounds the tree once; layout nodes then re-read their children's tables as often as scans need,
        // so the buffer itself must not count visits over the life of the file.
        FbBuffer layoutFb = new FbBuffer(bytes(in, tail, tailStart, layoutSeg), "layout", layoutSeg.offset,
                FbBuffer.UNCOUNTED);
        checkLayoutTree(layoutFb, limits);
        return new FileFooter(size, dtype, List.copyOf(arraySpecs), List.copyOf(layoutSpecs),
                List.copyOf(segments), layoutFb, dataEnd, Optional.ofNullable(statsSeg)
                        .map(st -> new SegmentSpec(st.offset, st.length, 3)));
    }

    /**
     * Walks the layout tree once, as the reference's flatbuffer verifier does: a table counts each time a children
     * vector reaches it, so a DAG (children that point at one table many times) counts as the tree it expands to.
     * After this, however the tree is built lazily, it has at most {@code maxLayoutTables} nodes and
     * {@code maxDepth} levels.
     */
    private static void checkLayoutTree(FbBuffer layout, ReadLimits limits) {
        // Depth-first, one children vector per level on the stack, so memory stays proportional to the depth.
        Deque<ChildCursor> stack = new ArrayDeque<>();
        long[] seen = {1};
        openChildren(layout, layout.root(), 0, limits, seen, stack);
        while (!stack.isEmpty()) {
            ChildCursor c = stack.peek();
            if (c.next == c.children.length()) {
                stack.pop();
                continue;
            }
            openChildren(layout, c.children.table(c.next++), c.depth, limits, seen, stack);
        }
    }

    private static void openChildren(FbBuffer layout, FbTable t, int depth, ReadLimits limits, long[] seen,
            Deque<ChildCursor> stack) {
        if (depth > limits.maxDepth()) {
            throw layout.error("layout " + t.path() + " is nested deeper than " + limits.maxDepth() + " levels", -1);
        }
        FbVector children = t.vector(3, "children", 4);
        if (children == null || children.length() == 0) {
            return;
        }
        seen[0] += children.length();
        if (seen[0] > limits.maxLayoutTables()) {
            throw layout.error("layout tree has more than " + limits.maxLayoutTables() + " nodes (at " + t.path()
                    + ", whose " + children.length() + " children reach past the limit)", -1);
        }
        stack.push(new ChildCursor(children, depth + 1));
    }

    /** The children of one layout table still to visit in {@link #checkLayoutTree}. */
    private static final class ChildCursor {
        final FbVector children;
        final int depth;
        int next;

        ChildCursor(FbVector children, int depth) {
            this.children = children;
            this.depth = depth;
        }
    }

    private static List<String> specIds(FbTable footer, int field, String name) {
        FbVector vec = footer.vector(field, name, 4);
        if (vec == null) {
            return List.of();
        }
        if (vec.length() > MAX_SPECS) {
            throw footer.buffer().error(name + " lists " + vec.length() + " ids, more than the " + MAX_SPECS
                    + " a u16 index can name", -1);
        }
        List<String> ids = new ArrayList<>(vec.length());
        for (int i = 0; i < vec.length(); i++) {
            String id = vec.table(i).string(0, "id");
            if (id == null) {
                throw footer.buffer().error(name + "[" + i + "] has no id", -1);
            }
            ids.add(id);
        }
        return ids;
    }

    private static PsSegment psSegment(FbTable postscript, int field, String name, long psStart, ReadLimits limits,
            boolean required) {
        FbTable t = postscript.table(field, name);
        if (t == null) {
            if (required) {
                throw new MalformedFileException("malformed postscript: it has no `" + name + "` segment", psStart);
            }
            return null;
        }
        long offset = t.u64(0, "offset", 0);
        long length = t.u32(1, "length", 0);
        if (offset > psStart || length > psStart - offset) {
            throw new MalformedFileException("malformed postscript: the " + name + " flatbuffer [" + offset + ", "
                    + (offset + length) + ") does not lie before the postscript at " + psStart, psStart);
        }
        if (length > limits.maxFooterBytes()) {
            throw new MalformedFileException("the " + name + " flatbuffer has " + length
                    + " bytes, more than the limit of " + limits.maxFooterBytes(), offset);
        }
        if (length < 4) {
            throw new MalformedFileException("the " + name + " flatbuffer has only " + length + " bytes", offset);
        }
        return new PsSegment(name, offset, length);
    }

    private static ByteBuffer bytes(ReadAt in, MemorySegment tail, long tailStart, PsSegment seg) {
        if (seg.offset >= tailStart) {
            return slice(tail, seg.offset - tailStart, seg.length);
        }
        return in.readFully(seg.offset, seg.length, 1).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ByteBuffer slice(MemorySegment segment, long offset, long length) {
        return segment.asSlice(offset, length).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }
}
