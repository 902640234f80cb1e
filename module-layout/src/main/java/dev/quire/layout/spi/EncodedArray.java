package dev.quire.layout.spi;

import java.util.List;
import java.util.Objects;

/**
 * One array node ready to be written: its encoding id, metadata, own buffers and encoded children.
 */
public record EncodedArray(String encodingId, byte[] metadata, List<EncodedBuffer> buffers,
        List<EncodedArray> children) {
    public EncodedArray {
        Objects.requireNonNull(encodingId, "encodingId is null");
        metadata = metadata == null ? new byte[0] : metadata.clone();
        buffers = List.copyOf(buffers);
        children = List.copyOf(children);
    }

    @Override
    public byte[] metadata() {
        return metadata.clone();
    }

    /** The number of value bytes this node and its children hold (before padding). */
    public long byteSize() {
        long size = 0;
        for (EncodedBuffer b : buffers) {
            size += b.bytes().byteSize();
        }
        for (EncodedArray c : children) {
            size += c.byteSize();
        }
        return size;
    }
}
