package dev.quire.bench;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import java.lang.foreign.MemorySegment;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Folds every value of a batch of the canonical file's three columns, the same way for both engines: the sum of the
 * i64 values, the sum of the f64 bit patterns (an integer sum, so the result does not depend on the order batches
 * arrive in) and the sum of the utf8 byte lengths.
 */
public final class Folds {
    private Folds() {}

    /** The running sums; equal when both engines read the same rows. */
    public static final class Sums {
        long rows;
        long i64;
        long f64Bits;
        long utf8Bytes;

        public long rows() {
            return rows;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Sums s && rows == s.rows && i64 == s.i64 && f64Bits == s.f64Bits
                    && utf8Bytes == s.utf8Bytes;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(rows) * 31 + Long.hashCode(i64 ^ f64Bits ^ utf8Bytes);
        }

        @Override
        public String toString() {
            return rows + " rows, i64 sum " + i64 + ", f64 bit sum " + f64Bits + ", utf8 bytes " + utf8Bytes;
        }
    }

    /** Adds a Quire batch of {@code i64}, {@code f64} and {@code utf8}. */
    static void add(Sums sums, StructArray batch) {
        long n = batch.length();
        MemorySegment i64 = ((PrimitiveArray) batch.field("i64")).values();
        MemorySegment f64 = ((PrimitiveArray) batch.field("f64")).values();
        VarBinViewArray utf8 = (VarBinViewArray) batch.field("utf8");
        long a = 0;
        long b = 0;
        long c = 0;
        for (long i = 0; i < n; i++) {
            a += i64.getAtIndex(LittleEndian.LONG, i);
        }
        for (long i = 0; i < n; i++) {
            b += f64.getAtIndex(LittleEndian.LONG, i);
        }
        for (long i = 0; i < n; i++) {
            c += utf8.byteLength(i);
        }
        sums.rows += n;
        sums.i64 += a;
        sums.f64Bits += b;
        sums.utf8Bytes += c;
    }

    /** Adds a reference batch (Arrow) of {@code i64}, {@code f64} and {@code utf8}. */
    static void add(Sums sums, VectorSchemaRoot root) {
        int n = root.getRowCount();
        ArrowBuf i64 = ((BigIntVector) root.getVector("i64")).getDataBuffer();
        ArrowBuf f64 = ((Float8Vector) root.getVector("f64")).getDataBuffer();
        FieldVector utf8 = root.getVector("utf8");
        long a = 0;
        long b = 0;
        long c = 0;
        for (int i = 0; i < n; i++) {
            a += i64.getLong((long) i * 8);
        }
        for (int i = 0; i < n; i++) {
            b += f64.getLong((long) i * 8);
        }
        if (utf8 instanceof BaseVariableWidthViewVector v) {
            for (int i = 0; i < n; i++) {
                c += v.getValueLength(i);
            }
        } else if (utf8 instanceof BaseVariableWidthVector v) {
            for (int i = 0; i < n; i++) {
                c += v.getValueLength(i);
            }
        } else {
            throw new IllegalStateException("unexpected utf8 vector " + utf8.getClass());
        }
        sums.rows += n;
        sums.i64 += a;
        sums.f64Bits += b;
        sums.utf8Bytes += c;
    }
}
