package dev.quire.bench.runner.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A reader the runner measures: it prepares its own data file for a {@link Dataset} and opens it as a {@link Table}
 * whose batches the queries consume. Engines are found with {@link java.util.ServiceLoader}; Quire's is in this
 * module, the reference's ({@code vortex-jni}) and DuckDB's are in the {@code bench} module, so the jlink image has
 * only Quire's.
 */
public interface Engine {
    /** The name used on the command line and in reports, e.g. {@code quire} or {@code vortex-jni}. */
    String name();

    /**
     * Empty when this engine can run in this process; otherwise a one-line reason it cannot (the reference library is
     * not on the path, its native library does not load, ...). The runner reports the reason and skips the engine.
     */
    Optional<String> unavailableReason();

    /**
     * This engine's data file for {@code dataset}, written when it is not already cached. Cached files are keyed by
     * the scale factor and {@link #writerVersion()}, and are written to a temporary name and moved into place, so an
     * interrupted run never leaves a partial file behind. Engines that read another writer's file (Quire reading the
     * reference's) return that file, preparing it through the other engine.
     */
    Path prepare(Dataset dataset) throws IOException;

    /** Changes whenever the files this engine writes change, so stale cached files are not reused. */
    String writerVersion();

    /**
     * Whether {@link EngineOptions#io()} changes how this engine reads, which is the case for engines that read
     * through Quire's I/O providers. The runner runs such an engine once per {@code --io} variant and any other once,
     * with no variant. False by default.
     */
    default boolean readsThroughIoProviders() {
        return false;
    }

    /** Opens a prepared file for one run. The table is closed at the end of the run. */
    Table open(Path file, EngineOptions options) throws IOException;
}
