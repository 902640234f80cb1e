package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.io.uring.UringSettings;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.scan.BatchStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sample file, read through the {@code uring} provider (one shared io_uring, buffered and {@code O_DIRECT}) as
 * {@code --io uring} reads it, gives the reference's values.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "io_uring is Linux only")
class UringFixturesCompatTest {

    static Stream<Arguments> fixtures() throws IOException {
        Path dir = Fixtures.file("tiny_5rows.vortex").getParent();
        List<Path> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files = listed.filter(p -> p.toString().endsWith(".vortex")).sorted().toList();
        }
        assertTrue(files.size() >= 10, "the fixtures: " + files);
        return files.stream().flatMap(f -> Stream.of("ring", "resident", "direct")
                .map(mode -> Arguments.of(f.getFileName().toString(), mode)));
    }

    /**
     * {@code mode}: {@code ring} (every read through the ring), {@code resident} (the default: cached ranges from a
     * mapping), {@code direct} ({@code O_DIRECT}).
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("fixtures")
    void readsValueForValueThroughUring(String name, String mode) {
        Path path = Fixtures.file(name);
        Settings settings = Settings.defaults().with(IoProviders.PROVIDER, "uring")
                .with(UringSettings.DIRECT, mode.equals("direct"))
                .with(UringSettings.RESIDENT, mode.equals("resident"));
        QuireContext context = QuireContext.builder().settings(settings).build();
        AtomicInteger opened = new AtomicInteger();
        ReadAtFactory readers = uri -> {
            ReadAt in = context.readers().open(uri);
            assertEquals("UringReadAt", in.getClass().getSimpleName(), "the file is read through uring");
            opened.incrementAndGet();
            return in;
        };
        Reference.Scanned expected = Reference.read(path);
        List<List<Object>> rows = new ArrayList<>();
        DType.Struct schema;
        try (VortexFile file = VortexFile.open(path.toAbsolutePath().toUri(), readers, ReadLimits.defaults(),
                context)) {
            schema = (DType.Struct) file.dtype();
            try (BatchStream batches = file.scan().batches()) {
                for (StructArray batch : batches) {
                    rows.addAll(Values.rows(batch));
                }
            }
        }
        assertEquals(1, opened.get());
        assertEquals(expected.schema(), ArrowBridge.schema(schema), name + ": schema");
        Compare.assertSameRows(schema, expected.rows(), rows, name + " through uring, " + mode);
    }
}
