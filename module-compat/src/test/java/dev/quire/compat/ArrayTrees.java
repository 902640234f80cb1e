package dev.quire.compat;

import dev.quire.io.spi.ReadAt;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.Layout;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Describes what a file physically holds, independently of Quire's decoders: the layout ids of its tree and, for
 * every flat segment, the array-encoding tree as {@code id(child, child)}. Layouts are walked from the footer only
 * (children of layouts Quire does not know are not built), and array flatbuffers are parsed by hand here, so the
 * description also works for files Quire cannot decode.
 */
final class ArrayTrees {
    private ArrayTrees() {}

    /** A flat segment: the path of its layout and its array tree. */
    record Flat(String path, String tree) {}

    /** Every layout id in the tree, pre-order, with paths ({@code root.c=vortex.zoned}). */
    static List<String> layouts(VortexFile file) {
        List<String> out = new ArrayList<>();
        walkLayouts(file.layout(), out);
        return out;
    }

    private static void walkLayouts(Layout layout, List<String> out) {
        out.add(layout.path() + "=" + layout.encodingId());
        for (int i = 0; i < childrenToWalk(layout); i++) {
            if (isKnownLayout(layout.childEncodingId(i))) {
                walkLayouts(layout.child(i), out);
            } else {
                out.add(layout.path() + ".child[" + i + "]=" + layout.childEncodingId(i));
            }
        }
    }

    /** The array trees of every flat segment reachable through known layouts (zone tables excluded). */
    static List<Flat> flats(VortexFile file) {
        List<Flat> out = new ArrayList<>();
        walkFlats(file, file.layout(), out);
        return out;
    }

    private static void walkFlats(VortexFile file, Layout layout, List<Flat> out) {
        if (layout.encodingId().equals("vortex.flat")) {
            int segment = layout.segmentId(0);
            MemorySegment bytes = ReadAt.await(layout.segments().read(segment));
            out.add(new Flat(layout.path(), describe(bytes, file.arraySpecs())));
            return;
        }
        for (int i = 0; i < childrenToWalk(layout); i++) {
            if (isKnownLayout(layout.childEncodingId(i))) {
                walkFlats(file, layout.child(i), out);
            }
        }
    }

    /** Zoned layouts: only the data child (the zone table's dtype is not stored). */
    private static int childrenToWalk(Layout layout) {
        return layout.encodingId().equals("vortex.zoned") ? 1 : layout.childCount();
    }

    private static boolean isKnownLayout(String id) {
        return dev.quire.layout.QuireContext.defaults().findLayout(id).isPresent();
    }

    /** The array tree of one serialized array segment, e.g. {@code vortex.ext(vortex.primitive(vortex.bool))}. */
    static String describe(MemorySegment segment, List<String> arraySpecs) {
        ByteBuffer all = segment.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        int size = all.limit();
        int fbLength = all.getInt(size - 4);
        ByteBuffer fb = all.slice(size - 4 - fbLength, fbLength).order(ByteOrder.LITTLE_ENDIAN);
        int array = fb.getInt(0);
        int root = tableField(fb, array, 0);
        return node(fb, root, arraySpecs);
    }

    private static String node(ByteBuffer fb, int table, List<String> specs) {
        int encodingAt = fieldPos(fb, table, 0);
        int encoding = encodingAt < 0 ? 0 : Short.toUnsignedInt(fb.getShort(encodingAt));
        StringBuilder sb = new StringBuilder(specs.get(encoding));
        int childrenAt = fieldPos(fb, table, 2);
        if (childrenAt >= 0) {
            int vec = childrenAt + fb.getInt(childrenAt);
            int n = fb.getInt(vec);
            if (n > 0) {
                sb.append('(');
                for (int i = 0; i < n; i++) {
                    int e = vec + 4 + 4 * i;
                    if (i > 0) {
                        sb.append(", ");
                    }
                    sb.append(node(fb, e + fb.getInt(e), specs));
                }
                sb.append(')');
            }
        }
        return sb.toString();
    }

    /** The absolute position of field {@code index} of the table at {@code table}, or -1 when absent. */
    private static int fieldPos(ByteBuffer fb, int table, int index) {
        int vtable = table - fb.getInt(table);
        int vtableLength = Short.toUnsignedInt(fb.getShort(vtable));
        int slot = 4 + 2 * index;
        if (slot >= vtableLength) {
            return -1;
        }
        int offset = Short.toUnsignedInt(fb.getShort(vtable + slot));
        return offset == 0 ? -1 : table + offset;
    }

    private static int tableField(ByteBuffer fb, int table, int index) {
        int at = fieldPos(fb, table, index);
        return at + fb.getInt(at);
    }
}
