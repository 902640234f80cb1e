package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.UnknownEncodingException;
import dev.quire.layout.Fixtures;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reads of the reference's sample files; value-for-value checks against vortex-jni live in module-compat. */
class FixtureReadTest {

    static List<Object> rows(String file, String... columns) {
        List<Object> rows = new ArrayList<>();
        try (VortexFile f = VortexFile.open(Fixtures.file(file))) {
            for (StructArray b : f.scan().project(columns).batches()) {
                for (long i = 0; i < b.length(); i++) {
                    rows.add(b.scalarAt(i));
                }
            }
        }
        return rows;
    }

    @Test
    void inlineArrayTreesReadLikeTreesInTheSegment() {
        String[] canonical = {"price", "flag", "qty"};
        List<Object> plain = rows("tiny_5rows.vortex", canonical);
        assertEquals(5, plain.size());
        assertEquals(plain, rows("tiny_5rows_inline_array_node.vortex", canonical));
    }

    @Test
    void syntheticVariantsReadTheSameValues() {
        List<Object> base = rows("synthetic_canonical_3000.vortex");
        assertEquals(3000, base.size());
        for (String variant : new String[] {"nomagic", "noalign", "emptystats"}) {
            assertEquals(base, rows("synthetic_canonical_3000_" + variant + ".vortex"), variant);
        }
    }

    @Test
    void emptyFileHasTheSchemaAndNoRows() {
        try (VortexFile f = VortexFile.open(Fixtures.file("empty_0rows.vortex"))) {
            assertEquals(0, f.rowCount());
            assertEquals(DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                    new Field("price", new DType.Primitive(PType.F64, false)),
                    new Field("name", new DType.Utf8(false)),
                    new Field("flag", new DType.Bool(false)),
                    new Field("qty", new DType.Primitive(PType.I32, true))), f.dtype());
            assertTrue(rows("empty_0rows.vortex").isEmpty());
        }
    }

    @Test
    void compressedColumnsFailNamingTheEncoding() {
        var e = assertThrows(UnknownEncodingException.class, () -> rows("bitpacked_i32_100k.vortex"));
        assertEquals("fastlanes.bitpacked", e.id());
        assertTrue(e.getMessage().contains("dev.quire.encodings"), e.getMessage());
        var dict = assertThrows(UnknownEncodingException.class, () -> rows("mixed_100k.vortex", "name"));
        assertEquals("vortex.dict", dict.id());
    }
}
