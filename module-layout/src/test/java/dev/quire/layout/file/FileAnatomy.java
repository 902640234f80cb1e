package dev.quire.layout.file;

import dev.quire.layout.format.SegmentSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Where the structures of a valid Vortex file lie, found by parsing it from the end (EOF, postscript, footer
 * flatbuffers, segment specs, each segment's Array flatbuffer) with a small flatbuffer walker of its own, so the
 * mutation tests do not trust the reader they are testing. Offsets are absolute file offsets.
 */
final class FileAnatomy {
    /** A named byte range {@code [start, end)} of the file. */
    record Region(String name, int start, int end) {
        int length() {
            return end - start;
        }
    }

    /** One {@code Buffer} struct of an Array flatbuffer and the bytes it describes. */
    record BufferSpec(int specPos, int dataStart, int length) {}

    /** A data segment: its spec in the footer, its Array flatbuffer and the buffers it lists. */
    record Segment(int id, int start, int length, int specPos, Region arrayFlatbuffer, int trailerPos,
            List<BufferSpec> buffers) {
        int end() {
            return start + length;
        }
    }

    /** A layout table: where its row count, children and segment ids sit (-1 when absent). */
    record LayoutTable(String path, int tablePos, int rowCountPos, long rowCount, int childrenVector,
            int childCount, int segmentsVector, int segmentCount) {}

    final String name;
    final byte[] bytes;
    final Region eof;
    final Region postscript;
    final List<Region> footerFlatbuffers = new ArrayList<>();
    final List<Segment> segments = new ArrayList<>();
    final List<LayoutTable> layouts = new ArrayList<>();
    /** Position of each SegmentSpec's u32 length in the footer. */
    final List<Integer> segmentSpecPositions = new ArrayList<>();

    private FileAnatomy(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
        int size = bytes.length;
        this.eof = new Region("eof", size - 8, size);
        int psLen = u16(size - 6);
        this.postscript = new Region("postscript", size - 8 - psLen, size - 8);
        int ps = rootTable(postscript.start);
        String[] names = {"dtype", "layout", "statistics", "footer"};
        Region footer = null;
        Region layout = null;
        for (int i = 0; i < names.length; i++) {
            int f = field(ps, i);
            if (f < 0) {
                continue;
            }
            int seg = deref(f);
            int offset = (int) u64(field(seg, 0));
            int length = (int) u32(field(seg, 1));
            Region r = new Region(names[i], offset, offset + length);
            footerFlatbuffers.add(r);
            if (names[i].equals("footer")) {
                footer = r;
            } else if (names[i].equals("layout")) {
                layout = r;
            }
        }
        if (footer == null || layout == null) {
            throw new IllegalArgumentException(name + " has no footer or layout");
        }
        int footerTable = rootTable(footer.start);
        int specs = deref(field(footerTable, 2));
        int count = (int) u32(specs);
        for (int i = 0; i < count; i++) {
            int pos = specs + 4 + 16 * i;
            segmentSpecPositions.add(pos);
            segments.add(segment(i, pos));
        }
        walkLayout(rootTable(layout.start), "root");
    }

    static FileAnatomy of(String name, byte[] bytes) {
        return new FileAnatomy(name, bytes);
    }

    private Segment segment(int id, int specPos) {
        int start = (int) u64(specPos);
        int length = (int) u32(specPos + 8);
        int trailer = start + length - 4;
        int fbLen = (int) u32(trailer);
        Region fb = new Region("segment " + id + " array flatbuffer", trailer - fbLen, trailer);
        int array = rootTable(fb.start);
        List<BufferSpec> buffers = new ArrayList<>();
        int bf = field(array, 1);
        if (bf >= 0) {
            int vec = deref(bf);
            int n = (int) u32(vec);
            int pos = start;
            for (int i = 0; i < n; i++) {
                int spec = vec + 4 + 8 * i;
                pos += u16(spec);
                int len = (int) u32(spec + 4);
                buffers.add(new BufferSpec(spec, pos, len));
                pos += len;
            }
        }
        return new Segment(id, start, length, specPos, fb, trailer, List.copyOf(buffers));
    }

    private void walkLayout(int table, String path) {
        int rc = field(table, 1);
        int children = field(table, 3);
        int segs = field(table, 4);
        int childVec = children < 0 ? -1 : deref(children);
        int segVec = segs < 0 ? -1 : deref(segs);
        int childCount = childVec < 0 ? 0 : (int) u32(childVec);
        layouts.add(new LayoutTable(path, table, rc, rc < 0 ? 0 : u64(rc), childVec, childCount, segVec,
                segVec < 0 ? 0 : (int) u32(segVec)));
        for (int i = 0; i < childCount; i++) {
            walkLayout(deref(childVec + 4 + 4 * i), path + "." + i);
        }
    }

    /** The regions whose every byte the mutation tests corrupt. */
    List<Region> structuralRegions() {
        List<Region> out = new ArrayList<>();
        out.add(eof);
        out.add(postscript);
        out.addAll(footerFlatbuffers);
        for (Segment s : segments) {
            out.add(s.arrayFlatbuffer);
            out.add(new Region("segment " + s.id + " array flatbuffer length", s.trailerPos, s.trailerPos + 4));
        }
        return out;
    }

    /** Offsets where one structure ends and another begins, for truncation and splicing. */
    TreeSet<Integer> boundaries() {
        TreeSet<Integer> out = new TreeSet<>();
        for (Region r : structuralRegions()) {
            out.add(r.start);
            out.add(r.end);
        }
        for (Segment s : segments) {
            out.add(s.start);
            out.add(s.end());
            for (BufferSpec b : s.buffers) {
                out.add(b.dataStart);
                out.add(b.dataStart + b.length);
            }
        }
        out.add(0);
        out.add(4);
        out.add(bytes.length);
        return out;
    }

    // --- a minimal flatbuffer walker over absolute positions ---

    int u8(int pos) {
        return bytes[pos] & 0xFF;
    }

    int u16(int pos) {
        return u8(pos) | u8(pos + 1) << 8;
    }

    long u32(int pos) {
        return (u16(pos) | (long) u16(pos + 2) << 16) & 0xFFFFFFFFL;
    }

    long u64(int pos) {
        return u32(pos) | u32(pos + 4) << 32;
    }

    int rootTable(int start) {
        return start + (int) u32(start);
    }

    /** The absolute position of field {@code index} of the table at {@code table}, or -1 when absent. */
    int field(int table, int index) {
        int vtable = table - (int) u32(table);
        int vtableLen = u16(vtable);
        int slot = 4 + 2 * index;
        if (slot + 2 > vtableLen) {
            return -1;
        }
        int off = u16(vtable + slot);
        return off == 0 ? -1 : table + off;
    }

    int deref(int pos) {
        return pos + (int) u32(pos);
    }
}
