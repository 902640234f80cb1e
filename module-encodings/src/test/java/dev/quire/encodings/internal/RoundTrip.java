package dev.quire.encodings.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.util.List;

/**
 * Serializes an array as the writer would ({@link dev.quire.layout.spi.Plugins#encode}) and decodes the result through the
 * encodings' decoders ({@link InMemoryParts}), so a test can check what an encoder writes without a file.
 */
public final class RoundTrip {
    private RoundTrip() {}

    /** The {@link Node} tree {@code array} serializes to. */
    public static Node node(Array array) {
        return node(Plugins.ALL.encode(array));
    }

    private static Node node(EncodedArray e) {
        return new Node(e.encodingId(), e.metadata(), e.buffers().stream().map(EncodedBuffer::bytes).toList(),
                e.children().stream().map(RoundTrip::node).toList());
    }

    /** {@code array} written and read back, canonical. */
    public static Array of(Array array) {
        return InMemoryParts.decode(node(array), array.dtype(), array.length()).toCanonical();
    }

    /** The encoding ids of {@code array}'s serialized tree, in pre-order. */
    public static List<String> encodings(Array array) {
        List<String> out = new java.util.ArrayList<>();
        collect(node(array), out);
        return out;
    }

    private static void collect(Node n, List<String> out) {
        out.add(n.encoding());
        n.children().forEach(c -> collect(c, out));
    }
}
