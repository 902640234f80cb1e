package dev.quire.bench.runner.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A benchmark session's results, as the runner writes them to JSON and the HTML report reads them back.
 *
 * @param formatVersion {@link #FORMAT_VERSION} of the writer
 * @param startedAt when the session started, ISO-8601 in UTC
 * @param environment where it ran
 * @param settings what it was asked to do
 * @param measurements one per query and engine, in the order they ran
 */
public record BenchResults(int formatVersion, String startedAt, Environment environment, Settings settings,
        List<Measurement> measurements) {
    /**
     * 4: runs carry the JIT compiler threads' CPU time ({@code jitCpuMillis}). 3: the settings name the warm-up runs ({@code warmup}), and each measurement keeps its warm-up runs
     * ({@code warmupRuns}) apart from its counted ones ({@code runs}). 2: measurements name their I/O variant
     * ({@code io}) and runs carry their reads ({@code io}). 1: the first.
     */
    public static final int FORMAT_VERSION = 4;
    /** The oldest format {@link #read} still reads. */
    public static final int OLDEST_READABLE_FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public BenchResults {
        measurements = List.copyOf(measurements);
    }

    public void write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), this);
    }

    /**
     * Reads results of this format or an older one. Older ones come back in this format: formats 1 and 2 had one
     * uncounted first run kept among the counted ones in {@code runs}, which becomes {@code warmupRuns} with
     * {@code warmup} 1; format 1 had no I/O variants, so its measurements read each engine's default way.
     *
     * @throws IOException when the file cannot be read, is not results, or has a format this runner does not read
     */
    public static BenchResults read(Path file) throws IOException {
        JsonNode tree = JSON.readTree(file.toFile());
        if (tree == null || !tree.isObject() || !tree.path("formatVersion").isInt()) {
            throw new IOException(file + " is not benchmark results: no formatVersion");
        }
        int version = tree.get("formatVersion").asInt();
        if (version < OLDEST_READABLE_FORMAT || version > FORMAT_VERSION) {
            throw new IOException(file + " has results format " + version + "; this runner reads "
                    + OLDEST_READABLE_FORMAT + " to " + FORMAT_VERSION);
        }
        if (version < 3) {
            upgradeToWarmupRuns((ObjectNode) tree);
        }
        if (version < 4) {
            markJitCpuUnknown((ObjectNode) tree);
        }
        return JSON.treeToValue(tree, BenchResults.class);
    }

    /** Formats 1 to 3 did not measure the JIT's CPU: every run's is unknown (-1), not 0. */
    private static void markJitCpuUnknown(ObjectNode tree) {
        tree.put("formatVersion", FORMAT_VERSION);
        for (JsonNode m : tree.path("measurements")) {
            for (String list : List.of("warmupRuns", "runs")) {
                for (JsonNode run : m.path(list)) {
                    if (run instanceof ObjectNode r) {
                        r.put("jitCpuMillis", -1.0);
                    }
                }
            }
        }
    }

    /** Formats 1 and 2: one uncounted run among {@code runs}; it moves to {@code warmupRuns}. */
    private static void upgradeToWarmupRuns(ObjectNode tree) {
        tree.put("formatVersion", FORMAT_VERSION);
        if (tree.get("settings") instanceof ObjectNode settings) {
            settings.put("warmup", 1);
        }
        for (JsonNode m : tree.path("measurements")) {
            if (!(m instanceof ObjectNode measurement)) {
                continue;
            }
            ArrayNode warmup = JSON.createArrayNode();
            ArrayNode counted = JSON.createArrayNode();
            for (JsonNode run : measurement.path("runs")) {
                (run.path("counted").asBoolean(true) ? counted : warmup).add(run);
            }
            measurement.set("warmupRuns", warmup);
            measurement.set("runs", counted);
        }
    }
}
