package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writer's top-level columns are written on several threads: the file's bytes are those of a writer on one
 * thread, and a column that fails on a worker fails the write on the caller's thread with the column's own error.
 */
class ParallelColumnsTest {

    private static WriteOptions small(int threads) {
        return new WriteOptions(4096, 256, false).withThreads(threads);
    }

    @Test
    void threadsDoNotChangeTheBytes() {
        byte[] one = QuireWrittenFiles.write(QuireWrittenFiles.ALL_TYPES, 3000, 42, small(1));
        for (int threads : new int[] {2, 3, 8}) {
            byte[] many = QuireWrittenFiles.write(QuireWrittenFiles.ALL_TYPES, 3000, 42, small(threads));
            assertArrayEquals(one, many, threads + " threads");
        }
    }

    @Test
    void aNullableRootStructKeepsItsValidityAndBytes() {
        DType.Struct schema = new DType.Struct(QuireWrittenFiles.ALL_TYPES.fields(), true);
        byte[] one = QuireWrittenFiles.write(schema, 2000, 9, small(1));
        byte[] many = QuireWrittenFiles.write(schema, 2000, 9, small(4));
        assertArrayEquals(one, many);
    }

    @Test
    void severalBatchesAndReadBack() throws Exception {
        DType.Struct schema = DType.Struct.of(
                new Field("a", new DType.Primitive(PType.I64, false)),
                new Field("b", new DType.Utf8(true)),
                new Field("c", new DType.Primitive(PType.F64, true)));
        List<StructArray> batches = new ArrayList<>();
        long row = 0;
        for (int size : new int[] {1000, 1, 5000, 333}) {
            ArrayBuilder b = ArrayBuilder.forType(schema);
            for (int i = 0; i < size; i++, row++) {
                b.appendScalar(new Scalar(schema, List.of(new Scalar(schema.fields().get(0).dtype(), row),
                        row % 7 == 0 ? Scalar.nullOf(schema.fields().get(1).dtype())
                                : new Scalar(schema.fields().get(1).dtype(), "row " + row),
                        new Scalar(schema.fields().get(2).dtype(), row * 0.5))));
            }
            batches.add((StructArray) b.finish());
        }
        byte[] one = write(schema, batches, small(1));
        byte[] many = write(schema, batches, small(3));
        assertArrayEquals(one, many);
        java.nio.file.Path file = java.nio.file.Files.createTempFile("parallel", ".vortex");
        try {
            java.nio.file.Files.write(file, many);
            try (VortexFile f = VortexFile.open(file)) {
                assertEquals(row, f.rowCount());
                long seen = 0;
                try (var stream = f.scan().batches()) {
                    for (StructArray batch : stream) {
                        for (int i = 0; i < batch.length(); i++, seen++) {
                            assertEquals(seen, ((Number) batch.field(0).scalarAt(i).value()).longValue());
                            if (seen % 7 == 0) {
                                assertTrue(!batch.field(1).isValid(i), "row " + seen + " is null");
                            } else {
                                assertEquals("row " + seen, batch.field(1).scalarAt(i).value().toString());
                            }
                        }
                    }
                }
                assertEquals(row, seen);
            }
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    @Test
    void aBatchLargerThanARoundIsDecodedOnceAndWrittenAlike() throws Exception {
        DType.Struct schema = DType.Struct.of(
                new Field("a", new DType.Primitive(PType.I64, false)),
                new Field("b", new DType.Primitive(PType.I64, false)));
        int n = 3 * 65_536 + 5;
        byte[][] files = new byte[2][];
        for (int k = 0; k < 2; k++) {
            Encoded a = new Encoded(column(n), false);
            StructArray batch = new StructArray(schema, List.of(a, column(n)), n, Validity.NON_NULLABLE);
            files[k] = write(schema, List.of(batch), small(k == 0 ? 1 : 3));
            assertEquals(1, a.decoded[0], "the column is decoded once, not once per round");
        }
        assertArrayEquals(files[0], files[1]);
        java.nio.file.Path file = java.nio.file.Files.createTempFile("rounds", ".vortex");
        try {
            java.nio.file.Files.write(file, files[1]);
            try (VortexFile f = VortexFile.open(file); var stream = f.scan().batches()) {
                long seen = 0;
                for (StructArray b : stream) {
                    for (int i = 0; i < b.length(); i++, seen++) {
                        assertEquals(seen, ((Number) b.field(0).scalarAt(i).value()).longValue());
                    }
                }
                assertEquals(n, seen);
            }
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    @Test
    void aColumnFailingOnAWorkerFailsTheWrite() {
        DType.Struct schema = DType.Struct.of(
                new Field("ok", new DType.Primitive(PType.I64, false)),
                new Field("bad", new DType.Primitive(PType.I64, false)),
                new Field("also_ok", new DType.Primitive(PType.I64, false)));
        Array good = column(100);
        Array failing = new Encoded(column(100), true);
        StructArray batch = new StructArray(schema, List.of(good, failing, good), 100, Validity.NON_NULLABLE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WritableByteChannel channel = Channels.newChannel(bytes);
                VortexWriter writer = VortexWriter.create(channel, schema, WriteOptions.defaults().withThreads(3))) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> writer.write(batch));
            assertEquals("column bad cannot be decoded", e.getMessage());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        // a writer whose write failed writes no footer on close
        assertTrue(bytes.size() < 100, "no file was finished: " + bytes.size() + " bytes");
    }

    @Test
    void aClosedWriterLeavesNoThreadBehind() {
        // threads of writers other tests left open (ending after their idle time) are not this writer's
        java.util.Set<Thread> before = writerThreads();
        QuireWrittenFiles.write(QuireWrittenFiles.ALL_TYPES, 500, 1, small(4));
        java.util.Set<Thread> after = writerThreads();
        after.removeAll(before);
        assertEquals(java.util.Set.of(), after, "worker threads alive after close");
    }

    private static java.util.Set<Thread> writerThreads() {
        java.util.Set<Thread> alive = new java.util.HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("quire-writer-") && t.isAlive()) {
                alive.add(t);
            }
        }
        return alive;
    }

    @Test
    void threadsMustBePositive() {
        assertThrows(InvalidArgumentException.class, () -> WriteOptions.defaults().withThreads(0));
        assertTrue(WriteOptions.defaults().threads() >= 1);
        assertEquals(Math.min(WriteOptions.MAX_DEFAULT_THREADS, Runtime.getRuntime().availableProcessors()),
                WriteOptions.defaults().threads());
    }

    private static Array column(int n) {
        PrimitiveBuilder b = (PrimitiveBuilder) ArrayBuilder.forType(new DType.Primitive(PType.I64, false));
        for (int i = 0; i < n; i++) {
            b.appendLong(i);
        }
        return b.finish();
    }

    private static byte[] write(DType.Struct schema, List<StructArray> batches, WriteOptions options) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WritableByteChannel channel = Channels.newChannel(bytes);
                VortexWriter writer = VortexWriter.create(channel, schema, options)) {
            for (StructArray b : batches) {
                writer.write(b);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * An encoded-looking array over {@code inner}: it counts its decodings, and with {@code fails} its decoding fails,
     * as a lazily read array over a damaged file would.
     */
    private record Encoded(Array inner, boolean fails, int[] decoded) implements Array {
        Encoded(Array inner, boolean fails) {
            this(inner, fails, new int[1]);
        }

        @Override
        public DType dtype() {
            return inner.dtype();
        }

        @Override
        public long length() {
            return inner.length();
        }

        @Override
        public String encodingId() {
            return "test.encoded";
        }

        @Override
        public boolean isValid(long index) {
            return true;
        }

        @Override
        public long nullCount() {
            return 0;
        }

        @Override
        public Array slice(long from, long to) {
            return new Encoded(inner.slice(from, to), fails);
        }

        @Override
        public Array toCanonical() {
            decoded[0]++;
            if (fails) {
                throw new InvalidArgumentException("column bad cannot be decoded");
            }
            return inner;
        }

        @Override
        public Scalar scalarAt(long index) {
            return inner.scalarAt(index);
        }
    }
}
