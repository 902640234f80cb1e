package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A filtered scan that hands out encoded batches keeps a dictionary column a dictionary: only the kept rows' codes
 * are picked, the values stay shared, and the rows read as the canonical scan's do (nulls included). A canonical scan
 * still hands out decoded values.
 */
class FilteredDictionaryTest {
    @TempDir
    Path dir;

    private static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("k", new DType.Primitive(PType.I64, false)),
            new Field("m", new DType.Primitive(PType.I64, false)),
            new Field("s", new DType.Utf8(true)));

    private Path file() {
        Path path = dir.resolve("dict.vortex");
        DType kType = SCHEMA.fields().get(0).dtype();
        DType sType = SCHEMA.fields().get(2).dtype();
        List<Scalar> k = new ArrayList<>();
        List<Scalar> m = new ArrayList<>();
        List<Scalar> s = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            k.add(new Scalar(kType, (long) i));
            m.add(new Scalar(kType, (long) (i % 3)));
            s.add(i % 11 == 0 ? Scalar.nullOf(sType) : new Scalar(sType, "status-" + (i % 5)));
        }
        try (VortexWriter w = VortexWriter.create(path, SCHEMA, WriteOptions.defaults())) {
            Array kc = DictFiles.column(kType, k);
            Array mc = DictFiles.column(kType, m);
            Array sc = DictFiles.column(sType, s);
            w.write(new StructArray(SCHEMA, List.of(kc, mc, sc), kc.length(),
                    dev.quire.layout.array.Validity.NON_NULLABLE));
        }
        return path;
    }

    private static List<Object> rows(Path path, boolean canonical, List<Array> columns) {
        List<Object> out = new ArrayList<>();
        try (VortexFile f = VortexFile.open(path);
                BatchStream batches = f.scan().project("k", "s").filter("m != 1").canonical(canonical)
                        .batches()) {
            for (StructArray b : batches) {
                columns.add(b.field(1));
                for (long i = 0; i < b.length(); i++) {
                    Scalar v = b.field(1).scalarAt(i);
                    out.add(b.field(0).scalarAt(i).value() + "=" + (v.isNull() ? "null" : v.value()));
                }
            }
        }
        return out;
    }

    @Test
    void encodedBatchesKeepTheDictionary() {
        Path path = file();
        List<Array> encoded = new ArrayList<>();
        List<Array> decoded = new ArrayList<>();
        List<Object> fromEncoded = rows(path, false, encoded);
        List<Object> fromDecoded = rows(path, true, decoded);
        assertEquals(fromDecoded, fromEncoded);
        assertEquals(20_000 - 6_667, fromEncoded.size(), "m != 1 keeps two rows in three");
        assertTrue(!encoded.isEmpty());
        for (Array a : encoded) {
            DictArray d = assertInstanceOf(DictArray.class, a, "a dictionary, not gathered values");
            assertEquals(6, d.values().length(), "the five statuses and the null entry, shared");
        }
        for (Array a : decoded) {
            assertInstanceOf(VarBinViewArray.class, a);
        }
        // and the dictionary's own reads agree: its canonical form and its block cursor
        for (Array a : encoded) {
            Array c = a.toCanonical();
            for (long i = 0; i < a.length(); i++) {
                assertEquals(c.scalarAt(i), a.scalarAt(i));
            }
        }
    }
}
