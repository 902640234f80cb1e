package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.UnknownEncodingException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two contexts in one JVM open the same compressed file the reference wrote, at the same time: one left without the
 * compressed encodings fails naming the encoding it lacks, the one with them reads the reference's values.
 */
class ContextPluginsCompatTest {
    private static final int ROWS = 30_000;

    @TempDir
    Path dir;

    /** Small random integers, which the reference's default writer bit-packs. */
    private Path write() {
        DType.Struct schema = DType.Struct.of(new Field("c", new DType.Primitive(PType.I32, false)));
        Random random = new Random(7);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(Collections.singletonList((long) random.nextInt(1000)));
        }
        Path file = dir.resolve("small_ints.vortex");
        Reference.write(file, schema, List.of(Values.batch(schema, rows)));
        return file;
    }

    private static List<List<Object>> scan(Path path, QuireContext context, CyclicBarrier start) throws Exception {
        try (VortexFile file = VortexFile.open(path, context)) {
            start.await();
            List<List<Object>> rows = new ArrayList<>();
            try (BatchStream batches = file.scan().batches()) {
                for (StructArray batch : batches) {
                    rows.addAll(Values.rows(batch));
                }
            }
            return rows;
        }
    }

    @Test
    void aContextWithoutTheEncodingsModuleFailsWhileOneWithItReads() throws Exception {
        Path path = write();
        QuireContext withEncodings = QuireContext.defaults();
        QuireContext without = QuireContext.builder()
                .removeIf(p -> p.getClass().getPackageName().startsWith("dev.quire.encodings"))
                .build();
        assertTrue(withEncodings.findArrayEncoding("fastlanes.bitpacked").isPresent());
        assertTrue(without.findArrayEncoding("fastlanes.bitpacked").isEmpty());

        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<List<List<Object>>> read = threads.submit((Callable<List<List<Object>>>) () -> scan(path,
                    withEncodings, start));
            Future<List<List<Object>>> failed = threads.submit((Callable<List<List<Object>>>) () -> scan(path,
                    without, start));
            assertEquals(Reference.read(path).rows(), read.get(), "the context with the encodings reads the values");
            Throwable cause = assertThrows(java.util.concurrent.ExecutionException.class, failed::get).getCause();
            UnknownEncodingException unknown = assertThrows(UnknownEncodingException.class, () -> {
                throw cause;
            });
            assertTrue(unknown.id().startsWith("fastlanes."), unknown.getMessage());
            assertTrue(unknown.getMessage().contains("provides it but is not in this context"),
                    unknown.getMessage());
        } finally {
            threads.shutdown();
        }
    }
}
