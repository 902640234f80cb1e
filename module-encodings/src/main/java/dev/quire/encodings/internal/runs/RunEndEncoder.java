package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Writes {@code vortex.runend}: one value per run of equal values (a run of nulls is one null value) and the
 * exclusive end of each run, in the narrowest unsigned type that holds the array length.
 */
public final class RunEndEncoder {
    private RunEndEncoder() {}

    /** The runs of {@code stats}' array as (ends, values), canonical. */
    public static Runs runs(IntegerStats stats) {
        int n = stats.length();
        int runs = stats.runs();
        long[] v = stats.values();
        long[] ends = new long[runs];
        long[] values = new long[runs];
        byte[] validBits = stats.hasNulls() ? new byte[(runs + 7) >>> 3] : null;
        int r = -1;
        for (int i = 0; i < n; i++) {
            boolean ok = stats.isValid(i);
            if (i == 0 || ok != stats.isValid(i - 1) || (ok && v[i] != v[i - 1])) {
                r++;
                values[r] = ok ? v[i] : 0;
                if (validBits != null && ok) {
                    validBits[r >>> 3] |= (byte) (1 << (r & 7));
                }
            }
            ends[r] = i + 1L;
        }
        DType.Primitive dtype = stats.array().dtype();
        Validity validity = validBits != null ? new Validity.Mask(BitBuffer.ofBytes(validBits, runs))
                : Validity.allValid(dtype.nullable());
        PType endsType = Ints.unsignedFor(n);
        return new Runs(Ints.array(new DType.Primitive(endsType, false), ends, runs, Validity.NON_NULLABLE),
                Ints.array(dtype, values, runs, validity));
    }

    /** The run ends and run values of an array. */
    public record Runs(PrimitiveArray ends, PrimitiveArray values) {}

    /** The array run-end encoded, its ends and values encoded further by {@code child}. */
    public static RunEndArray encode(IntegerStats stats, UnaryOperator<Array> endsChild,
            UnaryOperator<Array> valuesChild) {
        Runs runs = runs(stats);
        return new RunEndArray(stats.array(), runs.ends().ptype(), runs.ends().length(),
                endsChild.apply(runs.ends()), valuesChild.apply(runs.values()));
    }

    /** A {@code vortex.runend} array. */
    public static final class RunEndArray extends SourceBackedArray {
        private final PType endsType;
        private final long runs;
        private final Array ends;
        private final Array values;

        RunEndArray(Array source, PType endsType, long runs, Array ends, Array values) {
            super(source);
            this.endsType = endsType;
            this.runs = runs;
            this.ends = ends;
            this.values = values;
        }

        public Array ends() {
            return ends;
        }

        public Array values() {
            return values;
        }

        @Override
        public String encodingId() {
            return RunEndEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(endsType.code()).setNumRuns(runs).setOffset(0)
                    .build().toByteArray();
            return new EncodedArray(encodingId(), meta, List.of(), List.of(encoder.encode(ends),
                    encoder.encode(values)));
        }
    }
}
