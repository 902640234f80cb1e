package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.Fixtures;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.spi.Layout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The inspection API: file statistics, array encoding trees of flat segments, layout descriptions. */
class FileInspectionTest {

    @Test
    void readsTheFileStatisticsVortexWrote() {
        try (VortexFile file = VortexFile.open(Fixtures.file("mixed_100k.vortex"))) {
            List<ArrayStats> stats = file.statistics();
            assertEquals(5, stats.size());
            ArrayStats id = stats.get(0);
            assertEquals(0L, id.min().orElseThrow().value());
            assertEquals(99_999L, id.max().orElseThrow().value());
            assertTrue(id.minExact() && id.maxExact());
            assertEquals(0, id.nullCount().orElseThrow());
            ArrayStats name = stats.get(2);
            assertEquals("category_A", name.min().orElseThrow().value());
            assertEquals("category_J", name.max().orElseThrow().value());
            ArrayStats qty = stats.get(4);
            assertTrue(qty.nullCount().orElseThrow() > 5_000 && qty.nullCount().orElseThrow() < 15_000,
                    "about 10% of qty is null: " + qty.nullCount());
        }
    }

    @Test
    void describesZonedLayoutsAndTheArrayTreesOfTheirData() {
        try (VortexFile file = VortexFile.open(Fixtures.file("mixed_100k.vortex"))) {
            Layout id = file.layout().child(0);
            assertEquals("vortex.zoned", id.encodingId());
            Map<String, String> facts = id.vtable().describe(id);
            assertEquals("8192", facts.get("zone_len"));
            assertEquals("13", facts.get("zones"));
            assertTrue(facts.get("stats").contains("vortex.max"), facts.toString());

            ArrayEncodingTree idTree = file.arrayTree(id.child(0));
            assertEquals("vortex.sequence", idTree.describe());
            assertEquals(Optional.of(true), idTree.stats().strictSorted());

            ArrayEncodingTree qty = file.arrayTree(file.layout().child(4).child(0));
            assertEquals("fastlanes.bitpacked(vortex.bool)", qty.describe());
            assertEquals(999L, qty.stats().max().orElseThrow().value());
            assertEquals(10_001, qty.stats().nullCount().orElseThrow());
            assertEquals(List.of(12_500L), qty.children().getFirst().bufferLengths());
            ArrayStats validity = qty.children().getFirst().stats();
            assertTrue(validity.min().isEmpty(), "a child's min is not decoded: its dtype is the encoding's");
            assertFalse(validity.isEmpty(), "it still has a null count: " + validity);

            ArrayEncodingTree price = file.arrayTree(file.layout().child(1).child(0));
            assertEquals("vortex.alp(fastlanes.bitpacked)", price.describe());
            assertTrue(price.totalBufferBytes() > 0 && price.totalBufferBytes() < 100_000 * 8);
        }
    }

    @Test
    void readsAnInlineArrayTree() {
        try (VortexFile file = VortexFile.open(Fixtures.file("tiny_5rows_inline_array_node.vortex"))) {
            Layout price = file.layout().child(1).child(0);
            assertEquals(Map.of("array_tree", "inline"), price.vtable().describe(price));
            assertEquals("vortex.primitive", file.arrayTree(price).describe());
            assertEquals(List.of(40L), file.arrayTree(price).bufferLengths());
        }
    }

    @Test
    void exactnessFlagsAloneAreNoStatistics() {
        ArrayStats flagsOnly = new ArrayStats(Optional.empty(), true, Optional.empty(), true, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), java.util.OptionalLong.empty(),
                java.util.OptionalLong.empty(), java.util.OptionalLong.empty());
        assertTrue(flagsOnly.isEmpty());
        assertTrue(ArrayStats.empty().isEmpty());
    }

    @Test
    void quireFilesHaveNoStatisticsAndCanonicalTrees(@TempDir Path dir) {
        Path path = dir.resolve("longs.vortex");
        DType.Struct schema = DType.Struct.of(new Field("n", new DType.Primitive(PType.I64, true)));
        try (VortexWriter writer = VortexWriter.create(path, schema)) {
            PrimitiveBuilder n = (PrimitiveBuilder) ArrayBuilder.forType(schema.field(0).dtype());
            for (int i = 0; i < 100; i++) {
                if (i % 10 == 0) {
                    n.appendNull();
                } else {
                    n.appendLong(i);
                }
            }
            writer.write(StructArray.of(List.of("n"), List.of(n.finish())));
        }
        try (VortexFile file = VortexFile.open(path)) {
            assertTrue(file.statistics().isEmpty());
            Layout zoned = file.layout().child(0);
            assertEquals("vortex.zoned", zoned.encodingId());
            Layout flat = zoned.child(0);
            ArrayEncodingTree tree = file.arrayTree(flat);
            assertEquals("vortex.primitive(vortex.bool)", tree.describe());
            assertEquals(List.of(800L), tree.bufferLengths());
            assertTrue(tree.stats().isEmpty());
            assertFalse(flat.vtable().describe(flat).containsKey("array_tree"));
            assertThrows(InvalidArgumentException.class, () -> file.arrayTree(file.layout()));
        }
    }
}
