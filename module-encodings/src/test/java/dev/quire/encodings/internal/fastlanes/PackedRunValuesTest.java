package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.encodings.internal.runs.RunEndEncoding;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Run-end arrays whose 8-byte run values are still bit-packed (as the reference writes {@code l_orderkey}): they are
 * expanded from blocks of unpacked run values, and must equal the expansion of the same values decoded first, for
 * random runs (shorter than, as long as and longer than a group of stores, empty ones), offsets into the first runs,
 * arrays ending inside their last run, packed values under a frame of reference, sliced into their first block,
 * nullable with and without nulls.
 */
class PackedRunValuesTest {

    static IntStream seeds() {
        return IntStream.range(0, 40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void expandsPackedRunValuesLikeDecodedOnes(int seed) {
        Random random = new Random(seed * 977L + 5);
        // runs: mostly short, some a group of stores long or one past it, some long, some empty; many blocks of them
        int runCount = 1 + random.nextInt(seed % 3 == 0 ? 40 : 5000);
        long[] ends = new long[runCount];
        long end = 0;
        for (int r = 0; r < runCount; r++) {
            int kind = random.nextInt(10);
            end += kind < 6 ? 1 + random.nextInt(8) : kind == 6 ? 8 + random.nextInt(2) : kind == 7 ? 0
                    : 9 + random.nextInt(300);
            ends[r] = end;
        }
        if (end == 0) {
            ends[runCount - 1] = 1;
            end = 1;
        }
        long total = end;
        long offset = random.nextBoolean() ? 0 : random.nextInt((int) Math.min(total, 40));
        long[] kept = java.util.Arrays.stream(ends).filter(e -> e > offset).toArray();
        int runs = kept.length;
        long length = total - offset - (random.nextBoolean() ? 0 : random.nextInt((int) Math.min(total - offset, 5)));

        int width = random.nextInt(65);
        // nullable dtypes too: without nulls they take the block path, with nulls the decoded one
        boolean nullable = random.nextBoolean();
        boolean withNulls = nullable && random.nextBoolean();
        int lead = random.nextBoolean() ? 0 : random.nextInt(1024);
        PackedArray packed = (PackedArray) packedParts(width, lead + runs, nullable, withNulls, random)
                .decode(new BitPackedEncoding());
        if (random.nextBoolean()) {
            packed = packed.withReference(random.nextLong());
        }
        // values sliced into their first block, as a chunk's split leaves them
        Array values = lead == 0 ? packed : packed.slice(lead, lead + runs);
        DType.Primitive dtype = new DType.Primitive(PType.I64, nullable);
        String what = "seed " + seed + ": " + runs + " runs, width " + width + ", offset " + offset + ", length "
                + length + ", lead " + lead + (nullable ? ", nullable" : "") + (withNulls ? " with nulls" : "");
        Array fromBlocks = runEnd(dtype, kept, offset, length, values);
        Array fromDecoded = runEnd(dtype, kept, offset, length, values.toCanonical());
        assertEquals(length, fromBlocks.length(), what);
        PrimitiveArray old = (PrimitiveArray) fromDecoded.toCanonical();
        PrimitiveArray now = (PrimitiveArray) fromBlocks.toCanonical();
        assertEquals(old.nullCount(), now.nullCount(), what + ": null count");
        for (int i = 0; i < length; i++) {
            assertEquals(old.isValid(i), now.isValid(i), what + ": validity of row " + i);
            if (old.isValid(i)) {
                assertEquals(old.getLongValue(i), now.getLongValue(i), what + ": row " + i);
            }
        }
        // the hand expansion of the decoded values agrees too
        PrimitiveArray v = (PrimitiveArray) values.toCanonical();
        PrimitiveArray got = (PrimitiveArray) fromBlocks.toCanonical();
        int run = 0;
        for (int i = 0; i < length; i++) {
            while (kept[run] <= offset + i) {
                run++;
            }
            assertEquals(v.isValid(run), got.isValid(i), what + ": validity of row " + i);
            if (v.isValid(run)) {
                assertEquals(v.getLongValue(run), got.getLongValue(i), what + ": row " + i);
            }
        }
    }

    /** {@code length} random {@code width}-bit i64 codes, of a nullable dtype or not, with some nulls or none. */
    private static TestParts packedParts(int width, int length, boolean nullable, boolean withNulls, Random random) {
        if (withNulls) {
            return PackedLongBlocksTest.packedParts(PType.I64, width, 0, length, true, random);
        }
        long[] padded = new long[(int) FastLanes.blocks(0, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = width == 0 ? 0 : width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
        }
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(0).build();
        return new TestParts(new DType.Primitive(PType.I64, nullable), length, meta.toByteArray())
                .buffer(TestFastLanes.pack(64, width, padded));
    }

    /** Malformed ends are reported over packed run values just as over decoded ones. */
    @Test
    void reportsMalformedEndsOverPackedValues() {
        DType.Primitive dtype = new DType.Primitive(PType.I64, false);
        record Case(String fragment, long offset, int length, long[] ends) {}
        List<Case> cases = new ArrayList<>(List.of(
                new Case("run ends decrease", 0, 5, new long[] {4, 2, 5}),
                new Case("before the array's end", 0, 5, new long[] {2, 4}),
                new Case("below the offset 3", 3, 2, new long[] {2, 5})));
        for (Case c : cases) {
            PackedArray values = (PackedArray) PackedLongBlocksTest
                    .packedParts(PType.I64, 7, 0, c.ends().length, false, new Random(1))
                    .decode(new BitPackedEncoding());
            assertTrue(values.longBlocks().isPresent(), "packed values offer blocks");
            Expect.malformed(c.fragment(), () -> runEnd(dtype, c.ends(), c.offset(), c.length(), values));
        }
    }

    private static Array runEnd(DType.Primitive dtype, long[] ends, long offset, long length, Array values) {
        byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U32.code()).setNumRuns(ends.length)
                .setOffset(offset).build().toByteArray();
        return new TestParts(dtype, length, meta).child(TestArrays.primitive(PType.U32, ends)).child(values)
                .decode(new RunEndEncoding());
    }
}
