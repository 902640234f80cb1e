package dev.quire.encodings.internal;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PatchesTest {
    private static final DType I64 = new DType.Primitive(PType.I64, false);

    private static PatchesMetadata.Builder meta(long len, long offset, PType indices) {
        return PatchesMetadata.newBuilder().setLen(len).setOffset(offset).setIndicesPtype(indices.code());
    }

    private static Patches read(PatchesMetadata m, DType valuesDType, long arrayLength, PrimitiveArray... children) {
        TestParts parts = TestParts.of(valuesDType, arrayLength);
        for (PrimitiveArray c : children) {
            parts.child(c);
        }
        return Patches.read(parts, m, 0, valuesDType, arrayLength);
    }

    @ParameterizedTest
    @EnumSource(PType.class)
    void appliesValuesOfEveryWidthAtTheirPositions(PType valueType) {
        int n = 5000;
        Random random = new Random(valueType.ordinal());
        long[] base = new long[n];
        long[] expected = new long[n];
        for (int i = 0; i < n; i++) {
            base[i] = random.nextLong();
            expected[i] = base[i];
        }
        long[] indices = {0, 7, 1023, 1024, 2500, 4999};
        long[] values = new long[indices.length];
        for (int i = 0; i < indices.length; i++) {
            values[i] = random.nextLong();
            expected[(int) indices[i]] = values[i];
        }
        DType dtype = new DType.Primitive(valueType, false);
        Patches patches = read(meta(indices.length, 0, PType.U16).build(), dtype, n, primitive(PType.U16, indices),
                primitive(valueType, values));
        MemorySegment target = TestArrays.bytes(valueType, base);
        patches.applyTo(target);
        PrimitiveArray got = new PrimitiveArray((DType.Primitive) dtype, target, Validity.NON_NULLABLE);
        PrimitiveArray want = primitive(valueType, expected);
        for (int i = 0; i < n; i++) {
            assertEquals(TestArrays.raw(want, i), TestArrays.raw(got, i), "value " + i);
        }
        assertEquals(2, patches.childCount());
        assertEquals(indices.length, patches.count());
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64"})
    void subtractsTheOffsetForEveryIndexType(PType indexType) {
        long offset = 200;
        Patches patches = read(meta(3, offset, indexType).build(), I64, 50, primitive(indexType, 200, 210, 249),
                primitive(PType.I64, -1, -2, -3));
        assertEquals(0, patches.position(0));
        assertEquals(10, patches.position(1));
        assertEquals(49, patches.position(2));
        long[] target = new long[50];
        patches.applyTo(MemorySegment.ofArray(target));
        assertEquals(-1, target[0]);
        assertEquals(-2, target[10]);
        assertEquals(-3, target[49]);
        assertEquals(0, target[1]);
    }

    @Test
    void acceptsChunkOffsetsOfAWholeArray() {
        // 3072 values, patches at 100, 200 and 2500: chunk 0 starts at patch 0, chunks 1 and 2 at patch 2.
        Patches patches = read(meta(3, 0, PType.U32).setChunkOffsetsLen(3).setChunkOffsetsPtype(PType.U64.code())
                .build(), I64, 3072, primitive(PType.U32, 100, 200, 2500), primitive(PType.I64, 1, 2, 3),
                primitive(PType.U64, 0, 2, 2));
        assertEquals(3, patches.childCount());
        assertEquals(2500, patches.position(2));
    }

    @Test
    void acceptsChunkOffsetsOfASlicedArray() {
        // 4096 values patched at 100, 200, 3000, 3100 (chunk offsets 0, 2, 2, 3), sliced to [1500, 3500).
        Patches sliced = read(meta(2, 1500, PType.U32).setChunkOffsetsLen(3).setChunkOffsetsPtype(PType.U64.code())
                .setOffsetWithinChunk(0).build(), I64, 2000, primitive(PType.U32, 3000, 3100),
                primitive(PType.I64, 1, 2), primitive(PType.U64, 2, 2, 3));
        assertEquals(1500, sliced.position(0));
        // The same array sliced to [150, 3500): the first chunk's first patch (at 100) is sliced off.
        Patches within = read(meta(3, 150, PType.U32).setChunkOffsetsLen(4).setChunkOffsetsPtype(PType.U8.code())
                .setOffsetWithinChunk(1).build(), I64, 3350, primitive(PType.U32, 200, 3000, 3100),
                primitive(PType.I64, 1, 2, 3), primitive(PType.U8, 0, 2, 2, 3));
        assertEquals(50, within.position(0));
        assertEquals(2950, within.position(2));
    }

    @Test
    void patchedPositionsTakeTheValidityOfTheirValues() {
        DType nullable = new DType.Primitive(PType.I32, true);
        PrimitiveArray values = TestArrays.nullable(PType.I32, new long[] {5, 6, 7}, new boolean[] {true, false, true});
        Patches patches = read(meta(3, 0, PType.U8).build(), nullable, 10, primitive(PType.U8, 1, 2, 9), values);
        Validity base = TestArrays.mask(false, false, true, true, true, true, true, true, true, false);
        Validity patched = patches.applyValidity(base);
        boolean[] want = {false, true, false, true, true, true, true, true, true, true};
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i], patched.isValid(i), "validity " + i);
        }
        Validity fromAllInvalid = patches.applyValidity(Validity.ALL_INVALID);
        for (int i = 0; i < 10; i++) {
            assertEquals(i == 1 || i == 9, fromAllInvalid.isValid(i), "validity over all-invalid " + i);
        }
        Validity fromAllValid = patches.applyValidity(Validity.ALL_VALID);
        assertEquals(1, fromAllValid.nullCount(10));
    }

    @Test
    void keepsTheBaseValidityWhenNothingChanges() {
        Patches patches = read(meta(1, 0, PType.U8).build(), I64, 4, primitive(PType.U8, 3), primitive(PType.I64, 9));
        assertSame(Validity.NON_NULLABLE, patches.applyValidity(Validity.NON_NULLABLE));
        DType nullable = new DType.Primitive(PType.I64, true);
        Patches valid = read(meta(1, 0, PType.U8).build(), nullable, 4, primitive(PType.U8, 3),
                TestArrays.nullable(PType.I64, new long[] {9}, new boolean[] {true}));
        assertSame(Validity.ALL_VALID, valid.applyValidity(Validity.ALL_VALID));
    }

    @Test
    void reportsTheChildCountFromMetadata() {
        assertEquals(2, Patches.childCount(meta(1, 0, PType.U8).build()));
        assertEquals(3, Patches.childCount(meta(1, 0, PType.U8).setChunkOffsetsLen(1)
                .setChunkOffsetsPtype(PType.U64.code()).build()));
    }

    private static void assertMalformed(String fragment, Runnable read) {
        MalformedFileException e = assertThrows(MalformedFileException.class, read::run);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment
                + "'");
    }

    @Test
    void rejectsMalformedPatches() {
        PrimitiveArray idx = primitive(PType.U32, 1, 2);
        PrimitiveArray val = primitive(PType.I64, 1, 2);
        assertMalformed("patch count 0", () -> read(meta(0, 0, PType.U32).build(), I64, 10));
        assertMalformed("patch count 11", () -> read(meta(11, 0, PType.U32).build(), I64, 10, idx, val));
        assertMalformed("patch count 18446744073709551615",
                () -> read(meta(-1, 0, PType.U32).build(), I64, 10, idx, val));
        assertMalformed("patch offset", () -> read(meta(2, -5, PType.U32).build(), I64, 10, idx, val));
        assertMalformed("must be an unsigned integer type, got i32",
                () -> read(meta(2, 0, PType.I32).build(), I64, 10, primitive(PType.I32, 1, 2), val));
        assertMalformed("unknown primitive type code 99", () -> read(PatchesMetadata.newBuilder().setLen(2)
                .setIndicesPtype(99).build(), I64, 10, idx, val));
        assertMalformed("outside the array", () -> read(meta(2, 0, PType.U32).build(), I64, 2, idx, val));
        assertMalformed("below the offset", () -> read(meta(2, 2, PType.U32).build(), I64, 10, idx, val));
        assertMalformed("not strictly increasing", () -> read(meta(2, 0, PType.U32).build(), I64, 10,
                primitive(PType.U32, 2, 2), val));
        assertMalformed("outside the array", () -> read(meta(1, 0, PType.U64).build(), I64, 10,
                primitive(PType.U64, -3), primitive(PType.I64, 1)));
        assertMalformed("need children 0 to 1", () -> read(meta(2, 0, PType.U32).build(), I64, 10, idx));
        assertMalformed("child 1 is 2 values of i64", () -> read(meta(2, 0, PType.U32).build(),
                new DType.Primitive(PType.I32, false), 10, idx, val));
        assertMalformed("got only the length", () -> read(meta(2, 0, PType.U32).setChunkOffsetsLen(1).build(),
                I64, 10, idx, val, primitive(PType.U64, 0)));
        assertMalformed("3 entries", () -> read(meta(2, 0, PType.U32).setChunkOffsetsLen(3)
                .setChunkOffsetsPtype(PType.U64.code()).build(), I64, 10, idx, val, primitive(PType.U64, 0, 0, 0)));
        assertMalformed("must be an unsigned integer type", () -> read(meta(2, 0, PType.U32).setChunkOffsetsLen(1)
                .setChunkOffsetsPtype(PType.F64.code()).build(), I64, 10, idx, val, primitive(PType.U64, 0)));
        // Patches at 100 and 2000 of 3000 values, but the offsets put both in chunk 0.
        assertMalformed("not in chunk 0", () -> read(meta(2, 0, PType.U32).setChunkOffsetsLen(3)
                .setChunkOffsetsPtype(PType.U64.code()).build(), I64, 3000, primitive(PType.U32, 100, 2000), val,
                primitive(PType.U64, 0, 2, 2)));
        assertMalformed("decrease at 2", () -> read(meta(2, 0, PType.U32).setChunkOffsetsLen(3)
                .setChunkOffsetsPtype(PType.U64.code()).build(), I64, 3000, primitive(PType.U32, 100, 2000), val,
                primitive(PType.U64, 0, 1, 0)));
    }

    @Test
    void positionsAreCopiedInOrder() {
        Patches patches = read(meta(4, 0, PType.U16).build(), I64, 100, primitive(PType.U16, 3, 30, 31, 99),
                primitive(PType.I64, 1, 2, 3, 4));
        long[] got = new long[patches.count()];
        for (int i = 0; i < got.length; i++) {
            got[i] = patches.position(i);
        }
        assertArrayEquals(new long[] {3, 30, 31, 99}, got);
    }
}
