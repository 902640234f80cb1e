package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quire.layout.Fixtures;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.format.ReadLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Truncates, bit-flips and splices valid files at their structural offsets and reads each result in full: the
 * reader must succeed or throw a {@link dev.quire.errors.QuireException}, never another exception, an error or a
 * hang.
 *
 * <p>The mutations of a file fall into categories ({@link Mutations#all}). A CI run takes a seeded sample of each
 * category, sized by the file's budget (fewer for the large file, whose every read scans 5.7 MB), and damages
 * {@value #BUFFER_BYTES} bytes of each data buffer (twice: replaced, and with a bit flipped), so the whole class runs
 * in well under a minute. System properties run a longer campaign locally:
 * <ul>
 *   <li>{@code -Dquire.fuzz.full=true}: every mutation of every category (about 970,000; half an hour);</li>
 *   <li>{@code -Dquire.fuzz.scale=F}: multiply every file's budget, and the bytes damaged in each buffer, by F;</li>
 *   <li>{@code -Dquire.fuzz.random=N}: N random multi-byte corruptions per file (default 50);</li>
 *   <li>{@code -Dquire.fuzz.seed=S}: the seed of the samples and of the random corruptions.</li>
 * </ul>
 */
class MutatedFilesTest {
    static final long SEED = Long.getLong("quire.fuzz.seed", 0x5EED_2025L);
    static final boolean FULL = Boolean.getBoolean("quire.fuzz.full");
    static final double SCALE = Double.parseDouble(System.getProperty("quire.fuzz.scale", "1"));
    static final int RANDOM = Integer.getInteger("quire.fuzz.random", 50);
    /** Bytes damaged in each data buffer, replaced and with a bit flipped ({@link Mutations#bufferBytes}). */
    static final int BUFFER_BYTES = 4;
    /** Generous for 2 shared cores: a legitimate attempt takes milliseconds, a hang forever. */
    static final long TIMEOUT_MILLIS = Long.getLong("quire.fuzz.timeoutMillis", 20_000);
    /** The share of a file's budget each category gets. */
    static final Map<String, Double> WEIGHTS = Map.of("truncation", 0.1, "eof and postscript bytes", 0.15,
            "array flatbuffer lengths", 0.05, "Buffer fields", 0.1, "SegmentSpec fields", 0.1, "Layout fields", 0.1,
            "splices", 0.1, "flatbuffer bytes", 0.3);

    /** A file to mutate and how many mutations a CI run spends on it. */
    record Subject(FileAnatomy anatomy, int budget) {}

    private static final Map<String, Subject> FILES = new LinkedHashMap<>();

    static synchronized Map<String, Subject> files() {
        if (FILES.isEmpty()) {
            fixture("synthetic_canonical_3000.vortex", 2000);
            fixture("synthetic_canonical_3000_nomagic.vortex", 600);
            fixture("synthetic_canonical_3000_noalign.vortex", 600);
            fixture("synthetic_canonical_3000_emptystats.vortex", 600);
            fixture("canonicalish_50k.vortex", 400);
            fixture("empty_0rows.vortex", 2000);
            fixture("tiny_5rows.vortex", 1500);
            fixture("tiny_5rows_inline_array_node.vortex", 1500);
            fixture("mixed_100k.vortex", 1000);
            FILES.put("quire_all_types", new Subject(FileAnatomy.of("quire_all_types", QuireWrittenFiles.allTypes()),
                    2000));
            FILES.put("quire_lz4", new Subject(FileAnatomy.of("quire_lz4", QuireWrittenFiles.lz4()), 1500));
        }
        return FILES;
    }

    private static void fixture(String name, int budget) {
        try {
            FILES.put(name, new Subject(FileAnatomy.of(name, Files.readAllBytes(Fixtures.file(name))), budget));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<String> fileNames() {
        return files().keySet().stream();
    }

    @ParameterizedTest
    @MethodSource("fileNames")
    void mutatedFilesReadOrFailWithQuireExceptions(String name) {
        Subject subject = files().get(name);
        FileAnatomy file = subject.anatomy();
        List<FileAnatomy> others = files().values().stream().map(Subject::anatomy).toList();

        // The unmutated file must read; columns whose encodings Quire does not provide are left out of the scans.
        List<String> columns = readableColumns(file);
        ReadEverything.Summary baseline = ReadEverything.read(file.bytes, ReadLimits.defaults(), columns, Long.MAX_VALUE);
        long rowCap = Math.max(1_000_000, 4 * baseline.rows());

        List<Mutation> mutations = new ArrayList<>();
        Random rnd = new Random(SEED ^ name.hashCode());
        Mutations.all(file, others).forEach((category, list) -> {
            int cap = (int) Math.ceil(subject.budget() * SCALE * WEIGHTS.get(category));
            if (FULL || list.size() <= cap) {
                mutations.addAll(list);
            } else {
                List<Mutation> shuffled = new ArrayList<>(list);
                Collections.shuffle(shuffled, rnd);
                mutations.addAll(shuffled.subList(0, cap));
            }
        });
        mutations.addAll(Mutations.random(file, SEED ^ name.hashCode(), RANDOM));
        // the data buffers' own bytes (views, offsets, validity bits, values): a few in each buffer
        mutations.addAll(Mutations.bufferBytes(file, FULL ? 64 : (int) Math.ceil(BUFFER_BYTES * SCALE), rnd));

        long start = System.nanoTime();
        try (MalformedInputHarness harness = new MalformedInputHarness(TIMEOUT_MILLIS)) {
            for (Mutation m : mutations) {
                harness.attempt(name, file.bytes, m, columns, rowCap);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.println(name + ": " + harness.attempts() + " mutations in " + millis + " ms, scanning "
                    + (columns.isEmpty() ? "all columns" : columns) + ": " + harness.outcomes());
            harness.examples().forEach((k, v) -> System.out.println("  " + k + ", e.g. " + v));
            if (!harness.failures().isEmpty()) {
                fail(harness.failures().size() + " kinds of failure in " + harness.attempts() + " mutations of "
                        + name + ":\n" + String.join("\n", harness.failures()));
            }
            assertEquals(mutations.size(), harness.attempts());
            // A file cut short has lost its end-of-file marker: every truncation must be reported as malformed.
            long truncations = mutations.stream().filter(m -> m.kind().equals("truncate")).count();
            assertTrue(truncations > 0);
            assertEquals(Map.of("MalformedFileException", (int) truncations), harness.outcomes("truncate"));
        }
    }

    /** The top-level columns of a valid file that scan without error (all of them: an empty list). */
    static List<String> readableColumns(FileAnatomy file) {
        DType.Struct dtype;
        try (VortexFile f = VortexFile.open(dev.quire.io.spi.InMemoryReadAt.of(file.bytes))) {
            dtype = (DType.Struct) f.dtype();
        }
        List<String> ok = new ArrayList<>();
        for (String column : dtype.names()) {
            try {
                ReadEverything.read(file.bytes, ReadLimits.defaults(), List.of(column), Long.MAX_VALUE);
                ok.add(column);
            } catch (dev.quire.errors.UnknownEncodingException e) {
                // a compressed encoding or layout from a module this test does not load
            }
        }
        assertTrue(!ok.isEmpty() || dtype.fieldCount() == 0, file.name + " has no column Quire can read");
        return ok.size() == dtype.fieldCount() ? List.of() : ok;
    }
}
