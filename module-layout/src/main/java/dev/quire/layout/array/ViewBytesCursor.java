package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The values of a {@link VarBinViewArray}, copied a block per call into the reader's {@link BytesBlocks.Block}: each
 * value out of its view (inline) or its data buffer. A null row gets length 0: its view was never checked, so it is
 * not read.
 */
final class ViewBytesCursor implements BytesBlocks.Cursor {
    private final VarBinViewArray array;
    private final MemorySegment views;
    private final MemorySegment[] buffers;
    /**
     * Per data buffer, the Java array holding it and where in it the buffer starts, or null when it is not in one
     * (off the heap, or a read-only view): values in one are copied with {@code System.arraycopy}, which costs a
     * fraction of a segment copy's set-up for the short values strings usually are.
     */
    private final byte[][] heap;
    private final long[] heapBase;
    private final long length;
    /** Whether some row may be null, so that each row's validity is read. */
    private final boolean nulls;
    private long row;

    ViewBytesCursor(VarBinViewArray array) {
        this.array = array;
        this.views = array.views();
        List<MemorySegment> b = array.buffers();
        this.buffers = b.toArray(MemorySegment[]::new);
        this.heap = new byte[buffers.length][];
        this.heapBase = new long[buffers.length];
        for (int i = 0; i < buffers.length; i++) {
            if (buffers[i].heapBase().orElse(null) instanceof byte[] bytes) {
                heap[i] = bytes;
                heapBase[i] = buffers[i].address();
            }
        }
        this.length = array.length();
        Validity validity = array.validity();
        this.nulls = validity instanceof Validity.Mask || validity instanceof Validity.AllInvalid;
    }

    @Override
    public int next(BytesBlocks.Block block) {
        long left = length - row;
        if (left <= 0) {
            return 0;
        }
        int n = (int) Math.min(BytesBlocks.BLOCK_ROWS, left);
        int[] offsets = block.offsets();
        offsets[0] = 0;
        long total = 0;
        int k = 0;
        for (; k < n; k++) {
            int size = size(row + k);
            if (total + size > BytesBlocks.Block.MAX_BYTES) {
                if (k == 0) {
                    throw new InvalidArgumentException("value " + row + " of " + size
                            + " bytes does not fit a block's array");
                }
                // a block stops short of the one array's limit; the rest go in the next
                break;
            }
            total += size;
            offsets[k + 1] = (int) total;
        }
        n = k;
        byte[] out = block.reserve(total);
        for (int i = 0; i < n; i++) {
            int size = offsets[i + 1] - offsets[i];
            if (size == 0) {
                continue;
            }
            long v = (row + i) * VarBinViewArray.VIEW_SIZE;
            if (size <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(views, ValueLayout.JAVA_BYTE, v + 4, out, offsets[i], size);
            } else {
                int buffer = views.get(LittleEndian.INT, v + 8);
                long offset = Integer.toUnsignedLong(views.get(LittleEndian.INT, v + 12));
                byte[] array = heap[buffer];
                if (array != null) {
                    // the array's view was checked against its buffers when it was built
                    System.arraycopy(array, (int) (heapBase[buffer] + offset), out, offsets[i], size);
                } else {
                    MemorySegment.copy(buffers[buffer], ValueLayout.JAVA_BYTE, offset, out, offsets[i], size);
                }
            }
        }
        row += n;
        return n;
    }

    /** Row {@code r}'s length: its view's for a valid row (checked when the array was built), 0 for a null one. */
    private int size(long r) {
        if (nulls && !array.isValid(r)) {
            return 0;
        }
        return views.get(LittleEndian.INT, r * VarBinViewArray.VIEW_SIZE);
    }
}
