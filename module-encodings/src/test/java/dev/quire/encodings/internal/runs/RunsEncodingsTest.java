package dev.quire.encodings.internal.runs;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.Plugins;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.encodings.internal.proto.SequenceMetadata;
import dev.quire.encodings.internal.proto.SparseMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ScalarValues;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RunsEncodingsTest {
    private static byte[] sequence(DType.Primitive type, long base, long multiplier) {
        DType nn = new DType.Primitive(type.ptype(), false);
        return SequenceMetadata.newBuilder()
                .setBase(ByteString.copyFrom(ScalarValues.encode(new Scalar(nn, base))))
                .setMultiplier(ByteString.copyFrom(ScalarValues.encode(new Scalar(nn, multiplier)))).build()
                .toByteArray();
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void generatesSequencesOfEveryIntegerType(PType type) {
        boolean signed = type.isSigned();
        long base = signed ? -50 : 3;
        long multiplier = 2;
        int n = 60;
        long[] expected = new long[n];
        for (int i = 0; i < n; i++) {
            expected[i] = base + i * multiplier;
        }
        DType.Primitive dtype = new DType.Primitive(type, true);
        Array a = new TestParts(dtype, n, sequence(dtype, base, multiplier)).decode(new SequenceEncoding());
        Expect.primitive(expected, null, a);
        assertEquals(dtype, a.dtype());
    }

    /** The generator against value-by-value arithmetic in 64 bits, cut to the width, for various lengths. */
    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void generatesLikeTheFormula(PType type) {
        java.util.Random random = new java.util.Random(type.ordinal());
        int[] lengths = {1, 2, 7, 255, 256, 1000, 1024, 131_072, 131_072 + 5};
        int bits = type.byteWidth() * 8;
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        for (int n : lengths) {
            for (int k = 0; k < 4; k++) {
                long base = random.nextLong();
                long multiplier = k == 0 ? 0 : k == 1 ? -1 : random.nextLong();
                java.lang.foreign.MemorySegment got = SequenceEncoding.generate(type, n, base, multiplier);
                assertEquals((long) n * type.byteWidth(), got.byteSize(), "bytes of " + n + " values");
                for (int i = 0; i < n; i++) {
                    long want = (base + i * multiplier) & mask;
                    long value = switch (bits) {
                        case 8 -> got.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) & mask;
                        case 16 -> got.getAtIndex(java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED, i) & mask;
                        case 32 -> got.getAtIndex(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, i) & mask;
                        default -> got.getAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED, i);
                    };
                    if (value != want) {
                        assertEquals(want, value, type + " value " + i + " of " + n + ", base " + base + " step "
                                + multiplier);
                    }
                }
            }
        }
    }

    @Test
    void rejectsOverflowingOrIncompleteSequences() {
        DType.Primitive u8 = new DType.Primitive(PType.U8, false);
        Expect.malformed("overflows u8", () -> new TestParts(u8, 200, sequence(u8, 0, 2))
                .decode(new SequenceEncoding()));
        DType.Primitive i64 = new DType.Primitive(PType.I64, false);
        Expect.malformed("overflows i64", () -> new TestParts(i64, 3, sequence(i64, Long.MAX_VALUE - 1, 1))
                .decode(new SequenceEncoding()));
        Expect.malformed("base is missing", () -> new TestParts(i64, 3, new byte[0]).decode(new SequenceEncoding()));
        Expect.malformed("at least one value", () -> new TestParts(i64, 0, sequence(i64, 1, 1))
                .decode(new SequenceEncoding()));
        Expect.malformed("needs an integer dtype", () -> new TestParts(new DType.Primitive(PType.F64, false), 3,
                sequence(i64, 1, 1)).decode(new SequenceEncoding()));
    }

    private static byte[] runEnd(PType ends, long runs, long offset) {
        return RunEndMetadata.newBuilder().setEndsPtype(ends.code()).setNumRuns(runs).setOffset(offset).build()
                .toByteArray();
    }

    @Test
    void expandsPrimitiveRunsWithOffsetAndNulls() {
        // Runs [0,3) = 7, [3,5) = null, [5,9) = -1, [9,12) = 4; sliced to [2, 10).
        DType dtype = new DType.Primitive(PType.I16, true);
        Array a = new TestParts(dtype, 8, runEnd(PType.U32, 4, 2)).child(primitive(PType.U32, 3, 5, 9, 12))
                .child(TestArrays.nullable(PType.I16, new long[] {7, 0, -1, 4}, new boolean[] {true, false, true,
                    true})).decode(new RunEndEncoding());
        Expect.primitive(new long[] {7, 0, 0, -1, -1, -1, -1, 4},
                new boolean[] {true, false, false, true, true, true, true, true}, a);
    }

    @Test
    void expandsBoolAndStringRuns() {
        Array bools = new TestParts(new DType.Bool(false), 6, runEnd(PType.U8, 3, 0))
                .child(primitive(PType.U8, 1, 4, 6)).child(BoolArray.of(true, false, true))
                .decode(new RunEndEncoding());
        boolean[] want = {true, false, false, false, true, true};
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i], ((BoolArray) bools).getBoolean(i), "bool " + i);
        }
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(new DType.Utf8(true));
        b.appendString("short");
        b.appendNull();
        b.appendString("a string longer than twelve bytes");
        Array strings = new TestParts(new DType.Utf8(true), 5, runEnd(PType.U16, 3, 0))
                .child(primitive(PType.U16, 2, 3, 5)).child(b.finish()).decode(new RunEndEncoding());
        VarBinViewArray s = (VarBinViewArray) strings;
        assertEquals("short", s.getString(1));
        assertFalse(s.isValid(2));
        assertEquals("a string longer than twelve bytes", s.getString(3));
        assertEquals("a string longer than twelve bytes", s.getString(4));
    }

    @Test
    void rejectsMalformedRunEnds() {
        DType dtype = new DType.Primitive(PType.I32, false);
        Expect.malformed("run ends decrease", () -> new TestParts(dtype, 5, runEnd(PType.U8, 2, 0))
                .child(primitive(PType.U8, 4, 2)).child(primitive(PType.I32, 1, 2)).decode(new RunEndEncoding()));
        Expect.malformed("before the array's end", () -> new TestParts(dtype, 5, runEnd(PType.U8, 2, 0))
                .child(primitive(PType.U8, 2, 4)).child(primitive(PType.I32, 1, 2)).decode(new RunEndEncoding()));
        Expect.malformed("below the offset 3", () -> new TestParts(dtype, 2, runEnd(PType.U8, 2, 3))
                .child(primitive(PType.U8, 2, 5)).child(primitive(PType.I32, 1, 2)).decode(new RunEndEncoding()));
        Expect.malformed("must be an unsigned integer type", () -> new TestParts(dtype, 2, runEnd(PType.I8, 1, 0))
                .child(primitive(PType.I8, 2)).child(primitive(PType.I32, 1)).decode(new RunEndEncoding()));
        Expect.malformed("no runs for 2 values", () -> new TestParts(dtype, 2, runEnd(PType.U8, 0, 0))
                .child(primitive(PType.U8)).child(primitive(PType.I32)).decode(new RunEndEncoding()));
    }

    private static TestParts sparse(DType dtype, long length, Scalar fill, long offset, Array indices, Array values) {
        byte[] meta = SparseMetadata.newBuilder().setPatches(PatchesMetadata.newBuilder().setLen(indices.length())
                .setOffset(offset).setIndicesPtype(((dev.quire.layout.array.PrimitiveArray) indices).ptype().code()))
                .build().toByteArray();
        return new TestParts(dtype, length, meta).buffer(ScalarValues.encode(fill)).child(indices).child(values);
    }

    @Test
    void fillsAroundPatchesWithNullsAtEitherLevel() {
        DType dtype = new DType.Primitive(PType.F64, true);
        Array values = new dev.quire.layout.array.PrimitiveArray(new DType.Primitive(PType.F64, true),
                java.lang.foreign.MemorySegment.ofArray(new double[] {1.5, 0, 3.5}),
                TestArrays.mask(true, false, true));
        Array nullFill = sparse(dtype, 6, Scalar.nullOf(dtype), 10, primitive(PType.U8, 10, 12, 15), values)
                .decode(new SparseEncoding());
        dev.quire.layout.array.PrimitiveArray p = (dev.quire.layout.array.PrimitiveArray) nullFill;
        boolean[] valid = {true, false, false, false, false, true};
        for (int i = 0; i < 6; i++) {
            assertEquals(valid[i], p.isValid(i), "validity " + i);
        }
        assertEquals(1.5, p.getDouble(0));
        assertEquals(3.5, p.getDouble(5));
        Array valueFill = sparse(dtype, 6, new Scalar(dtype, 9.0), 10, primitive(PType.U8, 10, 12, 15), values)
                .decode(new SparseEncoding());
        p = (dev.quire.layout.array.PrimitiveArray) valueFill;
        assertEquals(9.0, p.getDouble(1));
        assertFalse(p.isValid(2));
        assertTrue(p.isValid(3));
        assertEquals(1, p.nullCount());
    }

    @Test
    void fillsBoolsAndStrings() {
        DType bool = new DType.Bool(false);
        BoolArray b = (BoolArray) sparse(bool, 5, new Scalar(bool, true), 0, primitive(PType.U16, 1, 3),
                BoolArray.of(false, true)).decode(new SparseEncoding());
        assertFalse(b.getBoolean(1));
        assertTrue(b.getBoolean(0));
        assertTrue(b.getBoolean(3));
        DType utf8 = new DType.Utf8(true);
        VarBinViewBuilder vb = (VarBinViewBuilder) ArrayBuilder.forType(utf8);
        vb.appendString("x");
        VarBinViewArray s = (VarBinViewArray) sparse(utf8, 4, Scalar.nullOf(utf8), 0, primitive(PType.U32, 2),
                vb.finish()).decode(new SparseEncoding());
        assertEquals("x", s.getString(2));
        assertEquals(3, s.nullCount());
    }

    @Test
    void rejectsMalformedSparse() {
        DType dtype = new DType.Primitive(PType.I32, false);
        Expect.malformed("no patches", () -> new TestParts(dtype, 3, new byte[0]).buffer(new byte[0])
                .decode(new SparseEncoding()));
        Expect.malformed("invalid sparse fill value", () -> sparse(dtype, 3, Scalar.nullOf(
                new DType.Primitive(PType.I32, true)), 0, primitive(PType.U8, 1), primitive(PType.I32, 1))
                .decode(new SparseEncoding()));
        Expect.malformed("outside the array", () -> sparse(dtype, 3, new Scalar(dtype, 0L), 0,
                primitive(PType.U8, 3), primitive(PType.I32, 1)).decode(new SparseEncoding()));
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"I8", "I16", "I32", "I64"})
    void undoesZigZag(PType type) {
        int bits = type.byteWidth() * 8;
        Random random = new Random(bits);
        long[] values = new long[300];
        long[] encoded = new long[300];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextLong() >> (64 - bits);
            encoded[i] = (values[i] << 1) ^ (values[i] >> 63);
        }
        values[0] = -1;
        encoded[0] = 1;
        PType unsigned = PType.values()[type.ordinal() - 4];
        boolean[] valid = new boolean[300];
        java.util.Arrays.fill(valid, true);
        valid[7] = false;
        Expect.primitive(values, valid, new TestParts(new DType.Primitive(type, true), 300, new byte[0])
                .child(TestArrays.nullable(unsigned, encoded, valid)).decode(new ZigZagEncoding()));
        Expect.malformed("zigzag decodes to signed integers", () -> new TestParts(
                new DType.Primitive(unsigned, false), 1, new byte[0]).child(primitive(unsigned, 1))
                .decode(new ZigZagEncoding()));
    }

    @Test
    void everyEncodingIsFoundThroughTheServiceLoader() {
        for (String id : new String[] {"fastlanes.bitpacked", "fastlanes.for", "fastlanes.delta", "fastlanes.rle",
            "vortex.sequence", "vortex.runend", "vortex.sparse", "vortex.zigzag"}) {
            assertEquals(id, Plugins.ALL.arrayEncoding(id).id());
        }
    }
}
