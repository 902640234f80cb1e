package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.config.Settings;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.layout.Fixtures;
import dev.quire.layout.TestData;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Files on disk read through each local I/O provider give the same rows (mmap slices, posix heap reads). */
class ProvidersRoundTripTest {
    @TempDir
    Path dir;

    private static List<Object> rows(Path file, String provider) {
        List<Object> rows = new ArrayList<>();
        ReadAtFactory factory = IoProviders.load(Settings.defaults())
                .readers(IoOptions.defaults().withProvider(provider));
        try (VortexFile f = VortexFile.open(file.toUri(), factory, ReadLimits.defaults())) {
            for (StructArray b : f.scan().batches()) {
                for (long i = 0; i < b.length(); i++) {
                    rows.add(b.scalarAt(i));
                }
            }
        }
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"mmap", "posix"})
    void everyDTypeReadsBackThroughTheProvider(String provider) {
        DType.Struct schema = TestData.everyType();
        StructArray batch = (StructArray) TestData.random(schema, 3000, new Random(17), 0.2);
        Path file = dir.resolve("all.vortex");
        try (VortexWriter w = VortexWriter.create(file, schema,
                WriteOptions.defaults().withChunkBytes(16 << 10).withBlockRows(512))) {
            w.write(batch);
        }
        List<Object> expected = new ArrayList<>();
        for (long i = 0; i < batch.length(); i++) {
            expected.add(batch.scalarAt(i));
        }
        assertEquals(expected, rows(file, provider));
        try (VortexWriter w = VortexWriter.create(file, schema, WriteOptions.defaults().withLz4Buffers(true))) {
            w.write(batch);
        }
        assertEquals(expected, rows(file, provider));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mmap", "posix"})
    void referenceFixturesReadTheSameThroughEitherProvider(String provider) {
        for (String name : new String[] {"synthetic_canonical_3000.vortex", "canonicalish_50k.vortex"}) {
            Path file = Fixtures.file(name);
            assertEquals(rows(file, "mmap"), rows(file, provider), name);
        }
    }
}
