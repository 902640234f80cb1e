package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VarBinViewArray#ofOffsets}: the views it builds are exactly those the builder makes for the same values,
 * whatever the lengths (around the 12-byte inline limit and the 16 bytes read at once), the window of offsets, and
 * the bytes around the values (slack past {@code dataLength} never shows in a view); bad offsets are refused.
 */
class VarBinViewOffsetsTest {
    private static final DType BINARY = new DType.Binary(false);

    @Test
    void viewsEqualTheBuildersForRandomValuesWindowsAndSlack() {
        Random random = new Random(42);
        for (int round = 0; round < 400; round++) {
            int n = random.nextInt(60);
            int[] lengths = new int[n];
            for (int i = 0; i < n; i++) {
                int kind = random.nextInt(4);
                lengths[i] = kind == 0 ? 0 : kind == 1 ? random.nextInt(17) : kind == 2 ? 12 + random.nextInt(3)
                        : random.nextInt(80);
            }
            int from = random.nextInt(5);
            int base = random.nextInt(1000) - 500;
            int[] offsets = new int[from + n + 1 + random.nextInt(3)];
            offsets[from] = base;
            for (int i = 0; i < from; i++) {
                offsets[i] = base - random.nextInt(10);
            }
            for (int i = 0; i < n; i++) {
                offsets[from + i + 1] = offsets[from + i] + lengths[i];
            }
            int total = offsets[from + n] - base;
            // the data may end right after the values or carry slack of any size, filled with non-zero bytes
            int slack = random.nextInt(3) == 0 ? 0 : random.nextInt(20);
            byte[] data = new byte[total + slack];
            random.nextBytes(data);
            for (int i = total; i < data.length; i++) {
                data[i] = (byte) (0x80 | random.nextInt(128));
            }
            int dataLength = total + (slack > 0 && random.nextBoolean() ? random.nextInt(slack + 1) : 0);

            VarBinViewArray built = VarBinViewArray.ofOffsets(BINARY, data, dataLength, offsets, from, n,
                    Validity.NON_NULLABLE);
            VarBinViewBuilder expected = (VarBinViewBuilder) ArrayBuilder.forType(BINARY);
            int at = 0;
            for (int i = 0; i < n; i++) {
                expected.appendBytes(Arrays.copyOfRange(data, at, at + lengths[i]));
                at += lengths[i];
            }
            VarBinViewArray want = expected.finish();
            assertEquals(n, built.length());
            at = 0;
            for (int i = 0; i < n; i++) {
                assertArrayEquals(Arrays.copyOfRange(data, at, at + lengths[i]), built.getBytes(i),
                        "round " + round + " value " + i);
                at += lengths[i];
                if (lengths[i] <= VarBinViewArray.MAX_INLINED) {
                    // an inline view is the builder's, byte for byte (zeros after the value, never slack)
                    assertArrayEquals(want.views().asSlice(i * 16L, 16).toArray(ValueLayout.JAVA_BYTE),
                            built.views().asSlice(i * 16L, 16).toArray(ValueLayout.JAVA_BYTE),
                            "round " + round + " inline view " + i);
                }
            }
            // the views pass the constructor's checks against the buffers
            VarBinViewArray checked = new VarBinViewArray(BINARY, built.views(), built.buffers(),
                    Validity.NON_NULLABLE);
            assertEquals(n, checked.length());
            assertTrue(built.buffers().stream().allMatch(b -> b.byteSize() == dataLength));
        }
    }

    @Test
    void keepsTheValidityItIsGiven() {
        byte[] data = "abcdefghijklmnopqrstuvwxyz".getBytes();
        Validity validity = new Validity.Mask(BitBuffer.ofBytes(new byte[] {0b101}, 3));
        VarBinViewArray a = VarBinViewArray.ofOffsets(new DType.Utf8(true), data, 26, new int[] {0, 13, 13, 26}, 0,
                3, validity);
        assertEquals("abcdefghijklm", a.getString(0));
        assertEquals(1, a.nullCount());
        assertEquals("nopqrstuvwxyz", a.getString(2));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(new DType.Utf8(true), data, 26,
                new int[] {0, 13, 13, 26}, 0, 2, validity));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(new DType.Utf8(false), data,
                26, new int[] {0, 13, 13, 26}, 0, 3, validity));
    }

    @Test
    void refusesOffsetsThatDecreaseOrOverrunAndBadRanges() {
        byte[] data = new byte[40];
        var down = assertThrows(InvalidArgumentException.class,
                () -> VarBinViewArray.ofOffsets(BINARY, data, 40, new int[] {5, 20, 19, 30}, 0, 3,
                        Validity.NON_NULLABLE));
        assertTrue(down.getMessage().contains("offset 2 is 19, outside [20, 45]"), down.getMessage());
        var over = assertThrows(InvalidArgumentException.class,
                () -> VarBinViewArray.ofOffsets(BINARY, data, 30, new int[] {0, 20, 31}, 0, 2,
                        Validity.NON_NULLABLE));
        assertTrue(over.getMessage().contains("offset 2 is 31, outside [20, 30]"), over.getMessage());
        // a difference that wraps around in 32 bits is still seen as going down
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(BINARY, data, 40,
                new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, 0, 1, Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(BINARY, data, 40,
                new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}, 0, 1, Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(BINARY, data, 41,
                new int[] {0, 1}, 0, 1, Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(BINARY, data, 40,
                new int[] {0, 1}, 1, 1, Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(BINARY, data, 40,
                new int[] {0, 1}, -1, 1, Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.ofOffsets(new DType.Bool(false), data,
                40, new int[] {0, 1}, 0, 1, Validity.NON_NULLABLE));
        // no values and no data: an empty array with no data buffer
        VarBinViewArray empty = VarBinViewArray.ofOffsets(BINARY, new byte[0], 0, new int[] {7}, 0, 0,
                Validity.NON_NULLABLE);
        assertEquals(0, empty.length());
        assertEquals(0, empty.buffers().size());
        assertEquals(0, empty.views().byteSize());
    }
}
