package dev.quire.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.scan.BatchStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the Java example of the README, and checks that the README shows exactly this code. */
class ReadmeExampleTest {
    private static final String START = "// README example start";
    private static final String END = "// README example end";

    static void example(Path path, PrintStream out) {
        // README example start
        DType.Struct schema = DType.Struct.of(
                new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("name", new DType.Utf8(true)));

        // Write 1,000 rows.
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(schema);
        for (long i = 0; i < 1_000; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i);
            ((VarBinViewBuilder) rows.field(1)).appendString("name-" + i);
            rows.endRow();
        }
        try (VortexWriter writer = VortexWriter.create(path, schema)) {
            writer.write(rows.finish());
        }

        // Scan one column of the rows with 10 <= id < 15 back.
        try (VortexFile file = VortexFile.open(path);
                BatchStream batches = file.scan().project("name").filter("id >= 10 and id < 15").batches()) {
            for (StructArray batch : batches) {
                VarBinViewArray names = (VarBinViewArray) batch.field("name");
                for (long i = 0; i < batch.length(); i++) {
                    out.println(names.getString(i));
                }
            }
        }
        // README example end
    }

    @Test
    void exampleRuns(@TempDir Path dir) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        example(dir.resolve("example.vortex"), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals("name-10\nname-11\nname-12\nname-13\nname-14\n", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void readmeShowsThisCode() throws Exception {
        Path readme = Path.of("..", "README.md");
        String text = Files.readString(readme);
        int fence = text.indexOf("```java\n");
        assertTrue(fence >= 0, "README has a java example");
        String shown = text.substring(fence + 8, text.indexOf("```", fence + 8));
        assertEquals(exampleSource(), shown);
    }

    /** The lines between the markers above, unindented by the method body's indent. */
    private static String exampleSource() throws Exception {
        Path source = Path.of("src/test/java/dev/quire/layout/ReadmeExampleTest.java");
        List<String> lines = Files.readAllLines(source);
        List<String> body = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            if (line.strip().equals(START)) {
                in = true;
            } else if (line.strip().equals(END)) {
                break;
            } else if (in) {
                body.add(line.length() >= 8 ? line.substring(8) : line.strip());
            }
        }
        return String.join("\n", body) + "\n";
    }
}
