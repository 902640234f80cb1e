package dev.quire.cli.inspect;

import dev.quire.errors.UnknownEncodingException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything {@code quire inspect} shows about a file, gathered from its footer, the array flatbuffers of its flat
 * segments and its statistics, without decoding values. Rendered by {@link TextReport} and {@link JsonReport}.
 */
public record FileReport(String name, long size, long rows, DType dtype, List<String> layoutSpecs,
        List<String> arraySpecs, List<SegmentSpec> segments, LayoutReport layout, List<Column> columns) {

    /** A top-level column: its dtype, the bytes of the segments below it, and its file statistics (if any). */
    public record Column(String name, DType dtype, long dataBytes, Optional<ArrayStats> stats) {}

    /**
     * One node of the layout tree. {@code segment} and {@code array} are present for flat layouts; {@code problem}
     * says why a child could not be read (a layout this build does not know, say), in which case it has no children.
     */
    public record LayoutReport(String name, String encodingId, long rows, Map<String, String> facts,
            Optional<Integer> segment, Optional<ArrayEncodingTree> array, long dataBytes,
            List<LayoutReport> children, Optional<String> problem) {}

    public static FileReport of(String name, VortexFile file) {
        List<SegmentSpec> segments = file.segments();
        LayoutReport root = layout(file, file.layout(), "root", segments);
        List<ArrayStats> stats = file.statistics();
        List<Column> columns = new ArrayList<>();
        if (file.dtype() instanceof DType.Struct struct) {
            for (int i = 0; i < struct.fieldCount(); i++) {
                String field = struct.field(i).name();
                long bytes = root.children().stream().filter(c -> c.name().equals(field))
                        .mapToLong(LayoutReport::dataBytes).sum();
                columns.add(new Column(field, struct.field(i).dtype(), bytes,
                        i < stats.size() ? Optional.of(stats.get(i)) : Optional.empty()));
            }
        } else {
            columns.add(new Column("(root)", file.dtype(), root.dataBytes(),
                    stats.isEmpty() ? Optional.empty() : Optional.of(stats.getFirst())));
        }
        return new FileReport(name, file.fileSize(), file.rowCount(), file.dtype(), file.layoutSpecs(),
                file.arraySpecs(), segments, root, List.copyOf(columns));
    }

    private static LayoutReport layout(VortexFile file, Layout layout, String name, List<SegmentSpec> segments) {
        Optional<Integer> segment = Optional.empty();
        Optional<ArrayEncodingTree> array = Optional.empty();
        long bytes = 0;
        if (layout.encodingId().equals("vortex.flat")) {
            int id = layout.segmentId(0);
            segment = Optional.of(id);
            array = Optional.of(file.arrayTree(layout));
            bytes = segments.get(id).length();
        }
        List<LayoutReport> children = new ArrayList<>(layout.childCount());
        for (int i = 0; i < layout.childCount(); i++) {
            String childName = layout.vtable().childName(layout, i);
            LayoutReport child;
            try {
                child = layout(file, layout.child(i), childName, segments);
            } catch (UnknownEncodingException | UnsupportedFeatureException e) {
                child = new LayoutReport(childName, layout.childEncodingId(i), layout.childRowCount(i), Map.of(),
                        Optional.empty(), Optional.empty(), 0, List.of(), Optional.of(e.getMessage()));
            }
            bytes += child.dataBytes();
            children.add(child);
        }
        return new LayoutReport(name, layout.encodingId(), layout.rowCount(), layout.vtable().describe(layout),
                segment, array, bytes, List.copyOf(children), Optional.empty());
    }
}
