package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.compat.Values.Bin;
import dev.quire.encodings.internal.strings.FsstArray;
import dev.quire.encodings.internal.strings.FsstEncoder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * vortex-jni answers {@code =} and {@code !=} on Quire's FSST strings by compressing the literal with fsst-rs, rebuilt
 * from the table Quire wrote, and comparing code bytes: so Quire's codes must be exactly the ones fsst-rs makes, also
 * with symbols of 3 to 8 bytes. Text of repeated words (as TPC-H comments are) trains such symbols; every literal,
 * present in the column or not, selects in vortex-jni exactly the rows a brute-force comparison selects.
 */
class FsstFilterCompatTest {
    private static final String[] WORDS = {"the", "quick", "furiously", "regular", "deposits", "accounts", "ironic",
        "packages", "sleep", "carefully", "final", "pending", "requests", "blithely", "express", "theodolites", "among",
        "along", "slyly", "bold", "even", "special", "foxes", "instructions", "thin", "unusual", "haggle", "nag"};

    @TempDir
    Path dir;

    private static String comment(Random r) {
        StringBuilder s = new StringBuilder();
        int words = 2 + r.nextInt(8);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                s.append(r.nextInt(6) == 0 ? ". " : " ");
            }
            s.append(WORDS[r.nextInt(WORDS.length)]);
        }
        return s.toString();
    }

    @Test
    void equalityFiltersOnLongSymbolsSelectWhatBruteForceSelects() {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("c", new DType.Utf8(false)));
        Random r = new Random(77);
        int n = 20_000;
        List<List<Object>> rows = new ArrayList<>(n);
        List<String> comments = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String c = comment(r);
            comments.add(c);
            rows.add(new ArrayList<>(List.of((long) i, Bin.of(c))));
        }
        StructArray batch = Values.batch(schema, rows);
        // The table the writer trains on this chunk has symbols longer than two bytes, the case fsst-rs looks up
        // through its hash table.
        FsstArray trained = FsstEncoder.encode((VarBinViewArray) batch.field("c"));
        int longest = 0;
        for (byte len : trained.symbolLengths()) {
            longest = Math.max(longest, len);
        }
        assertTrue(longest > 2, "the trained table has symbols of 3 to 8 bytes, longest " + longest);

        Path file = dir.resolve("fsst_filters.vortex");
        QuireWritesReferenceReadsTest.roundTrip(file, schema, List.of(batch), WriteOptions.defaults()
                .withDictionary(false), "fsst comments");
        try (VortexFile f = VortexFile.open(file)) {
            assertTrue(ArrayTrees.flats(f).stream().anyMatch(t -> t.tree().contains("vortex.fsst")),
                    "the comments are FSST-encoded: " + ArrayTrees.flats(f));
        }
        Set<String> literals = new LinkedHashSet<>();
        for (int i = 0; i < n; i += 401) {
            String c = comments.get(i);
            literals.add(c);
            literals.add(c + " ");
            literals.add(c.substring(0, c.length() - 1));
        }
        for (String w : WORDS) {
            literals.add(w);
            literals.add(w + " " + w);
        }
        literals.add("");
        literals.add("zzz not there");
        for (String literal : literals) {
            for (String op : new String[] {"=", "!="}) {
                Expr filter = Expr.parse("c " + op + " '" + literal + "'");
                List<List<Object>> expected = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    if (comments.get(i).equals(literal) == op.equals("=")) {
                        expected.add(rows.get(i));
                    }
                }
                List<List<Object>> actual = ReferenceFilter.scan(file, ReferenceFilter.translate(filter, schema));
                Compare.assertSameRows(schema, expected, actual, "vortex-jni, c " + op + " '" + literal + "'");
            }
        }
    }
}
