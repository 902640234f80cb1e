package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-H lineitem from the runner's generator, written by Quire with compression: read by the reference value for
 * value (scale factor 0.01), and its size next to the reference writer's for the same batches (scale factor 0.1),
 * per column and in total, printed with one write-time measurement of each writer (reported, never asserted).
 */
class LineitemCompressionCompatTest {
    @TempDir
    Path dir;

    private static List<StructArray> lineitem(double sf) {
        List<StructArray> batches = new ArrayList<>();
        LineItems.generate(sf, 65_536, batches::add);
        return batches;
    }

    @Test
    void theReferenceReadsQuiresCompressedLineitem() {
        QuireWritesReferenceReadsTest.roundTrip(dir.resolve("lineitem_sf001.vortex"), LineItems.SCHEMA,
                lineitem(0.01), WriteOptions.defaults(), "lineitem sf 0.01");
    }

    @Test
    void sizeAndWriteTimeAgainstTheReference() throws IOException {
        List<StructArray> batches = lineitem(0.1);
        Path quire = dir.resolve("q.vortex");
        Path plain = dir.resolve("plain.vortex");
        Path reference = dir.resolve("r.vortex");
        List<VectorSchemaRoot> roots = new ArrayList<>();
        for (StructArray b : batches) {
            roots.add(ArrowBridge.toArrow(b, Reference.ALLOCATOR));
        }
        long quireNanos = Long.MAX_VALUE;
        long referenceNanos = Long.MAX_VALUE;
        try {
            for (int run = 0; run < 2; run++) {
                long t0 = System.nanoTime();
                Quire.write(quire, LineItems.SCHEMA, batches, WriteOptions.defaults());
                long t1 = System.nanoTime();
                Reference.write(dir.resolve("r" + run + ".vortex"), ArrowBridge.schema(LineItems.SCHEMA), roots);
                long t2 = System.nanoTime();
                quireNanos = Math.min(quireNanos, t1 - t0);
                referenceNanos = Math.min(referenceNanos, t2 - t1);
            }
        } finally {
            roots.forEach(VectorSchemaRoot::close);
        }
        Files.move(dir.resolve("r1.vortex"), reference);
        Quire.write(plain, LineItems.SCHEMA, batches, WriteOptions.defaults().withCompression(false));
        long rows = batches.stream().mapToLong(StructArray::length).sum();
        long q = Files.size(quire);
        long r = Files.size(reference);
        StringBuilder report = new StringBuilder();
        report.append(String.format("lineitem sf 0.1, %d rows: Quire %d bytes, reference %d bytes, ratio %.3f; "
                + "Quire uncompressed %d bytes%n", rows, q, r, (double) q / r, Files.size(plain)));
        report.append(String.format("write (best of 2, same batches; the reference's from Arrow vectors made "
                + "beforehand): Quire %.0f ms (%.1f M rows/s), reference %.0f ms (%.1f M rows/s)%n",
                quireNanos / 1e6, rows / (quireNanos / 1e3), referenceNanos / 1e6, rows / (referenceNanos / 1e3)));
        report.append("| column | Quire bytes | reference bytes | ratio | Quire trees | reference trees |\n"
                + "|---|---|---|---|---|---|\n");
        try (VortexFile qf = VortexFile.open(quire); VortexFile rf = VortexFile.open(reference)) {
            for (var field : LineItems.SCHEMA.fields()) {
                long qb = ColumnBytes.of(qf, field.name());
                long rb = ColumnBytes.of(rf, field.name());
                report.append("| ").append(field.name()).append(" | ").append(qb).append(" | ").append(rb)
                        .append(" | ").append(String.format("%.3f", (double) qb / rb)).append(" | ")
                        .append(ColumnBytes.trees(qf, field.name())).append(" | ")
                        .append(ColumnBytes.trees(rf, field.name())).append(" |\n");
            }
        }
        System.out.println(report);
        Files.writeString(Path.of("target", "lineitem-sizes.md"), report.toString());
        assertEquals(rows, Reference.rowCount(quire), "the reference counts every row of Quire's file");
        assertTrue(q < Files.size(plain), "compression shrinks lineitem: " + report);
    }
}
