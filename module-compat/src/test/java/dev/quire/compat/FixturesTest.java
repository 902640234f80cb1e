package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * The reference's default (compressed) files: zoned and dictionary layouts over sequence, ALP, FSST, bit-packed
     * and bool arrays, read through module-encodings and module-dictionary, value for value.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tiny_5rows.vortex", "tiny_5rows_inline_array_node.vortex", "mixed_100k.vortex"})
    void compressedFixturesReadLikeTheReference(String name) {
        Path path = Fixtures.file(name);
        Set<String> missing = Expect.quireReadsLikeReference(path, name);
        assertEquals(Set.of(), missing, name + " holds only encodings Quire reads");
    }

    /**
     * With {@code canonical(false)} the compressed files' batches keep their encoded fields (checked to read alike,
     * through {@code LongBlocks} too, in every comparison with the reference).
     */
    @ParameterizedTest
    @ValueSource(strings = {"mixed_100k.vortex", "bitpacked_i32_100k.vortex"})
    void encodedBatchesAreHandedOutEncoded(String name) {
        Path path = Fixtures.file(name);
        Quire.Scanned canonical = Quire.read(path);
        int encoded = Quire.assertEncodedBatchesReadAlike(path, canonical.rows(), name);
        assertTrue(encoded > 0, name + ": some batch has an encoded field");
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
     * In the compressed files, every column also reads value for value when projected on its own (through zoned
     * layouts, reading their data child).
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
            }
        }
    }
}
