package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Builds {@link VarBinViewArray}s with a single data buffer for values longer than 12 bytes. */
public final class VarBinViewBuilder extends ArrayBuilder {
    private final DType dtype;
    private final ByteSink views = new ByteSink(1024);
    private final ByteSink data = new ByteSink(1024);
    private final ValiditySink validity;

    VarBinViewBuilder(DType dtype) {
        this.dtype = dtype;
        this.validity = new ValiditySink(dtype.nullable());
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return views.size() / VarBinViewArray.VIEW_SIZE;
    }

    @Override
    public long byteSize() {
        return views.size() + data.size() + validity.byteSize();
    }

    public void appendString(String s) {
        appendBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    public void appendBytes(byte[] b) {
        appendBytes(MemorySegment.ofArray(b));
    }

    public void appendBytes(MemorySegment value) {
        long size = value.byteSize();
        if (size > Integer.MAX_VALUE - 16) {
            throw new InvalidArgumentException("a value of " + size + " bytes is too large");
        }
        views.writeInt((int) size);
        if (size <= VarBinViewArray.MAX_INLINED) {
            int start = views.size();
            views.writeZeros(12);
            MemorySegment.copy(value, 0, views.view(), start, size);
        } else {
            views.writeInt(value.get(LittleEndian.INT, 0));
            views.writeInt(0);
            views.writeInt(data.size());
            data.write(value);
        }
        validity.append(true);
    }

    @Override
    public void appendNull() {
        checkNullable();
        views.writeZeros(VarBinViewArray.VIEW_SIZE);
        validity.append(false);
    }

    /**
     * Copies the source's views in one go, then fixes each up in place: a null slot's view zeroed, a short value's
     * bytes past its end zeroed (as {@link #appendBytes} leaves them), a long value's bytes copied into this builder's
     * data buffer and its view pointed there. No segment per value.
     */
    @Override
    void appendCanonical(Array canonical, long from, long to) {
        VarBinViewArray src = (VarBinViewArray) canonical;
        List<MemorySegment> srcBuffers = src.buffers();
        Validity srcValidity = src.validity();
        boolean masked = srcValidity instanceof Validity.Mask || srcValidity instanceof Validity.AllInvalid;
        int start = views.size();
        views.write(src.views(), from * VarBinViewArray.VIEW_SIZE, (to - from) * VarBinViewArray.VIEW_SIZE);
        if (!masked) {
            validity.appendMany(true, to - from);
        }
        int pos = start;
        for (long i = from; i < to; i++, pos += VarBinViewArray.VIEW_SIZE) {
            boolean valid = true;
            if (masked) {
                // one value at a time, as appendBytes and appendNull would: a mask without nulls stays no mask
                valid = srcValidity.isValid(i);
                validity.append(valid);
            }
            if (!valid) {
                views.setLong(pos, 0);
                views.setLong(pos + 8, 0);
                continue;
            }
            long head = views.getLong(pos);
            int size = (int) head;
            if (size <= VarBinViewArray.MAX_INLINED) {
                if (size < 4) {
                    views.setLong(pos, head & ((1L << ((size + 4) << 3)) - 1));
                }
                if (size < 12) {
                    long tail = views.getLong(pos + 8);
                    views.setLong(pos + 8, size <= 4 ? 0 : tail & ((1L << ((size - 4) << 3)) - 1));
                }
            } else {
                MemorySegment buffer = srcBuffers.get(views.getInt(pos + 8));
                long offset = Integer.toUnsignedLong(views.getInt(pos + 12));
                views.setInt(pos + 4, buffer.get(LittleEndian.INT, offset));
                views.setInt(pos + 8, 0);
                views.setInt(pos + 12, data.size());
                data.write(buffer, offset, size);
            }
        }
    }

    @Override
    public void appendScalar(Scalar value) {
        if (value.isNull()) {
            appendNull();
        } else if (value.value() instanceof String s) {
            appendString(s);
        } else {
            appendBytes((byte[]) value.value());
        }
    }

    @Override
    public VarBinViewArray finish() {
        MemorySegment v = views.take();
        MemorySegment d = data.take();
        List<MemorySegment> buffers = d.byteSize() == 0 ? List.of() : List.of(d);
        return new VarBinViewArray(dtype, v, buffers, validity.take());
    }
}
