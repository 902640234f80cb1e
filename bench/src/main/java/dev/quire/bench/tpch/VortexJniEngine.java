package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.CachedFile;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The reference, vortex-jni 0.76.0, reading the lineitem file its own writer wrote with its default options (its
 * default compression), which is what users compare against.
 *
 * <p>Scans push the projection, the filter (translated by {@link ReferenceFilters}) and the row selection down into
 * the reference's {@code ScanOptions}: vortex-jni 0.76 selects rows by index itself ({@code selectionIndices} with
 * the {@code INCLUDE} mode), so no rows are filtered in Java. Each {@link #open} uses a fresh {@code Session}, so
 * every run reads the footer as Quire's engine does, not from the reference's per-session footer cache.
 *
 * <p>Threads: a positive {@link EngineOptions#threads()} sets the worker count of the reference's process-wide
 * native runtime ({@code NativeRuntime.setWorkerThreads}), whose workers then run the scan's reads and decoding;
 * 0 keeps the reference's default, which starts no workers ({@code workerCount()} is 0) and does the work on the
 * thread that pulls batches. Partitions are pulled, and batches handed to the sink, on the calling thread, one at a
 * time. The reference's reads cannot be observed, so {@link EngineOptions#readLog()} is left untouched, and
 * {@link EngineOptions#io()} is ignored (it reads with its own I/O).
 */
public final class VortexJniEngine implements Engine {
    /** The engine's name on the command line and in reports. */
    public static final String NAME = "vortex-jni";

    /** The reference's version, and the revision of the way this engine generates and writes lineitem. */
    public static final String WRITER_VERSION = "0.76.0-1";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Probe.REASON;
    }

    @Override
    public String writerVersion() {
        return WRITER_VERSION;
    }

    @Override
    public Path prepare(Dataset dataset) throws IOException {
        requireAvailable();
        return CachedFile.ensure(dataset.file(NAME, WRITER_VERSION, "vortex"),
                file -> VortexJniTable.writeLineItem(file, dataset.scaleFactor()));
    }

    @Override
    public Table open(Path file, EngineOptions options) throws IOException {
        requireAvailable();
        return VortexJniTable.open(file, options);
    }

    private static void requireAvailable() {
        Probe.REASON.ifPresent(reason -> {
            throw new IllegalStateException("the vortex-jni engine is unavailable: " + reason);
        });
    }

    /** Loads the reference once, on first use; its classes are touched only from here and {@link VortexJniTable}. */
    private static final class Probe {
        static final Optional<String> REASON = probe();

        private static Optional<String> probe() {
            try {
                return VortexJniTable.probe();
            } catch (LinkageError e) {
                return Optional.of("the reference vortex-jni 0.76.0 does not load (" + e + "); it needs vortex-jni,"
                        + " arrow-vector, arrow-c-data and arrow-memory-unsafe on the class path and its native"
                        + " library for this platform");
            }
        }
    }
}
