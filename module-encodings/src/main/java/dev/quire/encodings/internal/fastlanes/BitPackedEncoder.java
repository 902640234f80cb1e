package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.PatchSet;
import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes {@code fastlanes.bitpacked}: non-negative integers in their low {@code w} bits, FastLanes-interleaved in
 * blocks of 1024, with the values that need more bits as patches. The width is the one that minimises packed bits
 * plus patches, counting a patch as its value plus a 4-byte index.
 */
public final class BitPackedEncoder {
    private BitPackedEncoder() {}

    /** The bit width that makes the array smallest: packed bytes plus {@code byteWidth + 4} bytes per patch. */
    public static int bestWidth(IntegerStats stats) {
        int typeBits = stats.ptype().byteWidth() * 8;
        long[] histogram = new long[65];
        long[] v = stats.values();
        for (int i = 0; i < v.length; i++) {
            if (stats.isValid(i)) {
                histogram[Ints.bitWidth(v[i])]++;
            }
        }
        long n = v.length;
        long perException = stats.ptype().byteWidth() + 4L;
        long fitting = 0;
        long bestCost = Long.MAX_VALUE;
        int best = typeBits;
        for (int w = 0; w <= typeBits; w++) {
            fitting += histogram[w];
            long cost = (w * n + 7) / 8 + (stats.validCount() - fitting) * perException;
            if (cost < bestCost) {
                bestCost = cost;
                best = w;
            }
        }
        return best;
    }

    /**
     * The array bit-packed at its {@link #bestWidth best width}, or empty when it has negative values or packing
     * would not narrow it.
     */
    public static Optional<PackedArray> encode(IntegerStats stats) {
        if (stats.hasNegatives()) {
            return Optional.empty();
        }
        int width = bestWidth(stats);
        if (width >= stats.ptype().byteWidth() * 8) {
            return Optional.empty();
        }
        return Optional.of(encode(stats, width));
    }

    /** The array packed in {@code width} bits; valid values that need more become patches. */
    public static PackedArray encode(IntegerStats stats, int width) {
        PrimitiveArray array = stats.array();
        long[] v = stats.values();
        int n = v.length;
        long[] packedValues = new long[n];
        long[] positions = new long[16];
        long[] patchValues = new long[16];
        int patches = 0;
        for (int i = 0; i < n; i++) {
            if (!stats.isValid(i)) {
                continue;
            }
            long x = v[i];
            if (Ints.bitWidth(x) > width) {
                if (patches == positions.length) {
                    positions = java.util.Arrays.copyOf(positions, patches * 2);
                    patchValues = java.util.Arrays.copyOf(patchValues, patches * 2);
                }
                positions[patches] = i;
                patchValues[patches] = x;
                patches++;
            }
            packedValues[i] = x;
        }
        MemorySegment packed = pack(stats.ptype(), width, packedValues, n);
        PatchSet patchSet = null;
        if (patches > 0) {
            Validity validity = array.dtype().nullable() ? Validity.ALL_VALID : Validity.NON_NULLABLE;
            patchSet = PatchSet.of(n, positions, patches, Ints.array(array.dtype(), patchValues, patches, validity));
        }
        return new PackedArray(array, width, packed, patchSet);
    }

    /**
     * Packs {@code values[0, n)} (each already below {@code 2^width}, or truncated to it) in FastLanes order into
     * words of {@code ptype}'s width: per block of 1024, {@code 1024 / T} lanes, each lane's {@code T} rows laid
     * bit after bit into {@code width} words. The last block is padded with zeros.
     */
    static MemorySegment pack(PType ptype, int width, long[] values, int n) {
        int typeBits = ptype.byteWidth() * 8;
        int lanes = FastLanes.BLOCK / typeBits;
        int blocks = (int) FastLanes.blocks(0, n);
        long wordsPerBlock = (long) lanes * width;
        long[] words = new long[Math.toIntExact(blocks * wordsPerBlock)];
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        if (width > 0) {
            for (int b = 0; b < blocks; b++) {
                int base = b * FastLanes.BLOCK;
                long out = b * wordsPerBlock;
                for (int l = 0; l < lanes; l++) {
                    long acc = 0;
                    int bit = 0;
                    int k = 0;
                    for (int r = 0; r < typeBits; r++) {
                        int idx = base + FastLanes.index(r, l);
                        long x = idx < n ? values[idx] & mask : 0;
                        acc |= x << bit;
                        bit += width;
                        if (bit >= typeBits) {
                            words[(int) (out + (long) lanes * k + l)] = acc & typeMask;
                            k++;
                            bit -= typeBits;
                            acc = bit > 0 ? x >>> (width - bit) : 0;
                        }
                    }
                }
            }
        }
        return Ints.narrow(ptype, words, words.length);
    }

    /** A {@code fastlanes.bitpacked} array: packed words, optional patches, the source's validity. */
    public static final class PackedArray extends SourceBackedArray {
        private final PrimitiveArray source;
        private final int width;
        private final MemorySegment packed;
        private final PatchSet patches;

        PackedArray(PrimitiveArray source, int width, MemorySegment packed, PatchSet patches) {
            super(source);
            this.source = source;
            this.width = width;
            this.packed = packed;
            this.patches = patches;
        }

        public int width() {
            return width;
        }

        public Optional<PatchSet> patches() {
            return Optional.ofNullable(patches);
        }

        @Override
        public String encodingId() {
            return BitPackedEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            BitPackedMetadata.Builder meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(0);
            List<EncodedArray> children = new ArrayList<>();
            if (patches != null) {
                meta.setPatches(patches.metadata());
                children.addAll(patches.children(encoder));
            }
            encoder.validityChild(source.validity(), source.length()).ifPresent(children::add);
            return new EncodedArray(encodingId(), meta.build().toByteArray(),
                    List.of(new EncodedBuffer(packed, source.ptype().alignmentExponent())), children);
        }
    }
}
