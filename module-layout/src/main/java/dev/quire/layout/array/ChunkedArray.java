package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** Arrays of one dtype, end to end; canonicalising copies them into one array. */
public final class ChunkedArray implements Array {
    public static final String ID = "vortex.chunked";

    private final DType dtype;
    private final List<Array> chunks;
    private final long[] offsets;

    public ChunkedArray(DType dtype, List<? extends Array> chunks) {
        this.dtype = Objects.requireNonNull(dtype, "dtype is null");
        this.chunks = List.copyOf(chunks);
        this.offsets = new long[this.chunks.size() + 1];
        for (int i = 0; i < this.chunks.size(); i++) {
            Array c = this.chunks.get(i);
            if (!c.dtype().equals(dtype)) {
                throw new InvalidArgumentException("chunk " + i + " is " + c.dtype() + ", not " + dtype);
            }
            offsets[i + 1] = offsets[i] + c.length();
        }
    }

    public List<Array> chunks() {
        return chunks;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return offsets[offsets.length - 1];
    }

    @Override
    public String encodingId() {
        return ID;
    }

    private int chunkOf(long index) {
        int i = Arrays.binarySearch(offsets, index);
        if (i >= 0) {
            // first chunk that starts at index and is not empty
            while (i < chunks.size() && offsets[i + 1] == index) {
                i++;
            }
            return i;
        }
        return -i - 2;
    }

    @Override
    public boolean isValid(long index) {
        Arrays2.checkIndex(index, length());
        int c = chunkOf(index);
        return chunks.get(c).isValid(index - offsets[c]);
    }

    @Override
    public long nullCount() {
        long n = 0;
        for (Array c : chunks) {
            n += c.nullCount();
        }
        return n;
    }

    @Override
    public Array slice(long from, long to) {
        Arrays2.checkSlice(from, to, length());
        List<Array> out = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            long s = Math.max(from, offsets[i]);
            long e = Math.min(to, offsets[i + 1]);
            if (s < e) {
                out.add(chunks.get(i).slice(s - offsets[i], e - offsets[i]));
            }
        }
        return out.size() == 1 ? out.getFirst() : new ChunkedArray(dtype, out);
    }

    @Override
    public Array toCanonical() {
        if (chunks.size() == 1) {
            return chunks.getFirst().toCanonical();
        }
        ArrayBuilder builder = ArrayBuilder.forType(dtype);
        for (Array c : chunks) {
            builder.append(c);
        }
        return builder.finish();
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length());
        int c = chunkOf(index);
        return chunks.get(c).scalarAt(index - offsets[c]);
    }
}
