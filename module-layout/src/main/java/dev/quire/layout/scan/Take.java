package dev.quire.layout.scan;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.spi.TakeKernel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the rows a mask selects. A run of selected rows is a zero-copy slice; anything sparser is copied into new
 * buffers (string views keep pointing into their data buffers, so string bytes are not copied). Encoded arrays that
 * offer a {@link TakeKernel} give the selected rows' values themselves; others are decoded and then gathered.
 */
final class Take {
    private Take() {}

    static Array take(Array array, RowMask mask) {
        return take(array, mask, false);
    }

    /**
     * The rows {@code mask} selects; with {@code encoded}, arrays that offer a {@link TakeKernel} may hand them out
     * still encoded ({@link TakeKernel#takeEncoded}), for scans whose batches are not decoded.
     */
    static Array take(Array array, RowMask mask, boolean encoded) {
        long n = array.length();
        long first = mask.nextSetBit(0);
        if (first < 0) {
            return array.slice(0, 0);
        }
        long selected = mask.countOnes();
        long afterRun = mask.nextClearBit(first);
        long end = afterRun < 0 ? n : afterRun;
        if (end - first == selected) {
            return first == 0 && end == n ? array : array.slice(first, end);
        }
        long[] rows = mask.toRows();
        return gather(array, rows, encoded);
    }

    /** The values at {@code rows} (ascending), canonical. */
    static Array gather(Array array, long[] rows) {
        return gather(array, rows, false);
    }

    /**
     * The values at {@code rows} (ascending): canonical, or with {@code encoded}, in the encoding a
     * {@link TakeKernel} chose to hand them out in.
     */
    static Array gather(Array array, long[] rows, boolean encoded) {
        return switch (array) {
            case PrimitiveArray p -> primitive(p, rows);
            case BoolArray b -> new BoolArray(bits(b.bits(), rows), validity(b.validity(), rows));
            case VarBinViewArray v -> views(v, rows);
            case DecimalArray d -> decimal(d, rows);
            case StructArray s -> {
                List<Array> fields = new ArrayList<>(s.fields().size());
                for (Array f : s.fields()) {
                    fields.add(gather(f, rows, encoded));
                }
                yield new StructArray(s.dtype(), fields, rows.length, validity(s.validity(), rows));
            }
            case ExtensionArray e -> new ExtensionArray(e.dtype(), gather(e.storage(), rows, encoded));
            case NullArray x -> new NullArray(rows.length);
            case ConstantArray c -> new ConstantArray(c.scalar(), rows.length);
            case TakeKernel k -> (encoded ? k.takeEncoded(rows) : k.take(rows))
                    .orElseGet(() -> gather(array.toCanonical(), rows));
            default -> gather(array.toCanonical(), rows);
        };
    }

    private static PrimitiveArray primitive(PrimitiveArray p, long[] rows) {
        MemorySegment dst = slots(p.values(), p.ptype().byteWidth(), rows);
        return new PrimitiveArray(p.dtype(), dst.asReadOnly(), validity(p.validity(), rows));
    }

    private static DecimalArray decimal(DecimalArray d, long[] rows) {
        MemorySegment dst = slots(d.values(), d.valueWidth(), rows);
        return new DecimalArray(d.dtype(), dst.asReadOnly(), d.valueWidth(), validity(d.validity(), rows));
    }

    /**
     * The {@code width}-byte slots of {@code src} at {@code rows}, end to end in a new segment. Slots of 1, 2, 4 and 8
     * bytes are copied as elements, not with a bulk copy per value, which pays the bulk path's set-up (and a scope
     * check) every time; wider ones (16- and 32-byte decimals) are copied per value.
     */
    private static MemorySegment slots(MemorySegment src, int width, long[] rows) {
        MemorySegment fromArray = heapSlots(src, width, rows);
        if (fromArray != null) {
            return fromArray;
        }
        MemorySegment dst = MemorySegment.ofArray(new byte[Math.multiplyExact(rows.length, width)]);
        switch (width) {
            case 8 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.setAtIndex(LittleEndian.LONG, i, src.getAtIndex(LittleEndian.LONG, rows[i]));
                }
            }
            case 4 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.setAtIndex(LittleEndian.INT, i, src.getAtIndex(LittleEndian.INT, rows[i]));
                }
            }
            case 2 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.setAtIndex(LittleEndian.SHORT, i, src.getAtIndex(LittleEndian.SHORT, rows[i]));
                }
            }
            case 1 -> {
                for (int i = 0; i < rows.length; i++) {
                    dst.set(ValueLayout.JAVA_BYTE, i, src.get(ValueLayout.JAVA_BYTE, rows[i]));
                }
            }
            default -> {
                for (int i = 0; i < rows.length; i++) {
                    MemorySegment.copy(src, rows[i] * width, dst, (long) i * width, width);
                }
            }
        }
        return dst;
    }

    /**
     * The slots gathered with plain array reads and writes, when {@code src} lies in a Java array of the slots' width
     * at a whole slot (decoded arrays do) on a little-endian host (where the array's elements are the little-endian
     * slots): no segment access per row, which costs most before the JIT has compiled this loop. Null otherwise.
     */
    private static MemorySegment heapSlots(MemorySegment src, int width, long[] rows) {
        if (!LITTLE_ENDIAN || src.heapBase().isEmpty() || src.address() % width != 0) {
            return null;
        }
        Object base = src.heapBase().get();
        int first = (int) (src.address() / width);
        if (base instanceof long[] words && width < 8) {
            // narrower slots packed in longs (how decoded integers are often held): slot k is lane k % (8 / width)
            // of word k / (8 / width), lowest lane first
            return packedSlots(words, first, width, rows);
        }
        switch (base) {
            case long[] a when width == 8 -> {
                long[] out = new long[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    out[i] = a[first + (int) rows[i]];
                }
                return MemorySegment.ofArray(out);
            }
            case int[] a when width == 4 -> {
                int[] out = new int[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    out[i] = a[first + (int) rows[i]];
                }
                return MemorySegment.ofArray(out);
            }
            case short[] a when width == 2 -> {
                short[] out = new short[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    out[i] = a[first + (int) rows[i]];
                }
                return MemorySegment.ofArray(out);
            }
            case byte[] a when width == 1 -> {
                byte[] out = new byte[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    out[i] = a[first + (int) rows[i]];
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                return null;
            }
        }
    }

    /** {@link #heapSlots} for 1-, 2- and 4-byte slots held in a {@code long[]} from slot {@code first}. */
    private static MemorySegment packedSlots(long[] words, int first, int width, long[] rows) {
        switch (width) {
            case 4 -> {
                int[] out = new int[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    long k = first + rows[i];
                    out[i] = (int) (words[(int) (k >>> 1)] >>> ((k & 1) << 5));
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    long k = first + rows[i];
                    out[i] = (short) (words[(int) (k >>> 2)] >>> ((k & 3) << 4));
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                byte[] out = new byte[rows.length];
                for (int i = 0; i < rows.length; i++) {
                    long k = first + rows[i];
                    out[i] = (byte) (words[(int) (k >>> 3)] >>> ((k & 7) << 3));
                }
                return MemorySegment.ofArray(out);
            }
        }
    }

    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private static VarBinViewArray views(VarBinViewArray v, long[] rows) {
        MemorySegment src = v.views();
        int size = VarBinViewArray.VIEW_SIZE;
        MemorySegment dst = MemorySegment.ofArray(new byte[Math.multiplyExact(rows.length, size)]);
        // A view is 16 bytes: two longs, copied as such.
        for (int i = 0; i < rows.length; i++) {
            long at = rows[i] * 2;
            dst.setAtIndex(LittleEndian.LONG, 2L * i, src.getAtIndex(LittleEndian.LONG, at));
            dst.setAtIndex(LittleEndian.LONG, 2L * i + 1, src.getAtIndex(LittleEndian.LONG, at + 1));
        }
        return new VarBinViewArray(v.dtype(), dst.asReadOnly(), v.buffers(), validity(v.validity(), rows));
    }

    private static BitBuffer bits(BitBuffer bits, long[] rows) {
        byte[] out = new byte[(rows.length + 7) / 8];
        for (int i = 0; i < rows.length; i++) {
            if (bits.get(rows[i])) {
                out[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return BitBuffer.ofBytes(out, rows.length);
    }

    private static Validity validity(Validity validity, long[] rows) {
        return validity instanceof Validity.Mask m ? new Validity.Mask(bits(m.bits(), rows)) : validity;
    }
}
