package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire inspect}: the text report and the JSON report, on a Vortex-written and a Quire-written file. */
class InspectCommandTest {
    static final String MIXED = Cli.fixture("mixed_100k.vortex").toString();

    @Test
    void textReportShowsLayoutsEncodingsSegmentsAndStatistics() {
        Cli.Run run = Cli.run("inspect", MIXED);
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
        String out = run.out();
        assertTrue(out.contains("rows      100,000"), out);
        assertTrue(out.contains("qty    i32?"), out);
        assertTrue(out.contains("├─ id  vortex.zoned  100,000 rows, 2 children  zone_len=8192  zones=13"), out);
        assertTrue(out.contains("│  ├─ data  vortex.flat  100,000 rows  segment 1, 245.2 KiB  "
                + "vortex.alp(fastlanes.bitpacked)"), out);
        // module-dictionary is in the image: the dictionary layout is read and described.
        assertTrue(out.contains("data  vortex.dict  100,000 rows, 2 children  codes=u16  nullable_codes=false  values=10"
                + "  all_values_referenced=false"), out);
        assertTrue(out.contains("segments (11, 445.2 KiB; smallest 120 B, largest 245.2 KiB)"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches(" +name +category_A +category_J +0")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches(" +qty +0 +999 +10,001 +45011200")), out);
    }

    @Test
    void jsonReportHasTheWholeTree() throws Exception {
        Cli.Run run = Cli.run("inspect", "--json", MIXED);
        assertEquals(0, run.code(), run.err());
        JsonNode report = new ObjectMapper().readTree(run.out());
        assertEquals(100_000, report.get("rows").asLong());
        assertEquals(459_300, report.get("size").asLong());
        assertEquals(11, report.get("segments").size());
        assertEquals(251_116, report.get("segments").get(1).get("length").asLong());
        JsonNode qty = report.get("columns").get(4);
        assertEquals("qty", qty.get("name").asText());
        assertEquals(10_001, qty.get("statistics").get("null_count").asLong());
        assertEquals(999, qty.get("statistics").get("max").asInt());
        JsonNode price = report.get("layout").get("children").get(1);
        assertEquals("vortex.zoned", price.get("encoding").asText());
        assertEquals("8192", price.get("facts").get("zone_len").asText());
        JsonNode data = price.get("children").get(0);
        assertEquals(1, data.get("segment").asInt());
        assertEquals("vortex.alp", data.get("array").get("encoding").asText());
        assertEquals("fastlanes.bitpacked", data.get("array").get("children").get(0).get("encoding").asText());
        JsonNode zones = price.get("children").get(1);
        assertEquals("zones", zones.get("name").asText());
        assertEquals("vortex.flat", zones.get("encoding").asText());
        assertEquals(13, zones.get("rows").asLong());
        assertEquals("vortex.struct", zones.get("array").get("encoding").asText());
    }

    @Test
    void longChunkListsAreElidedUnlessAllIsAsked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chunks.vortex");
        DType.Struct schema = DType.Struct.of(new Field("n", new DType.Primitive(PType.I64, false)),
                new Field("s", new DType.Utf8(false)));
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(schema);
        for (int i = 0; i < 2000; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i);
            ((VarBinViewBuilder) rows.field(1)).appendString("value " + i);
            rows.endRow();
        }
        StructArray batch = rows.finish();
        // Without zone maps, so the chunk lists sit directly under the columns; uncompressed, so sizes are fixed.
        try (VortexWriter writer = VortexWriter.create(file, schema,
                WriteOptions.defaults().withChunkBytes(800).withBlockRows(100).withZoneMaps(false)
                        .withCompression(false))) {
            writer.write(batch);
        }
        Cli.Run run = Cli.run("inspect", file.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("├─ n  vortex.chunked  2,000 rows, 20 children"), run.out());
        assertTrue(run.out().contains("│  ├─ chunk[0]  vortex.flat  100 rows  segment 0, 876 B  vortex.primitive"),
                run.out());
        assertTrue(run.out().contains("│  └─ … 14 more (1,400 rows, 12.0 KiB; --all shows them)"), run.out());
        assertTrue(run.out().contains("statistics  none"), run.out());
        assertTrue(run.out().contains("  … 20 more (--all shows them)"), "segments elided: " + run.out());

        Cli.Run all = Cli.run("inspect", "--all", file.toString());
        assertFalse(all.out().contains("more ("), all.out());
        assertTrue(all.out().contains("chunk[19]"), all.out());

        JsonNode json = new ObjectMapper().readTree(Cli.run("inspect", "--json", file.toString()).out());
        assertEquals(20, json.get("layout").get("children").get(0).get("children").size());
        assertEquals(20 * 876, json.get("columns").get(0).get("data_bytes").asLong());
        assertEquals(40, json.get("segments").size());

        // With zone maps (the default) each column is zoned, and its zone table is shown too; uncompressed, so the
        // zone table's arrays are canonical.
        Path zoned = dir.resolve("zoned.vortex");
        try (VortexWriter writer = VortexWriter.create(zoned, schema,
                WriteOptions.defaults().withChunkBytes(800).withBlockRows(100).withZoneRows(1000)
                        .withCompression(false))) {
            writer.write(batch);
        }
        Cli.Run withZones = Cli.run("inspect", zoned.toString());
        assertEquals(0, withZones.code(), withZones.err());
        assertTrue(withZones.out().contains("├─ n  vortex.zoned  2,000 rows, 2 children  zone_len=1000  zones=2  "
                + "stats=vortex.max, vortex.min, vortex.null_count, vortex.sum"), withZones.out());
        assertTrue(withZones.out().contains("stats=vortex.bounded_max, vortex.bounded_min, vortex.null_count"),
                withZones.out());
        assertTrue(withZones.out().lines().anyMatch(l -> l.contains("zones  vortex.flat  2 rows")
                && l.contains("vortex.struct(vortex.primitive, vortex.primitive, vortex.primitive, "
                        + "vortex.primitive)")), withZones.out());
    }
}
