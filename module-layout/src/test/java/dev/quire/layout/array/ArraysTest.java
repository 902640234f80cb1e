package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ArraysTest {
    @Test
    void bitBufferSlicesAndCountsAtAnyOffset() {
        Random random = new Random(11);
        boolean[] bits = new boolean[1000];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = random.nextBoolean();
        }
        BitBuffer all = BoolArray.of(bits).bits();
        for (int from = 0; from < 70; from++) {
            for (int to : new int[] {from, from + 1, from + 63, from + 64, from + 65, 1000}) {
                BitBuffer s = all.slice(from, to);
                long ones = 0;
                for (int i = from; i < to; i++) {
                    assertEquals(bits[i], s.get(i - from));
                    ones += bits[i] ? 1 : 0;
                }
                assertEquals(ones, s.countOnes());
                byte[] packed = s.toPackedBytes();
                BitBuffer repacked = BitBuffer.ofBytes(packed, to - from);
                for (int i = from; i < to; i++) {
                    assertEquals(bits[i], repacked.get(i - from));
                }
            }
        }
    }

    @Test
    void primitiveBuilderChecksRangesAndKeepsNulls() {
        PrimitiveBuilder b = (PrimitiveBuilder) ArrayBuilder.forType(new DType.Primitive(PType.U8, true));
        b.appendLong(255);
        b.appendNull();
        b.appendLong(0);
        assertThrows(InvalidArgumentException.class, () -> b.appendLong(256));
        assertThrows(InvalidArgumentException.class, () -> b.appendLong(-1));
        PrimitiveArray a = b.finish();
        assertEquals(3, a.length());
        assertEquals(255, a.getLongValue(0));
        assertFalse(a.isValid(1));
        assertEquals(1, a.nullCount());
        PrimitiveBuilder nn = (PrimitiveBuilder) ArrayBuilder.forType(new DType.Primitive(PType.I32, false));
        assertThrows(InvalidArgumentException.class, nn::appendNull);
    }

    @Test
    void varBinViewInlinesShortValuesAndReferencesLongOnes() {
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(new DType.Utf8(false));
        b.appendString("");
        b.appendString("twelve bytes");
        b.appendString("thirteen byte");
        b.appendString("ünïcødé and a long tail");
        VarBinViewArray a = b.finish();
        assertEquals(List.of("", "twelve bytes", "thirteen byte", "ünïcødé and a long tail"),
                List.of(a.getString(0), a.getString(1), a.getString(2), a.getString(3)));
        assertEquals(1, a.buffers().size());
        VarBinViewArray sliced = a.slice(2, 4);
        assertEquals("thirteen byte", sliced.getString(0));
    }

    @Test
    void varBinViewRejectsViewsOutsideTheirBuffer() {
        byte[] view = new byte[16];
        view[0] = 20; // length 20: a referenced view
        view[8] = 0; // buffer 0
        view[12] = 5; // offset 5
        MemorySegment views = MemorySegment.ofArray(view);
        MemorySegment data = MemorySegment.ofArray(new byte[10]);
        var e = assertThrows(MalformedFileException.class, () -> new VarBinViewArray(new DType.Binary(false), views,
                List.of(data), Validity.NON_NULLABLE));
        assertTrue(e.getMessage().contains("spans bytes [5, 25)"), e.getMessage());
        assertThrows(MalformedFileException.class, () -> new VarBinViewArray(new DType.Binary(false), views,
                List.of(), Validity.NON_NULLABLE));
    }

    @Test
    void decimalsKeepSignAndScaleInEveryWidth() {
        for (int precision : new int[] {2, 4, 9, 18, 38, 76}) {
            DType.Decimal dtype = new DType.Decimal(precision, 1, false);
            DecimalBuilder b = (DecimalBuilder) ArrayBuilder.forType(dtype);
            BigDecimal max = new BigDecimal("9".repeat(precision)).movePointLeft(1);
            b.appendDecimal(max);
            b.appendDecimal(max.negate());
            b.appendDecimal(new BigDecimal("-0.5"));
            DecimalArray a = b.finish();
            assertEquals(DecimalArray.widthForPrecision(precision), a.valueWidth());
            assertEquals(max, a.getDecimal(0));
            assertEquals(max.negate(), a.getDecimal(1));
            assertEquals(new BigDecimal("-0.5"), a.getDecimal(2));
            assertThrows(InvalidArgumentException.class, () -> b.appendDecimal(new BigDecimal("0.05")));
            assertThrows(InvalidArgumentException.class, () -> b.appendDecimal(max.add(BigDecimal.ONE)));
        }
    }

    @Test
    void constantArraysCanonicaliseToTheirValue() {
        ConstantArray c = new ConstantArray(new Scalar(new DType.Primitive(PType.I16, true), 42L), 5);
        PrimitiveArray p = (PrimitiveArray) c.toCanonical();
        assertEquals(5, p.length());
        for (int i = 0; i < 5; i++) {
            assertEquals(42, p.getShort(i));
        }
        ConstantArray nulls = new ConstantArray(Scalar.nullOf(new DType.Utf8(true)), 3);
        assertEquals(3, nulls.toCanonical().nullCount());
    }

    @Test
    void chunkedArraysSliceAcrossChunks() {
        ChunkedArray c = new ChunkedArray(new DType.Primitive(PType.I64, false),
                List.of(PrimitiveArray.ofLongs(0, 1, 2), PrimitiveArray.ofLongs(), PrimitiveArray.ofLongs(3, 4)));
        assertEquals(5, c.length());
        assertEquals(3L, c.scalarAt(3).value());
        PrimitiveArray flat = (PrimitiveArray) c.slice(1, 5).toCanonical();
        long[] got = new long[4];
        for (int i = 0; i < 4; i++) {
            got[i] = flat.getLong(i);
        }
        assertArrayEquals(new long[] {1, 2, 3, 4}, got);
    }

    @Test
    void structArraysCheckTheirFields() {
        assertThrows(InvalidArgumentException.class, () -> StructArray.of(List.of("a", "b"),
                List.of(PrimitiveArray.ofLongs(1), PrimitiveArray.ofLongs(1, 2))));
        assertThrows(InvalidArgumentException.class, () -> StructArray.of(List.of("a", "a"),
                List.of(PrimitiveArray.ofLongs(1), PrimitiveArray.ofLongs(2))));
    }
}
