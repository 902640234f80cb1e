package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class BuffersTest {
    @Test
    void everyPowerOfTwoAlignmentUpToTheMaximumIsHonoured() {
        for (long alignment = 1; alignment <= Buffers.MAX_ALIGNMENT; alignment <<= 1) {
            for (long length : new long[] {1, 3, 17, 4095, 4097}) {
                MemorySegment s = Buffers.allocate(length, alignment);
                assertEquals(length, s.byteSize());
                assertTrue(s.isNative(), "read buffers are native memory");
                assertEquals(0, s.address() % alignment, "address " + s.address() + " for alignment " + alignment);
            }
        }
    }

    @Test
    void alignedKeepsAnAlignedSliceAndCopiesAMisalignedOne() {
        MemorySegment base = Buffers.allocate(256, 64);
        for (int i = 0; i < 256; i++) {
            base.set(ValueLayout.JAVA_BYTE, i, (byte) i);
        }
        MemorySegment atStart = base.asSlice(64, 100);
        assertEquals(atStart.address(), Buffers.aligned(atStart, 64).address(), "an aligned slice is not copied");
        MemorySegment off = base.asSlice(3, 100);
        MemorySegment copy = Buffers.aligned(off, 64);
        assertEquals(0, copy.address() % 64);
        assertEquals(100, copy.byteSize());
        assertTrue(copy.isReadOnly());
        for (int i = 0; i < 100; i++) {
            assertEquals((byte) (i + 3), copy.get(ValueLayout.JAVA_BYTE, i));
        }
    }

    @Test
    void buffersStartZeroed() {
        MemorySegment s = Buffers.allocate(1000, 64);
        for (long i = 0; i < s.byteSize(); i++) {
            assertEquals(0, s.get(ValueLayout.JAVA_BYTE, i));
        }
    }

    /**
     * The surefire argLine of this module denies restricted methods ({@code --illegal-native-access=deny}), so this
     * fails if a zero-length buffer is made with {@code reinterpret}, which would print a warning in every JVM that
     * reads an empty segment and break once the JDK blocks such calls.
     */
    @Test
    void zeroLengthBuffersNeedNoNativeAccess() {
        for (long alignment = 1; alignment <= Buffers.MAX_ALIGNMENT; alignment <<= 1) {
            MemorySegment s = Buffers.allocate(0, alignment);
            assertEquals(0, s.byteSize());
            assertEquals(0, s.address() % alignment);
        }
    }

    @Test
    void invalidAlignmentsAreRejected() {
        for (long bad : new long[] {0, -8, 3, 12, Buffers.MAX_ALIGNMENT * 2, Long.MIN_VALUE}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> Buffers.allocate(8, bad), "alignment " + bad);
            assertTrue(e.getMessage().contains(Long.toString(bad)), e.getMessage());
        }
    }

    @Test
    void negativeLengthIsRejected() {
        assertThrows(InvalidArgumentException.class, () -> Buffers.allocate(-1, 8));
    }
}
