package dev.quire.layout.format;

import java.util.List;
import java.util.Objects;

/**
 * How one serialized array (the segment of a flat layout) is encoded, read from its array flatbuffer without
 * decoding any values: one node per array in the tree, each naming its encoding. See
 * {@link VortexFile#arrayTree(dev.quire.layout.spi.Layout)}.
 *
 * @param encodingId the node's array encoding, such as {@code vortex.primitive} or {@code fastlanes.bitpacked}
 * @param metadataBytes the size of the node's encoding metadata
 * @param bufferLengths the byte lengths of the node's own buffers (children's buffers are theirs)
 * @param stats the node's statistics; only the root's min, max and sum are decoded, since only the root's dtype is
 *     known without the encodings' help
 * @param children the child arrays (codes and values, validity, ...), in the encoding's order
 */
public record ArrayEncodingTree(String encodingId, int metadataBytes, List<Long> bufferLengths, ArrayStats stats,
        List<ArrayEncodingTree> children) {

    public ArrayEncodingTree {
        Objects.requireNonNull(encodingId, "encodingId is null");
        Objects.requireNonNull(stats, "stats is null");
        bufferLengths = List.copyOf(bufferLengths);
        children = List.copyOf(children);
    }

    /** The bytes of the buffers of this node and all its descendants. */
    public long totalBufferBytes() {
        long total = 0;
        for (long b : bufferLengths) {
            total += b;
        }
        for (ArrayEncodingTree c : children) {
            total += c.totalBufferBytes();
        }
        return total;
    }

    /** The encodings in a compact form: {@code vortex.alp(fastlanes.bitpacked)}, leaves without parentheses. */
    public String describe() {
        if (children.isEmpty()) {
            return encodingId;
        }
        StringBuilder sb = new StringBuilder(encodingId).append('(');
        for (int i = 0; i < children.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(children.get(i).describe());
        }
        return sb.append(')').toString();
    }
}
