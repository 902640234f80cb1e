package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.format.WriteOptions;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What vortex-jni 0.76.0 itself gets wrong, recorded instead of skipped. Each test pins the reference's behaviour
 * (so a fixed reference shows up here) and shows that Quire handles the same file correctly. The random generators
 * stay clear of these shapes.
 */
class ReferenceLimitationsTest {
    @TempDir
    Path dir;

    private static final DType I32 = new DType.Primitive(PType.I32, false);

    /** Rows of {@code struct{outer: {inner: {x: i32}?}}} where row 1 has a valid outer and a null inner. */
    private static List<List<Object>> outerValidInnerNull(boolean outerNullable) {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of(List.of(List.of(7L))));
        rows.add(List.of(Collections.singletonList(null)));
        rows.add(List.of(List.of(List.of(9L))));
        if (outerNullable) {
            rows.add(Collections.singletonList(null));
        }
        return rows;
    }

    private static DType.Struct wrapped(boolean outerNullable) {
        DType.Struct inner = new DType.Struct(List.of(new Field("x", I32)), true);
        return DType.Struct.of(new Field("outer", new DType.Struct(List.of(new Field("inner", inner)),
                outerNullable)));
    }

    /**
     * A nullable struct whose only field is a nullable struct: the reference exports a valid outer row with a null
     * inner struct as a null outer row, from its own files and from Quire's alike. Quire reads both correctly.
     */
    @Test
    void referenceMergesTheNullsOfASingleNullableStructFieldIntoItsParent() {
        DType.Struct schema = wrapped(true);
        List<List<Object>> rows = outerValidInnerNull(true);
        StructArray batch = Values.batch(schema, rows);
        Path quireFile = dir.resolve("wrapped_quire.vortex");
        Quire.write(quireFile, schema, List.of(batch), WriteOptions.defaults());
        Path refFile = dir.resolve("wrapped_ref.vortex");
        Reference.write(refFile, schema, List.of(batch));
        List<List<Object>> whatTheReferenceReturns = new ArrayList<>(rows);
        whatTheReferenceReturns.set(1, Collections.singletonList(null));
        for (Path file : List.of(quireFile, refFile)) {
            assertEquals(whatTheReferenceReturns, Reference.read(file).rows(), file.getFileName().toString());
            assertNotEquals(rows, whatTheReferenceReturns);
            Compare.assertSameRows(schema, rows, Quire.read(file).rows(), file.getFileName() + " read by Quire");
        }
    }

    /** The same shape under a non-nullable outer struct: the reference cannot export it at all. */
    @Test
    void referenceCannotExportANonNullableStructWrappingANullableStructWithNulls() {
        DType.Struct schema = wrapped(false);
        List<List<Object>> rows = outerValidInnerNull(false);
        StructArray batch = Values.batch(schema, rows);
        Path quireFile = dir.resolve("wrapped_nn_quire.vortex");
        Quire.write(quireFile, schema, List.of(batch), WriteOptions.defaults());
        Path refFile = dir.resolve("wrapped_nn_ref.vortex");
        Reference.write(refFile, schema, List.of(batch));
        for (Path file : List.of(quireFile, refFile)) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Reference.read(file));
            assertTrue(e.getMessage().contains("Cannot convert field 'outer' to non-nullable Arrow field because it "
                    + "contains nulls"), e.getMessage());
            Compare.assertSameRows(schema, rows, Quire.read(file).rows(), file.getFileName() + " read by Quire");
        }
    }

    /**
     * Times outside a day and timestamps beyond the years ±9999: the reference's writer panics while computing
     * statistics (in native code, during close, without an exception in Java) and leaves a valid file of zero rows.
     * Quire writes such values and the reference reads them back bit for bit.
     */
    @Test
    void referenceWriterDropsOutOfRangeTemporalValues() {
        for (DType.Extension t : List.of(Temporal.time(TimeUnit.SECONDS, false),
                Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), false))) {
            DType.Struct schema = DType.Struct.of(new Field("t", t));
            long outOfRange = t.id().equals(Temporal.TIME_ID) ? 100_000L : Long.MAX_VALUE / 2;
            StructArray batch = Values.batch(schema, List.of(List.of(1L), List.of(outOfRange)));
            Path refFile = dir.resolve("ref_" + QuireWritesReferenceReadsTest.fileName(t));
            Reference.write(refFile, schema, List.of(batch));
            assertEquals(0, Reference.rowCount(refFile), t + ": the reference wrote no rows");
            assertEquals(0, Quire.read(refFile).rowCount(), t + ": Quire agrees the file is empty");

            Path quireFile = dir.resolve("quire_" + QuireWritesReferenceReadsTest.fileName(t));
            Quire.write(quireFile, schema, List.of(batch), WriteOptions.defaults());
            assertEquals(Values.rows(batch), Reference.read(quireFile).rows(), t + ": the reference reads Quire's file");
        }
    }

    /** A fixed-offset zone such as {@code +01:00} is not in the reference's zone database: same silent loss. */
    @Test
    void referenceWriterDropsTimestampsWithAFixedOffsetZone() {
        DType.Extension t = Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.of("+01:00"), false);
        DType.Struct schema = DType.Struct.of(new Field("t", t));
        StructArray batch = Values.batch(schema, Arrays.asList(List.of(1_000L), List.of(2_000L)));
        Path refFile = dir.resolve("ref_offset.vortex");
        Reference.write(refFile, schema, List.of(batch));
        assertEquals(0, Reference.rowCount(refFile));
        Path quireFile = dir.resolve("quire_offset.vortex");
        Quire.write(quireFile, schema, List.of(batch), WriteOptions.defaults());
        Reference.Scanned ref = Reference.read(quireFile);
        assertEquals(ArrowBridge.schema(schema), ref.schema());
        assertEquals(Values.rows(batch), ref.rows(), "the reference reads a Quire file with a +01:00 zone");
    }
}
