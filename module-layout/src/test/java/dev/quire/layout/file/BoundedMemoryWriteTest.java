package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.WriteOptions;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import org.junit.jupiter.api.Test;

/** The writer streams: what it keeps on the heap does not grow with the bytes written. */
class BoundedMemoryWriteTest {
    /** Counts and drops what is written. */
    static final class CountingChannel implements WritableByteChannel {
        long written;

        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            src.position(src.limit());
            written += n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {}
    }

    private static long usedHeapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    @Test
    void writingHundredsOfMegabytesKeepsTheHeapFlat() {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("name", new DType.Utf8(true)));
        StructBuilder builder = (StructBuilder) ArrayBuilder.forType(schema);
        for (int i = 0; i < 65_536; i++) {
            ((PrimitiveBuilder) builder.field(0)).appendLong(i);
            ((VarBinViewBuilder) builder.field(1)).appendString("a value longer than twelve bytes #" + i);
            builder.endRow();
        }
        StructArray batch = builder.finish();
        CountingChannel out = new CountingChannel();
        long before;
        long during = 0;
        try (VortexWriter writer = VortexWriter.create(out, schema, WriteOptions.defaults())) {
            writer.write(batch);
            before = usedHeapAfterGc();
            for (int i = 1; i < 100; i++) {
                writer.write(batch);
                if (i == 99) {
                    during = usedHeapAfterGc();
                }
            }
            assertEquals(100L * 65_536, writer.rows());
        }
        long growth = during - before;
        assertTrue(out.written > 300L << 20, "wrote " + out.written + " bytes");
        assertTrue(growth < 16L << 20, "the heap grew by " + growth + " bytes while " + out.written
                + " bytes were written");
    }
}
