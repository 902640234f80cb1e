package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Gathering fixed-width slots gives the rows' values whatever Java array holds them: bytes, an array of the slots'
 * own width, or narrower slots packed in longs (as decoded integers often are), from the start or a slice of it, and
 * at offsets that are not whole slots.
 */
class TakeSlotsTest {
    private static final PType[] TYPES = {PType.I8, PType.U8, PType.I16, PType.U16, PType.I32, PType.U32, PType.F32,
        PType.I64, PType.U64, PType.F64};

    /** {@code bytes} held as {@code holder} says: 0 byte[], 1 the slots' own width, 2 longs. */
    private static MemorySegment held(byte[] bytes, int width, int holder) {
        MemorySegment src = MemorySegment.ofArray(bytes);
        MemorySegment dst = switch (holder) {
            case 0 -> MemorySegment.ofArray(new byte[bytes.length]);
            case 1 -> switch (width) {
                case 8 -> MemorySegment.ofArray(new long[bytes.length / 8]);
                case 4 -> MemorySegment.ofArray(new int[bytes.length / 4]);
                case 2 -> MemorySegment.ofArray(new short[bytes.length / 2]);
                default -> MemorySegment.ofArray(new byte[bytes.length]);
            };
            default -> MemorySegment.ofArray(new long[(bytes.length + 7) / 8]);
        };
        MemorySegment.copy(src, 0, dst, 0, bytes.length);
        return dst.asSlice(0, bytes.length);
    }

    private static long[] someRows(Random random, long n) {
        List<Long> rows = new ArrayList<>();
        for (long r = 0; r < n; r++) {
            if (random.nextInt(4) != 0) {
                rows.add(r);
            }
        }
        return rows.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void primitiveSlotsFromEveryHolder() {
        Random random = new Random(3);
        for (PType type : TYPES) {
            int width = type.byteWidth();
            byte[] bytes = new byte[1003 * width];
            random.nextBytes(bytes);
            for (int holder = 0; holder < 3; holder++) {
                for (int skip : new int[] {0, 1, 5}) {
                    // skip whole slots (a slice), or bytes (slots not at whole slots of the holder)
                    MemorySegment all = held(bytes, width, holder);
                    boolean bytesSkipped = skip == 5 && width > 1;
                    MemorySegment values = bytesSkipped
                            ? all.asSlice(1, (long) (1003 - 1) * width) : all.asSlice((long) skip * width);
                    PrimitiveArray array = new PrimitiveArray(new DType.Primitive(type, false), values,
                            Validity.NON_NULLABLE);
                    long[] rows = someRows(random, array.length());
                    PrimitiveArray taken = (PrimitiveArray) Take.gather(array, rows);
                    String what = type + " holder " + holder + " skip " + skip;
                    assertEquals(rows.length, taken.length(), what);
                    for (int i = 0; i < rows.length; i++) {
                        assertEquals(array.scalarAt(rows[i]), taken.scalarAt(i), what + " row " + rows[i]);
                    }
                }
            }
        }
    }

    @Test
    void decimalSlots() {
        Random random = new Random(4);
        for (int width : new int[] {1, 2, 4, 8, 16}) {
            byte[] bytes = new byte[777 * width];
            random.nextBytes(bytes);
            for (int holder = 0; holder < 3; holder++) {
                MemorySegment values = width == 16 ? MemorySegment.ofArray(bytes) : held(bytes, width, holder);
                DecimalArray array = new DecimalArray(new DType.Decimal(width == 16 ? 38 : 2, 1, false), values, width,
                        Validity.NON_NULLABLE);
                long[] rows = someRows(random, array.length());
                Array taken = Take.gather(array, rows);
                for (int i = 0; i < rows.length; i++) {
                    assertEquals(array.scalarAt(rows[i]), taken.scalarAt(i), "width " + width + " row " + rows[i]);
                }
            }
        }
    }
}
