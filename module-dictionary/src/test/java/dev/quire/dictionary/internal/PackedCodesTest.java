package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.IntegerBlocks;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Dictionaries over codes that arrive encoded and offer {@link IntegerBlocks} (as bit-packed codes do): they stay
 * encoded, are checked from the cursor's bound or maximum, gather a block at a time without being decoded, and give
 * the same rows, slices and errors as canonical codes.
 */
class PackedCodesTest {

    /**
     * Codes standing in for bit-packed ones: canonical values behind a cursor whose blocks start {@code phase} rows
     * into a 1024-row block (as a slice of packed codes does), counting how often they are decoded whole.
     */
    record BlockCodes(PrimitiveArray canonical, long bound, int phase, AtomicInteger decodes)
            implements Array, IntegerBlocks {
        @Override
        public DType dtype() {
            return canonical.dtype();
        }

        @Override
        public long length() {
            return canonical.length();
        }

        @Override
        public String encodingId() {
            return "test.blocks";
        }

        @Override
        public boolean isValid(long index) {
            return canonical.isValid(index);
        }

        @Override
        public long nullCount() {
            return canonical.nullCount();
        }

        @Override
        public Array slice(long from, long to) {
            return new BlockCodes(canonical.slice(from, to), bound, (int) ((phase + from) % MAX_BLOCK_ROWS), decodes);
        }

        @Override
        public Array toCanonical() {
            decodes.incrementAndGet();
            return canonical;
        }

        @Override
        public boolean isCanonical() {
            return false;
        }

        @Override
        public Scalar scalarAt(long index) {
            return canonical.scalarAt(index);
        }

        @Override
        public Optional<Cursor> intBlocks() {
            return Optional.of(new Cursor() {
                long row;

                @Override
                public long bound() {
                    return bound;
                }

                @Override
                public int next(int[] out) {
                    int count = (int) Math.min(MAX_BLOCK_ROWS - (phase + row) % MAX_BLOCK_ROWS, length() - row);
                    for (int j = 0; j < count; j++) {
                        out[j] = (int) DictArray.read(canonical.values(), canonical.ptype(), row + j);
                    }
                    row += count;
                    return count;
                }
            });
        }
    }

    @Test
    void packedCodesGatherWithoutBeingDecoded() {
        Random random = new Random(11);
        for (DType t : GatherTest.VALUE_TYPES) {
            for (PType codeType : List.of(PType.U8, PType.U16, PType.U32)) {
                for (int nulls = 0; nulls < 4; nulls++) {
                    int valueCount = 1 + random.nextInt(60);
                    int n = 1 + random.nextInt(5000);
                    GatherTest.Case c = GatherTest.randomCase(random, t, codeType, valueCount, n, (nulls & 1) != 0,
                            (nulls & 2) != 0);
                    // A bound at the values (no check needed) or past them (checked from the maximum).
                    long bound = random.nextBoolean() ? valueCount : 1L << (codeType.byteWidth() * 8);
                    AtomicInteger decodes = new AtomicInteger();
                    BlockCodes codes = new BlockCodes(c.dict().codes(), bound, random.nextInt(1024), decodes);
                    DictArray dict = new DictArray(t, codes, c.dict().values());
                    String what = t + " codes " + codeType + " bound " + bound + " nulls " + nulls;
                    GatherTest.Case packed = new GatherTest.Case(dict, c.entries(), c.codes(), c.valid());
                    GatherTest.assertDecoded(packed, dict.toCanonical(), 0, n, what);
                    int from = random.nextInt(n);
                    int to = from + random.nextInt(n - from + 1);
                    GatherTest.assertDecoded(packed, dict.slice(from, to).toCanonical(), from, to,
                            what + " slice " + from);
                    // Null rows may hold codes past the values, which the maximum cannot tell from valid ones:
                    // then the block is looked at row by row, still without decoding the codes whole.
                    assertEquals(0, decodes.get(), what + ": the codes were decoded whole");
                    assertSame(codes.canonical(), dict.codes(), what);
                    assertTrue(decodes.get() >= 1, what);
                }
            }
        }
    }

    @Test
    void packedCodesOutOfRangeAreRejectedAsCanonicalOnesAre() {
        DType t = new DType.Primitive(PType.I64, true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, 5L), new Scalar(t, 6L), new Scalar(t, 7L)));
        PrimitiveArray bad = DictReadTest.u8(Validity.NON_NULLABLE, 0, 1, 2, 3, 1);
        AtomicInteger decodes = new AtomicInteger();
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> new DictArray(t, new BlockCodes(bad, 4, 0, decodes), values));
        assertEquals("dictionary code 3 at row 3 is outside the 3 values", e.getMessage());
        // In a null row the same code is accepted: the maximum fails, the row-by-row check passes.
        PrimitiveArray ok = DictReadTest.u8(DictReadTest.mask(true, true, true, false, true), 0, 1, 2, 3, 1);
        DictArray dict = new DictArray(t, new BlockCodes(ok, 4, 5, decodes), values);
        Array decoded = dict.toCanonical();
        assertEquals(List.of(true, true, true, false, true), List.of(decoded.isValid(0), decoded.isValid(1),
                decoded.isValid(2), decoded.isValid(3), decoded.isValid(4)));
        assertEquals(7L, decoded.scalarAt(2).value());
        // The constructor checked the packed codes a block at a time, as the gather reads them: never decoded whole.
        assertEquals(0, decodes.get());
    }

    /**
     * The constructor's check of packed codes is the gather's: with a bad code far into the codes it names the row,
     * whatever the blocks' phase, and with null rows holding codes past the values it accepts them; neither decodes
     * the codes whole.
     */
    @Test
    void theConstructorChecksPackedCodesAsTheGatherDoes() {
        Random random = new Random(12);
        DType t = new DType.Utf8(true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, "x"), new Scalar(t, "a value past twelve bytes")));
        for (int round = 0; round < 30; round++) {
            int n = 1 + random.nextInt(6000);
            int[] codes = new int[n];
            boolean[] valid = new boolean[n];
            for (int i = 0; i < n; i++) {
                valid[i] = random.nextInt(4) != 0;
                codes[i] = valid[i] ? random.nextInt(2) : 2 + random.nextInt(200);
            }
            AtomicInteger decodes = new AtomicInteger();
            int phase = random.nextInt(1024);
            DictArray dict = new DictArray(t, new BlockCodes(DictReadTest.u8(DictReadTest.mask(valid), codes), 256,
                    phase, decodes), values);
            Array decoded = dict.toCanonical();
            for (int i = 0; i < n; i++) {
                assertEquals(valid[i], decoded.isValid(i), "row " + i);
            }
            int at = random.nextInt(n);
            valid[at] = true;
            codes[at] = 2 + random.nextInt(200);
            int bad = codes[at];
            MalformedFileException e = assertThrows(MalformedFileException.class, () -> new DictArray(t,
                    new BlockCodes(DictReadTest.u8(DictReadTest.mask(valid), codes), 256, phase, decodes), values));
            assertEquals("dictionary code " + bad + " at row " + at + " is outside the 2 values", e.getMessage());
            assertEquals(0, decodes.get(), "round " + round);
        }
    }

    /**
     * Codes with nulls and a {@link FilterKernel} of their own: a dictionary's row validity is read from the codes'
     * kernel, not row by row, and is right at every length (bits past the last row clear).
     */
    @Test
    void rowValidityComesFromTheCodesKernel() {
        Random random = new Random(13);
        DType t = new DType.Primitive(PType.I64, true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, 5L), Scalar.nullOf(t), new Scalar(t, 7L)));
        for (int n : new int[] {1, 63, 64, 65, 130, 1000}) {
            int[] codes = new int[n];
            boolean[] valid = new boolean[n];
            for (int i = 0; i < n; i++) {
                codes[i] = random.nextInt(3);
                valid[i] = random.nextInt(3) != 0;
            }
            AtomicInteger rowReads = new AtomicInteger();
            KernelCodes kernelCodes = new KernelCodes(DictReadTest.u8(DictReadTest.mask(valid), codes), rowReads);
            DictArray dict = new DictArray(t, kernelCodes, values);
            long[] out = new long[(n + 63) >>> 6];
            java.util.Arrays.fill(out, -1L);
            rowReads.set(0);
            dict.validity(out);
            assertEquals(0, rowReads.get(), n + " rows: the codes' validity was read row by row");
            for (int i = 0; i < out.length * 64; i++) {
                boolean expected = i < n && valid[i] && codes[i] != 1;
                assertEquals(expected, (out[i >>> 6] >>> i & 1L) != 0, n + " rows, row " + i);
            }
            // Without nulls in the codes, every row whose value is not null is valid.
            DictArray noNulls = new DictArray(t, DictReadTest.u8(Validity.ALL_VALID, codes), values);
            java.util.Arrays.fill(out, -1L);
            noNulls.validity(out);
            for (int i = 0; i < out.length * 64; i++) {
                assertEquals(i < n && codes[i] != 1, (out[i >>> 6] >>> i & 1L) != 0, n + " rows, row " + i);
            }
        }
    }

    /**
     * Codes standing in for bit-packed ones that have their own {@link FilterKernel} (as packed codes do), counting
     * reads of single rows' validity.
     */
    record KernelCodes(PrimitiveArray canonical, AtomicInteger rowReads) implements Array, IntegerBlocks,
            FilterKernel {
        @Override
        public Optional<Cursor> intBlocks() {
            return new BlockCodes(canonical, 1L << 8, 0, new AtomicInteger()).intBlocks();
        }

        @Override
        public DType dtype() {
            return canonical.dtype();
        }

        @Override
        public long length() {
            return canonical.length();
        }

        @Override
        public String encodingId() {
            return "test.kernel";
        }

        @Override
        public boolean isValid(long index) {
            rowReads.incrementAndGet();
            return canonical.isValid(index);
        }

        @Override
        public long nullCount() {
            return canonical.nullCount();
        }

        @Override
        public Array slice(long from, long to) {
            return new KernelCodes(canonical.slice(from, to), rowReads);
        }

        @Override
        public Array toCanonical() {
            return canonical;
        }

        @Override
        public boolean isCanonical() {
            return false;
        }

        @Override
        public Scalar scalarAt(long index) {
            return canonical.scalarAt(index);
        }

        @Override
        public void validity(long[] out) {
            java.util.Arrays.fill(out, 0L);
            for (int i = 0; i < canonical.length(); i++) {
                if (canonical.isValid(i)) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }

        @Override
        public boolean match(ValuePredicate predicate, long[] out) {
            return false;
        }
    }
}
