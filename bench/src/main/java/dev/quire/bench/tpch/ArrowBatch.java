package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * An Arrow batch seen as the runner's {@link Batch}, without copying: BigInt and Int columns, DateDay (days since
 * the epoch) and 128-bit Decimal (the unscaled value, which must fit a long) read as {@link LongColumn}s; VarChar and
 * ViewVarChar as {@link StringColumn}s. Accessors read the Arrow buffers directly, so they are valid only while the
 * batch is (until the reader loads its next batch). Nulls are not looked at: lineitem has none.
 */
public final class ArrowBatch implements Batch {
    private final VectorSchemaRoot root;

    public ArrowBatch(VectorSchemaRoot root) {
        this.root = root;
    }

    @Override
    public int length() {
        return root.getRowCount();
    }

    @Override
    public LongColumn longs(String column) {
        return switch (vector(column)) {
            case BigIntVector v -> new Longs(segment(v.getDataBuffer(), (long) v.getValueCount() * Long.BYTES));
            case IntVector v -> new Ints(segment(v.getDataBuffer(), (long) v.getValueCount() * Integer.BYTES));
            case DateDayVector v -> new Ints(segment(v.getDataBuffer(), (long) v.getValueCount() * Integer.BYTES));
            case DecimalVector v -> new Decimals(column, segment(v.getDataBuffer(), (long) v.getValueCount() * 16));
            case FieldVector v -> throw new UnsupportedFeatureException("column " + column + " is Arrow "
                    + v.getField().getType() + ", which is not read as longs (BigInt, Int, DateDay or Decimal)");
        };
    }

    /**
     * The first {@code bytes} bytes of an Arrow buffer as a segment, so that values are read (and, in bulk, copied)
     * with bounds checks against the vector's values rather than Arrow's per-call checks.
     */
    private static MemorySegment segment(ArrowBuf buffer, long bytes) {
        if (bytes > buffer.capacity()) {
            throw new InvalidArgumentException("an Arrow data buffer of " + buffer.capacity() + " bytes is smaller "
                    + "than its " + bytes + " bytes of values");
        }
        return bytes == 0 ? MemorySegment.NULL : MemorySegment.ofAddress(buffer.memoryAddress()).reinterpret(bytes);
    }

    // One class per Arrow vector type, each with its own bulk loop (see LongColumn#read).

    private record Longs(MemorySegment data) implements LongColumn {
        @Override
        public long get(int row) {
            return data.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, row);
        }

        @Override
        public void read(int from, long[] out, int n) {
            MemorySegment.copy(data, ValueLayout.JAVA_LONG_UNALIGNED, (long) from * Long.BYTES, out, 0, n);
        }
    }

    private record Ints(MemorySegment data) implements LongColumn {
        @Override
        public long get(int row) {
            return data.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, row);
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0; i < n; i++) {
                out[i] = data.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, from + i);
            }
        }
    }

    /** Arrow's 128-bit decimals are little-endian: the low 64 bits first, then the high 64 bits. */
    private record Decimals(String column, MemorySegment data) implements LongColumn {
        @Override
        public long get(int row) {
            long at = (long) row * 16;
            long low = data.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
            long high = data.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8);
            if (high != low >> 63) {
                throw tooWide(row);
            }
            return low;
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0; i < n; i++) {
                long at = (long) (from + i) * 16;
                long low = data.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
                long high = data.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8);
                if (high != low >> 63) {
                    throw tooWide(from + i);
                }
                out[i] = low;
            }
        }

        private UnsupportedFeatureException tooWide(int row) {
            return new UnsupportedFeatureException("the decimal at row " + row + " of column " + column
                    + " does not fit a long");
        }
    }

    @Override
    public StringColumn strings(String column) {
        return switch (vector(column)) {
            case VarCharVector v -> new OffsetStrings(v);
            case ViewVarCharVector v -> new ViewStrings(v);
            case FieldVector v -> throw new UnsupportedFeatureException("column " + column + " is Arrow "
                    + v.getField().getType() + ", which is not read as strings (VarChar or ViewVarChar)");
        };
    }

    private FieldVector vector(String column) {
        FieldVector v = root.getVector(column);
        if (v == null) {
            throw new InvalidArgumentException("no column " + column + " in this batch; it has "
                    + root.getSchema().getFields().stream().map(f -> f.getName()).toList());
        }
        return v;
    }

    /** Strings as int32 offsets into one data buffer. */
    private static final class OffsetStrings implements StringColumn {
        private final BaseVariableWidthVector vector;
        private final ArrowBuf offsets;
        private final ArrowBuf data;

        OffsetStrings(BaseVariableWidthVector vector) {
            this.vector = vector;
            this.offsets = vector.getOffsetBuffer();
            this.data = vector.getDataBuffer();
        }

        @Override
        public int length(int row) {
            long at = (long) row * Integer.BYTES;
            return offsets.getInt(at + Integer.BYTES) - offsets.getInt(at);
        }

        @Override
        public byte byteAt(int row, int index) {
            return data.getByte(offsets.getInt((long) row * Integer.BYTES) + (long) index);
        }

        /** One copy of the block's bytes into the block's own array, and its offsets made starts and lengths. */
        @Override
        public void read(int from, int n, StringBlock block) {
            block.checkCount(n);
            Objects.checkFromIndexSize(from, n, vector.getValueCount());
            MemorySegment offsetBytes = segment(offsets, ((long) from + n + 1) * Integer.BYTES);
            long at = (long) from * Integer.BYTES;
            int first = offsetBytes.get(ValueLayout.JAVA_INT_UNALIGNED, at);
            int last = offsetBytes.get(ValueLayout.JAVA_INT_UNALIGNED, at + (long) n * Integer.BYTES);
            if (first < 0 || last < first) {
                throw new InvalidArgumentException("Arrow offsets of rows [" + from + ", " + (from + n)
                        + ") run from " + first + " to " + last);
            }
            byte[] bytes = block.reserve(last - first);
            if (last > first) {
                MemorySegment.copy(segment(data, last), ValueLayout.JAVA_BYTE, first, bytes, 0, last - first);
            }
            int[] source = block.source();
            int[] start = block.start();
            int[] length = block.length();
            int begin = first;
            for (int i = 0; i < n; i++) {
                int end = offsetBytes.get(ValueLayout.JAVA_INT_UNALIGNED, at + (long) (i + 1) * Integer.BYTES);
                if (end < begin || end > last) {
                    throw new InvalidArgumentException("Arrow offset " + end + " of row " + (from + i + 1)
                            + " is outside [" + begin + ", " + last + "]");
                }
                source[i] = 0;
                start[i] = begin - first;
                length[i] = end - begin;
                begin = end;
            }
        }

        @Override
        public String get(int row) {
            return new String(vector.get(row), StandardCharsets.UTF_8);
        }
    }

    /**
     * Strings as 16-byte views: an int32 length, then either the bytes inline (up to 12) or a 4-byte prefix, the
     * index of a data buffer and the offset in it.
     */
    private static final class ViewStrings implements StringColumn {
        private static final int VIEW = 16;
        private static final int INLINE = 12;
        private static final VarHandle WORD =
                MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        private final ViewVarCharVector vector;
        private final ArrowBuf views;
        private final List<ArrowBuf> buffers;
        /** The data buffers as segments of their capacity, for bulk copies. */
        private final MemorySegment[] data;

        ViewStrings(ViewVarCharVector vector) {
            this.vector = vector;
            this.views = vector.getDataBuffer();
            this.buffers = vector.getDataBuffers();
            this.data = buffers.stream().map(b -> segment(b, b.capacity())).toArray(MemorySegment[]::new);
        }

        @Override
        public int length(int row) {
            return views.getInt((long) row * VIEW);
        }

        @Override
        public byte byteAt(int row, int index) {
            long at = (long) row * VIEW;
            if (views.getInt(at) <= INLINE) {
                return views.getByte(at + 4 + index);
            }
            ArrowBuf data = buffers.get(views.getInt(at + 8));
            return data.getByte(views.getInt(at + 12) + (long) index);
        }

        /** Copies into the block's own array: inline values as the two words of their view, others one copy each. */
        @Override
        public void read(int from, int n, StringBlock block) {
            block.checkCount(n);
            Objects.checkFromIndexSize(from, n, vector.getValueCount());
            MemorySegment v = segment(views, ((long) from + n) * VIEW);
            long base = (long) from * VIEW;
            long size = 0;
            for (int i = 0; i < n; i++) {
                size += v.get(ValueLayout.JAVA_INT_UNALIGNED, base + (long) i * VIEW);
            }
            byte[] out = block.reserve(size);
            int[] source = block.source();
            int[] start = block.start();
            int[] lengths = block.length();
            int pos = 0;
            for (int i = 0; i < n; i++) {
                long at = base + (long) i * VIEW;
                long w0 = v.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
                long w1 = v.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8);
                int length = (int) w0;
                if (length <= INLINE) {
                    WORD.set(out, pos, (w0 >>> 32) | (w1 << 32));
                    WORD.set(out, pos + 8, w1 >>> 32);
                } else {
                    long offset = Integer.toUnsignedLong((int) (w1 >>> 32));
                    MemorySegment.copy(data[(int) w1], ValueLayout.JAVA_BYTE, offset, out, pos, length);
                }
                source[i] = 0;
                start[i] = pos;
                lengths[i] = length;
                pos += length;
            }
        }

        @Override
        public String get(int row) {
            return new String(vector.get(row), StandardCharsets.UTF_8);
        }
    }
}
