package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.PatchSet;
import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.SparseMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.UnaryOperator;

/**
 * Writes {@code vortex.sparse}: a fill value (possibly null) and, as patches, the positions whose value differs
 * from it with their values.
 */
public final class SparseEncoder {
    private SparseEncoder() {}

    /**
     * The array as a fill value ({@code fill}, or null when empty) and patches for every other position, the patch
     * indices and values encoded further by {@code indicesChild} and {@code valuesChild}.
     */
    public static SparseArray encode(IntegerStats stats, OptionalLong fill, UnaryOperator<Array> indicesChild,
            UnaryOperator<Array> valuesChild) {
        int n = stats.length();
        long[] v = stats.values();
        long[] positions = new long[16];
        long[] values = new long[16];
        List<Integer> nullPatches = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < n; i++) {
            boolean ok = stats.isValid(i);
            boolean differs = fill.isEmpty() ? ok : !ok || v[i] != fill.getAsLong();
            if (!differs) {
                continue;
            }
            if (count == positions.length) {
                positions = java.util.Arrays.copyOf(positions, count * 2);
                values = java.util.Arrays.copyOf(values, count * 2);
            }
            if (!ok) {
                nullPatches.add(count);
            }
            positions[count] = i;
            values[count] = ok ? v[i] : 0;
            count++;
        }
        DType.Primitive dtype = stats.array().dtype();
        Validity validity = Validity.allValid(dtype.nullable());
        if (!nullPatches.isEmpty()) {
            byte[] bits = new byte[(count + 7) >>> 3];
            java.util.Arrays.fill(bits, (byte) -1);
            for (int k : nullPatches) {
                bits[k >>> 3] &= (byte) ~(1 << (k & 7));
            }
            validity = new Validity.Mask(BitBuffer.ofBytes(bits, count));
        }
        PrimitiveArray patchValues = Ints.array(dtype, values, count, validity);
        PatchSet patches = PatchSet.of(n, positions, count, patchValues);
        Scalar fillScalar = fill.isEmpty() ? Scalar.nullOf(dtype) : new Scalar(dtype, fill.getAsLong());
        return new SparseArray(stats.array(), fillScalar, new PatchSet(n,
                patches.indices(), patches.values()), indicesChild, valuesChild);
    }

    /** A {@code vortex.sparse} array. */
    public static final class SparseArray extends SourceBackedArray {
        private final Scalar fill;
        private final PatchSet patches;
        private final Array indices;
        private final Array values;

        SparseArray(Array source, Scalar fill, PatchSet patches, UnaryOperator<Array> indicesChild,
                UnaryOperator<Array> valuesChild) {
            super(source);
            this.fill = fill;
            this.patches = patches;
            this.indices = patches.count() == 0 ? patches.indices() : indicesChild.apply(patches.indices());
            this.values = patches.count() == 0 ? patches.values() : valuesChild.apply(patches.values());
        }

        public Scalar fill() {
            return fill;
        }

        public long patchCount() {
            return patches.count();
        }

        @Override
        public String encodingId() {
            return SparseEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            byte[] meta = SparseMetadata.newBuilder().setPatches(patches.metadata()).build().toByteArray();
            MemorySegment fillBytes = MemorySegment.ofArray(ScalarValues.encode(fill));
            return new EncodedArray(encodingId(), meta, List.of(new EncodedBuffer(fillBytes, 0)),
                    List.of(encoder.encode(indices), encoder.encode(values)));
        }
    }
}
