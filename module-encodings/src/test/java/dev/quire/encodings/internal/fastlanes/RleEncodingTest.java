package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.RleMetadata;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RleEncodingTest {
    private static final RleEncoding ENCODING = new RleEncoding();

    /** Encodes {@code values} (padded by repeating the last) as the reference does; nulls pad as invalid. */
    private static TestParts encode(PType type, PType indexType, long[] values, boolean[] valid, int offset,
            int length) {
        int blocks = (values.length + 1023) / 1024;
        List<Long> runValues = new ArrayList<>();
        long[] indices = new long[blocks * 1024];
        long[] firsts = new long[blocks];
        for (int b = 0; b < blocks; b++) {
            firsts[b] = runValues.size();
            int local = -1;
            long prev = 0;
            for (int i = 0; i < 1024; i++) {
                int p = Math.min(b * 1024 + i, values.length - 1);
                if (local < 0 || values[p] != prev) {
                    runValues.add(values[p]);
                    prev = values[p];
                    local++;
                }
                indices[b * 1024 + i] = local;
            }
        }
        long[] rv = runValues.stream().mapToLong(Long::longValue).toArray();
        boolean nullable = valid != null;
        PrimitiveArray idx;
        if (nullable) {
            boolean[] padded = new boolean[indices.length];
            System.arraycopy(valid, 0, padded, 0, valid.length);
            idx = TestArrays.nullable(indexType, indices, padded);
        } else {
            idx = TestArrays.primitive(indexType, indices);
        }
        byte[] meta = RleMetadata.newBuilder().setValuesLen(rv.length).setIndicesLen(indices.length)
                .setIndicesPtype(indexType.code()).setValuesIdxOffsetsLen(blocks)
                .setValuesIdxOffsetsPtype(PType.U64.code()).setOffset(offset).build().toByteArray();
        return new TestParts(new DType.Primitive(type, nullable), length, meta)
                .child(TestArrays.primitive(type, rv)).child(idx).child(TestArrays.primitive(PType.U64, firsts));
    }

    private static long[] slice(long[] v, int from, int length) {
        long[] out = new long[length];
        System.arraycopy(v, from, out, 0, length);
        return out;
    }

    @ParameterizedTest
    @EnumSource(value = PType.class)
    void expandsRunsOfEveryType(PType type) {
        Random random = new Random(type.ordinal());
        long[] values = new long[2500];
        long v = random.nextLong();
        for (int i = 0; i < values.length; i++) {
            if (random.nextInt(20) == 0) {
                v = random.nextLong();
            }
            values[i] = v;
        }
        Expect.primitive(values, null, encode(type, PType.U16, values, null, 0, 2500).decode(ENCODING));
        Expect.primitive(slice(values, 7, 2000), null, encode(type, PType.U8, values, null, 7, 2000)
                .decode(ENCODING));
    }

    @Test
    void takesTheValidityOfTheIndices() {
        Random random = new Random(5);
        long[] values = new long[1500];
        boolean[] valid = new boolean[1500];
        for (int i = 0; i < values.length; i++) {
            values[i] = i / 100;
            valid[i] = random.nextInt(5) != 0;
        }
        Expect.primitive(values, valid, encode(PType.I32, PType.U16, values, valid, 0, 1500).decode(ENCODING));
    }

    @Test
    void rejectsMalformedNodes() {
        long[] values = new long[100];
        Expect.malformed("indices must be u8 or u16", () -> encode(PType.I32, PType.U32, values, null, 0, 100)
                .decode(ENCODING));
        Expect.malformed("not below the block's 2 values", () -> new TestParts(new DType.Primitive(PType.I32,
                false), 10, RleMetadata.newBuilder().setValuesLen(2).setIndicesLen(1024)
                .setIndicesPtype(PType.U8.code()).setValuesIdxOffsetsLen(1).setValuesIdxOffsetsPtype(PType.U8.code())
                .build().toByteArray()).child(TestArrays.primitive(PType.I32, 1, 2))
                .child(TestArrays.primitive(PType.U8, indicesWith(1024, 5, 9)))
                .child(TestArrays.primitive(PType.U8, 1)).decode(ENCODING));
        Expect.malformed("1 value offsets for 2 blocks", () -> new TestParts(new DType.Primitive(PType.I32,
                false), 10, RleMetadata.newBuilder().setValuesLen(1).setIndicesLen(2048)
                .setIndicesPtype(PType.U8.code()).setValuesIdxOffsetsLen(1).setValuesIdxOffsetsPtype(PType.U8.code())
                .build().toByteArray()).child(TestArrays.primitive(PType.I32, 1))
                .child(TestArrays.primitive(PType.U8, new long[2048]))
                .child(TestArrays.primitive(PType.U8, 0)).decode(ENCODING));
        Expect.malformed("is not a whole number of 1024-value blocks", () -> new TestParts(
                new DType.Primitive(PType.I32, false), 10, RleMetadata.newBuilder().setIndicesLen(10)
                .setIndicesPtype(PType.U8.code()).setValuesIdxOffsetsPtype(PType.U8.code()).build().toByteArray())
                .child(TestArrays.primitive(PType.I32)).child(TestArrays.primitive(PType.U8))
                .child(TestArrays.primitive(PType.U8)).decode(ENCODING));
    }

    private static long[] indicesWith(int length, int at, long value) {
        long[] out = new long[length];
        out[at] = value;
        return out;
    }
}
