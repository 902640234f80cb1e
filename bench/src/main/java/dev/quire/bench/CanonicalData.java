package dev.quire.bench;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.SplittableRandom;

/**
 * A canonical file written by Quire: {@code i64} (random longs), {@code f64} (random doubles) and {@code utf8}
 * (random lower-case strings of 4 to 28 characters), cached on disk by row count and data version.
 */
public final class CanonicalData {
    /**
     * Bump when the generated data or what the writer puts in the file changes, so cached files are rewritten
     * (2: columns are zoned, as the writer's defaults make them).
     */
    static final int VERSION = 2;
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("i64", new DType.Primitive(PType.I64, false)),
            new Field("f64", new DType.Primitive(PType.F64, false)),
            new Field("utf8", new DType.Utf8(false)));

    private CanonicalData() {}

    /** The directory benchmark data is cached in: {@code quire.bench.data}, else {@code target/bench-data}. */
    static Path dataDir() {
        return Path.of(System.getProperty("quire.bench.data", "target/bench-data"));
    }

    public static Path ensure(long rows) {
        Path file = dataDir().resolve("canonical-v" + VERSION + "-" + rows + ".vortex");
        if (Files.exists(file)) {
            return file;
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "writing-", ".vortex");
            write(tmp, rows);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void write(Path path, long rows) {
        SplittableRandom random = new SplittableRandom(20261129);
        StructBuilder batch = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        PrimitiveBuilder i64 = (PrimitiveBuilder) batch.field(0);
        PrimitiveBuilder f64 = (PrimitiveBuilder) batch.field(1);
        VarBinViewBuilder utf8 = (VarBinViewBuilder) batch.field(2);
        byte[] chars = new byte[28];
        try (VortexWriter writer = VortexWriter.create(path, SCHEMA)) {
            for (long row = 0; row < rows; row++) {
                i64.appendLong(random.nextLong());
                f64.appendDouble(random.nextDouble() * 1e6);
                int len = 4 + random.nextInt(25);
                for (int c = 0; c < len; c++) {
                    chars[c] = (byte) ('a' + random.nextInt(26));
                }
                utf8.appendBytes(java.util.Arrays.copyOf(chars, len));
                batch.endRow();
                if (batch.length() == 65536) {
                    writer.write(batch.finish());
                }
            }
            if (batch.length() > 0) {
                writer.write(batch.finish());
            }
        }
    }
}
