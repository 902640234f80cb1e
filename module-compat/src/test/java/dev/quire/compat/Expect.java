package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.UnknownEncodingException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.file.VortexFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The oracle for files the reference wrote: what Quire must do with them follows from what they physically hold.
 * A file whose layouts and array encodings Quire all provides must read value for value like the reference reads
 * it; any other file must fail with an {@link UnknownEncodingException} naming one of the ids Quire lacks, never
 * return data.
 */
final class Expect {
    private Expect() {}

    /** The layout and array-encoding ids in {@code path} that Quire does not provide, sorted. */
    static Set<String> unsupportedIds(Path path) {
        Set<String> out = new TreeSet<>();
        try (VortexFile file = VortexFile.open(path)) {
            for (String layout : ArrayTrees.layouts(file)) {
                String id = layout.substring(layout.indexOf('=') + 1);
                if (QuireContext.defaults().findLayout(id).isEmpty()) {
                    out.add(id);
                }
            }
            for (ArrayTrees.Flat flat : ArrayTrees.flats(file)) {
                for (String id : flat.tree().split("[(), ]+")) {
                    if (!id.isEmpty() && QuireContext.defaults().findArrayEncoding(id).isEmpty()) {
                        out.add(id);
                    }
                }
            }
        }
        return out;
    }

    /**
     * Asserts what Quire does with a reference-written file: reads every value as the reference does when it can,
     * otherwise fails with an unknown-encoding error naming a missing id. Returns the missing ids (empty when read).
     */
    static Set<String> quireReadsLikeReference(Path path, String context) {
        Set<String> missing = unsupportedIds(path);
        Reference.Scanned ref = Reference.read(path);
        if (missing.isEmpty()) {
            Quire.Scanned quire = Quire.read(path);
            assertEquals(ref.schema(), ArrowBridge.schema(quire.dtype()), context + ": the dtype Quire reads maps to the "
                    + "Arrow schema the reference exports");
            assertEquals(ref.rows().size(), quire.rowCount(), context + ": row count");
            Compare.assertSameRows(quire.dtype(), ref.rows(), quire.rows(), context);
            Quire.assertEncodedBatchesReadAlike(path, quire.rows(), context);
        } else {
            UnknownEncodingException e = assertThrows(UnknownEncodingException.class, () -> Quire.read(path),
                    context + ": Quire must refuse a file holding " + missing);
            assertTrue(missing.contains(e.id()), context + ": the error names `" + e.id() + "`, which is not among "
                    + "the missing ids " + missing);
            assertTrue(e.getMessage().contains("`" + e.id() + "`"), context + ": the message names the id: "
                    + e.getMessage());
        }
        return missing;
    }

    static List<String> flatTrees(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return ArrayTrees.flats(file).stream().map(ArrayTrees.Flat::tree).toList();
        }
    }
}
