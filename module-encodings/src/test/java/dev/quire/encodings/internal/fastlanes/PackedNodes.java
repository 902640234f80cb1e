package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Node;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * {@code fastlanes.bitpacked} nodes built by hand, for tests of other encodings whose integer children the reference
 * writes bit-packed (FSST's lengths and codes offsets, say), so that they read those children as files give them.
 */
public final class PackedNodes {
    private PackedNodes() {}

    /**
     * {@code values} (none negative) bit-packed at the narrowest width that holds them, starting {@code offset} rows
     * into the first block (the rows before, and after the last value, hold other numbers of that width).
     */
    public static Node bitPacked(PType ptype, int offset, long... values) {
        long max = 0;
        for (long v : values) {
            if (v < 0) {
                throw new IllegalArgumentException("negative value " + v);
            }
            max = Math.max(max, v);
        }
        int width = 64 - Long.numberOfLeadingZeros(max);
        long[] padded = new long[(int) FastLanes.blocks(offset, values.length) * FastLanes.BLOCK];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = (i * 0x9E3779B97F4A7C15L >>> 7) & max;
        }
        System.arraycopy(values, 0, padded, offset, values.length);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset).build();
        byte[] packed = TestFastLanes.pack(ptype.byteWidth() * 8, width, padded);
        return Node.of(BitPackedEncoding.ID, meta, List.of(MemorySegment.ofArray(packed)), List.of());
    }
}
