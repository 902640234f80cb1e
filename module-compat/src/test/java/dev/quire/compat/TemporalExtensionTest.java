package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The temporal extension dtypes, pinned to what vortex-jni 0.76.0 writes for Arrow Date, Time and Timestamp columns:
 * the extension id, the storage ptype and the exact metadata bytes (a unit code: ns 0, us 1, ms 2, s 3, days 4; for
 * timestamps then a u16 little-endian zone length and the zone's UTF-8 bytes, length 0 without a zone). Both
 * directions: the reference's files read in Quire as {@link Temporal}'s dtypes, and Quire's temporal columns read
 * in the reference as the same Arrow types and values. Both store the arrays as {@code vortex.ext} over the storage.
 */
class TemporalExtensionTest {
    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        var s = org.apache.arrow.vector.types.TimeUnit.SECOND;
        var ms = org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
        var us = org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
        var ns = org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
        return Stream.of(
                Arguments.of(new ArrowType.Date(DateUnit.DAY), "vortex.date", PType.I32, "04",
                        Temporal.date(TimeUnit.DAYS, false)),
                Arguments.of(new ArrowType.Date(DateUnit.MILLISECOND), "vortex.date", PType.I64, "02",
                        Temporal.date(TimeUnit.MILLISECONDS, false)),
                Arguments.of(new ArrowType.Time(s, 32), "vortex.time", PType.I32, "03",
                        Temporal.time(TimeUnit.SECONDS, false)),
                Arguments.of(new ArrowType.Time(ms, 32), "vortex.time", PType.I32, "02",
                        Temporal.time(TimeUnit.MILLISECONDS, false)),
                Arguments.of(new ArrowType.Time(us, 64), "vortex.time", PType.I64, "01",
                        Temporal.time(TimeUnit.MICROSECONDS, false)),
                Arguments.of(new ArrowType.Time(ns, 64), "vortex.time", PType.I64, "00",
                        Temporal.time(TimeUnit.NANOSECONDS, false)),
                Arguments.of(new ArrowType.Timestamp(s, null), "vortex.timestamp", PType.I64, "030000",
                        Temporal.timestamp(TimeUnit.SECONDS, Optional.empty(), false)),
                Arguments.of(new ArrowType.Timestamp(ms, null), "vortex.timestamp", PType.I64, "020000",
                        Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.empty(), false)),
                Arguments.of(new ArrowType.Timestamp(us, null), "vortex.timestamp", PType.I64, "010000",
                        Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), false)),
                Arguments.of(new ArrowType.Timestamp(ns, null), "vortex.timestamp", PType.I64, "000000",
                        Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.empty(), false)),
                Arguments.of(new ArrowType.Timestamp(us, "UTC"), "vortex.timestamp", PType.I64, "010300555443",
                        Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), false)),
                Arguments.of(new ArrowType.Timestamp(ms, "Europe/Paris"), "vortex.timestamp", PType.I64,
                        "020c00" + HexFormat.of().formatHex("Europe/Paris".getBytes()),
                        Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.of("Europe/Paris"), false)),
                Arguments.of(new ArrowType.Timestamp(ns, "America/New_York"), "vortex.timestamp", PType.I64,
                        "001000" + HexFormat.of().formatHex("America/New_York".getBytes()),
                        Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.of("America/New_York"), false)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void referenceWritesTheDtypeQuireBuilds(ArrowType arrow, String id, PType storage, String metadataHex,
            DType.Extension quireType) {
        // Not nullable, nullable without nulls (both stay canonical), nullable with nulls (may be compressed).
        double[][] variants = {{0, 0.0}, {1, 0.0}, {1, 0.3}};
        for (double[] variant : variants) {
            boolean nullable = variant[0] == 1;
            double nullFraction = variant[1];
            String context = arrow + (nullable ? " nullable" : "") + (nullFraction > 0 ? " with nulls" : "");
            Schema schema = new Schema(List.of(new org.apache.arrow.vector.types.pojo.Field("t",
                    new FieldType(nullable, arrow, null), null)));
            DType.Extension expected = new DType.Extension(id, new DType.Primitive(storage, nullable),
                    HexFormat.of().parseHex(metadataHex));
            // Values made in the Quire model, written from an Arrow batch built for the Arrow type above.
            List<Object> values = new RandomData(31 + context.hashCode()).column(expected, 6, nullFraction);
            Path file = dir.resolve("ref_" + QuireWritesReferenceReadsTest.fileName(context));
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, Reference.ALLOCATOR)) {
                ArrowBridge.fill(root.getVector(0), values);
                root.setRowCount(values.size());
                Reference.write(file, schema, List.of(root));
            }
            DType.Struct read = (DType.Struct) Quire.dtype(file);
            assertEquals(expected, read.field(0).dtype(), context + ": extension id, storage and metadata bytes");
            assertEquals(quireType.withNullable(nullable), read.field(0).dtype(), context + ": Temporal builds it");
            if (nullFraction == 0) {
                assertEquals(List.of("vortex.ext(vortex.primitive)"), Expect.flatTrees(file),
                        context + ": the reference's array tree");
                List<List<Object>> rows = new ArrayList<>();
                for (Object v : values) {
                    rows.add(java.util.Collections.singletonList(v));
                }
                Compare.assertSameRows(read, rows, Quire.read(file).rows(), context + " read by Quire");
            }
            Expect.quireReadsLikeReference(file, context);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void quireWritesWhatTheReferenceExportsAsTheArrowType(ArrowType arrow, String id, PType storage,
            String metadataHex, DType.Extension quireType) {
        DType.Struct schema = DType.Struct.of(new Field("t", quireType), new Field("t_nulls",
                quireType.withNullable(true)));
        StructArray batch = new RandomData(32 + metadataHex.hashCode()).batch(schema, 50, 0.2);
        Path file = dir.resolve("quire_" + QuireWritesReferenceReadsTest.fileName(arrow));
        Quire.write(file, schema, List.of(batch), WriteOptions.defaults());
        assertEquals(List.of("vortex.ext(vortex.primitive)", "vortex.ext(vortex.primitive(vortex.bool))"),
                Expect.flatTrees(file), "Quire stores extension arrays as the reference does");
        Reference.Scanned ref = Reference.read(file);
        assertEquals(arrow, ref.schema().getFields().get(0).getType(), "the Arrow type the reference exports");
        assertEquals(arrow, ref.schema().getFields().get(1).getType());
        assertEquals(List.of(false, true), ref.schema().getFields().stream()
                .map(org.apache.arrow.vector.types.pojo.Field::isNullable).toList());
        Compare.assertSameRows(schema, Values.rows(batch), ref.rows(), arrow + " read by the reference");
    }
}
