package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the compressor and dictionaries on, the columns written in parallel make the very file one thread makes:
 * lineitem (several chunks of every column, dictionaries, FSST) and random columns of every dtype with nulls, a
 * nested struct and small chunks; the reference reads the parallel files value for value.
 */
class ParallelWriteCompatTest {
    @TempDir
    Path dir;

    private void assertSameBytes(DType.Struct schema, List<StructArray> batches, WriteOptions options, String what)
            throws IOException {
        Path one = dir.resolve("one.vortex");
        Quire.write(one, schema, batches, options.withThreads(1));
        for (int threads : new int[] {2, 5}) {
            Path many = dir.resolve("t" + threads + ".vortex");
            Quire.write(many, schema, batches, options.withThreads(threads));
            assertEquals(-1L, Files.mismatch(one, many), what + ": " + threads + " threads wrote other bytes");
        }
    }

    @Test
    void lineitem() throws IOException {
        List<StructArray> batches = new ArrayList<>();
        LineItems.generate(0.02, 65_536, batches::add);
        assertSameBytes(LineItems.SCHEMA, batches, WriteOptions.defaults(), "lineitem sf 0.02");
        QuireWritesReferenceReadsTest.roundTrip(dir.resolve("parallel.vortex"), LineItems.SCHEMA, batches,
                WriteOptions.defaults().withThreads(4), "lineitem sf 0.02, 4 threads");
    }

    @Test
    void randomColumnsWithNullsInSmallChunks() throws IOException {
        RandomData random = new RandomData(12).lengths(0, 30);
        List<Field> fields = new ArrayList<>();
        int i = 0;
        for (DType t : RandomData.leafTypes()) {
            fields.add(new Field("c" + i++, t.withNullable(i % 2 == 0)));
        }
        fields.add(new Field("nested", DType.Struct.of(
                new Field("x", new DType.Primitive(PType.I32, true)),
                new Field("s", new DType.Utf8(false)))));
        DType.Struct schema = new DType.Struct(fields, false);
        List<StructArray> batches = new ArrayList<>();
        for (int size : new int[] {3000, 1, 7000, 512}) {
            batches.add(random.batch(schema, size, 0.2));
        }
        WriteOptions options = WriteOptions.defaults().withBlockRows(256).withChunkBytes(2048);
        assertSameBytes(schema, batches, options, "random columns");
        QuireWritesReferenceReadsTest.roundTrip(dir.resolve("random.vortex"), schema, batches,
                options.withThreads(3), "random columns, 3 threads");
    }
}
