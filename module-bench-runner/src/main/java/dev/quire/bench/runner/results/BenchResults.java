package dev.quire.bench.runner.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
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
    /** 2: measurements name their I/O variant ({@code io}) and runs carry their reads ({@code io}). */
    public static final int FORMAT_VERSION = 2;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public BenchResults {
        measurements = List.copyOf(measurements);
    }

    public void write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), this);
    }

    public static BenchResults read(Path file) throws IOException {
        BenchResults r = JSON.readValue(file.toFile(), BenchResults.class);
        if (r.formatVersion() != FORMAT_VERSION) {
            throw new IOException(file + " has results format " + r.formatVersion() + "; this runner reads "
                    + FORMAT_VERSION);
        }
        return r;
    }
}
