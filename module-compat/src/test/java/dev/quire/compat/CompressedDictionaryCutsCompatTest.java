package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bool columns beside dictionary-encoded columns, with compression on, as vortex-jni 0.76 reads them. Every column's
 * chunk boundaries become split points of the reference's scan, and the reference misreads bool columns sliced at a
 * row that is not a multiple of 8 (its bit offset is lost). So a dictionary that fills up inside a chunk ends at a
 * multiple of 8 rows, not right before the row whose value did not fit; with compression on, where dictionaries end
 * depends on compressed sizes, so such ends are common. This test writes values whose 51st distinct value (over a cap
 * of 50 entries) first appears at rows all over the chunk, compression on.
 */
class CompressedDictionaryCutsCompatTest {
    @TempDir
    Path dir;

    @Test
    void boolsBesideDictionariesCutInsideChunksReadRight() {
        Random random = new Random(31);
        List<StructArray> batches = List.of(DictionaryCompatTest.batch(0, 20_000,
                r -> (int) (((r * 2_654_435_761L) >>> 7) % 60), random));
        Path file = dir.resolve("dict_cuts.vortex");
        WriteOptions options = WriteOptions.defaults().withDictionaryMaxEntries(50);
        QuireWritesReferenceReadsTest.roundTrip(file, DictionaryCompatTest.SCHEMA, batches, options,
                "dictionaries cut inside chunks, compression on");
        try (VortexFile f = VortexFile.open(file)) {
            List<Long> pieces = new ArrayList<>();
            dictionaryRows(f.layout().child(0), pieces);
            assertTrue(pieces.size() > 5, "the string column holds several dictionaries: " + pieces);
            for (int i = 0; i < pieces.size() - 1; i++) {
                assertEquals(0, pieces.get(i) % 8, "dictionary " + i + " ends at a multiple of 8 rows: " + pieces);
            }
        }
    }

    /** The row counts of the {@code vortex.dict} layouts under {@code layout}, in order. */
    private static void dictionaryRows(Layout layout, List<Long> out) {
        if (layout.encodingId().equals("vortex.dict")) {
            out.add(layout.rowCount());
            return;
        }
        if (layout.encodingId().equals("vortex.flat")) {
            return;
        }
        int children = layout.encodingId().equals("vortex.zoned") ? 1 : layout.childCount();
        for (int i = 0; i < children; i++) {
            dictionaryRows(layout.child(i), out);
        }
    }
}
