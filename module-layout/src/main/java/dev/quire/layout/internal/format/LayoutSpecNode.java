package dev.quire.layout.internal.format;

import dev.quire.layout.spi.WrittenLayout;
import java.util.List;

/** A layout node as the writer builds it, before it is serialized into the layout flatbuffer. */
public record LayoutSpecNode(String id, long rowCount, byte[] metadata, List<LayoutSpecNode> children,
        List<Integer> segments) {
    public LayoutSpecNode {
        metadata = metadata == null ? new byte[0] : metadata.clone();
        children = List.copyOf(children);
        segments = List.copyOf(segments);
    }

    /** The node a column strategy wrote, with its children. */
    public static LayoutSpecNode of(WrittenLayout written) {
        return new LayoutSpecNode(written.id(), written.rowCount(), written.metadata(),
                written.children().stream().map(LayoutSpecNode::of).toList(), written.segments());
    }

    public static LayoutSpecNode flat(long rows, int segment) {
        return new LayoutSpecNode("vortex.flat", rows, null, List.of(), List.of(segment));
    }

    public static LayoutSpecNode chunked(long rows, List<LayoutSpecNode> chunks) {
        return new LayoutSpecNode("vortex.chunked", rows, null, chunks, List.of());
    }

    /** {@code vortex.zoned}: the column's data and its statistics table, one row per zone. */
    public static LayoutSpecNode zoned(long rows, byte[] metadata, LayoutSpecNode data, LayoutSpecNode zones) {
        return new LayoutSpecNode("vortex.zoned", rows, metadata, List.of(data, zones), List.of());
    }

    public static LayoutSpecNode struct(long rows, List<LayoutSpecNode> children) {
        return new LayoutSpecNode("vortex.struct", rows, null, children, List.of());
    }
}
