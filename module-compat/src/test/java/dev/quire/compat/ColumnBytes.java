package dev.quire.compat;

import dev.quire.io.spi.ReadAt;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.Layout;
import java.lang.foreign.MemorySegment;
import java.util.TreeSet;

/** The data bytes of one top-level column of a file (its flat segments, zone tables left out), and its array trees. */
final class ColumnBytes {
    private ColumnBytes() {}

    static long of(VortexFile file, String column) {
        return sum(file.layout(), "root." + column);
    }

    private static long sum(Layout layout, String prefix) {
        if (layout.encodingId().equals("vortex.flat")) {
            if (!layout.path().startsWith(prefix)) {
                return 0;
            }
            MemorySegment bytes = ReadAt.await(layout.segments().read(layout.segmentId(0)));
            return bytes.byteSize();
        }
        int children = layout.encodingId().equals("vortex.zoned") ? 1 : layout.childCount();
        long total = 0;
        for (int i = 0; i < children; i++) {
            total += sum(layout.child(i), prefix);
        }
        return total;
    }

    static String trees(VortexFile file, String column) {
        TreeSet<String> out = new TreeSet<>();
        for (ArrayTrees.Flat f : ArrayTrees.flats(file)) {
            if (f.path().startsWith("root." + column + ".") || f.path().equals("root." + column)) {
                out.add(f.tree());
            }
        }
        return String.join(", ", out);
    }
}
