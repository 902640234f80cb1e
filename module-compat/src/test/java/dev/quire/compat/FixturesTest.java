package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.UnknownEncodingException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The shared sample files, read by Quire and by the reference, compared value for value. */
class FixturesTest {

    @ParameterizedTest
    @ValueSource(strings = {"canonicalish_50k.vortex", "synthetic_canonical_3000.vortex",
            "synthetic_canonical_3000_nomagic.vortex", "synthetic_canonical_3000_noalign.vortex",
            "synthetic_canonical_3000_emptystats.vortex", "empty_0rows.vortex"})
    void canonicalFixturesReadLikeTheReference(String name) {
        Path path = Fixtures.file(name);
        Set<String> missing = Expect.quireReadsLikeReference(path, name);
        assertEquals(Set.of(), missing, name + " holds only encodings Quire reads");
    }

    @ParameterizedTest
    @CsvSource({"canonicalish_50k.vortex, 50000", "synthetic_canonical_3000.vortex, 3000", "empty_0rows.vortex, 0"})
    void rowCountsMatch(String name, long rows) {
        Path path = Fixtures.file(name);
        assertEquals(rows, Reference.rowCount(path));
        try (VortexFile file = VortexFile.open(path)) {
            assertEquals(rows, file.rowCount());
        }
    }

    /** Files that need compressed encodings fail with an error naming one, never with wrong data. */
    @ParameterizedTest
    @ValueSource(strings = {"tiny_5rows.vortex", "tiny_5rows_inline_array_node.vortex", "mixed_100k.vortex"})
    void compressedFixturesFailWithUnknownEncoding(String name) {
        Path path = Fixtures.file(name);
        Set<String> missing = Expect.quireReadsLikeReference(path, name);
        assertTrue(!missing.isEmpty(), name + " needs encodings Quire does not provide");
    }

    /** Two 10-bit FastLanes columns, one with a validity child: decoded by module-encodings, value for value. */
    @org.junit.jupiter.api.Test
    void bitpackedFixtureReadsLikeTheReference() {
        Path path = Fixtures.file("bitpacked_i32_100k.vortex");
        assertTrue(Expect.flatTrees(path).contains("fastlanes.bitpacked(vortex.bool)"), "the nullable column is "
                + "bit-packed with a validity child: " + Expect.flatTrees(path));
        assertEquals(Set.of(), Expect.quireReadsLikeReference(path, "bitpacked_i32_100k.vortex"));
    }

    /**
     * In the compressed files, the columns whose data is canonical still read value for value when projected on
     * their own (through zoned layouts, reading their data child), while the others fail naming their encoding.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tiny_5rows.vortex", "tiny_5rows_inline_array_node.vortex", "mixed_100k.vortex"})
    void eachColumnOnItsOwn(String name) {
        Path path = Fixtures.file(name);
        Reference.Scanned ref = Reference.read(path);
        DType.Struct schema;
        try (VortexFile file = VortexFile.open(path)) {
            schema = (DType.Struct) file.dtype();
        }
        int readable = 0;
        for (int c = 0; c < schema.fieldCount(); c++) {
            String column = schema.field(c).name();
            List<List<Object>> expected = new ArrayList<>();
            for (List<Object> row : ref.rows()) {
                expected.add(java.util.Collections.singletonList(row.get(c)));
            }
            try (VortexFile file = VortexFile.open(path)) {
                List<List<Object>> actual = new ArrayList<>();
                try (BatchStream batches = file.scan().project(column).batches()) {
                    for (StructArray b : batches) {
                        for (List<Object> row : Values.rows(b)) {
                            actual.add(java.util.Collections.singletonList(row.get(0)));
                        }
                    }
                }
                DType.Struct one = new DType.Struct(List.of(schema.field(c)), false);
                Compare.assertSameRows(one, expected, actual, name + " column " + column);
                readable++;
            } catch (UnknownEncodingException e) {
                assertTrue(e.getMessage().contains(e.id()), e.getMessage());
            }
        }
        assertTrue(readable > 0, name + ": at least one column is canonical and reads");
    }
}
