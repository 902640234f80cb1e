package dev.quire.bench.tpch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Table;
import dev.quire.errors.UnsupportedFeatureException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class QuireRefFileEngineTest {
    private final QuireRefFileEngine engine = new QuireRefFileEngine();

    @Test
    void readsTheReferenceEnginesFile() throws IOException {
        assertEquals(new VortexJniEngine().prepare(TestData.DATASET), engine.prepare(TestData.DATASET));
        assertEquals(new VortexJniEngine().writerVersion(), engine.writerVersion());
        List<String> names = ServiceLoader.load(Engine.class).stream().map(p -> p.get().name()).toList();
        assertTrue(names.contains("quire-ref-file"), names.toString());
    }

    /**
     * When encodings of the reference's file have no module on the path, the engine must say which ones, up front
     * and on open; when all have one (and the quire engine is on the path), it must read the generator's values.
     */
    @Test
    void reportsTheEncodingsQuireCannotReadOrReadsTheSameValues() throws IOException {
        Path file = engine.prepare(TestData.DATASET);
        List<String> missing = QuireRefFileEngine.missingEncodings(file);
        if (!missing.isEmpty()) {
            String reason = engine.unavailableReason().orElseThrow();
            assertTrue(reason.contains("cannot decode"), reason);
            assertTrue(missing.stream().anyMatch(reason::contains), reason + " should name one of " + missing);
            var e = assertThrows(UnsupportedFeatureException.class, () -> engine.open(file, EngineOptions.defaults()));
            for (String id : missing) {
                assertTrue(e.getMessage().contains(id), e.getMessage());
            }
        } else if (engine.unavailableReason().isEmpty()) {
            try (Table table = engine.open(file, EngineOptions.defaults())) {
                List<Row> expected = new ArrayList<>(TestData.ROWS);
                expected.sort(Row.KEY);
                assertEquals(expected, Row.scan(table, Row.all()));
            }
        } else {
            String reason = engine.unavailableReason().get();
            assertTrue(reason.contains("no engine named quire"), reason);
            assertFalse(reason.isBlank());
        }
    }
}
