package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.CachedFile;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;

/**
 * DuckDB reading lineitem as Parquet, for context beside the Vortex readers. The file is written by DuckDB itself
 * ({@code COPY ... TO ... (FORMAT parquet)} with its default options) from the same generated Arrow batches the
 * reference's file is written from. Scans are SQL ({@code SELECT columns FROM read_parquet(file) WHERE filter}, the
 * filter translated by {@link SqlFilters}; row indices select on DuckDB's {@code file_row_number}), and the result is
 * exported as Arrow and handed to the queries through {@link ArrowBatch}, so the same query code runs.
 *
 * <p>Each {@link #open} starts a fresh in-memory DuckDB database, so no state is shared between runs. A positive
 * {@link EngineOptions#threads()} sets DuckDB's {@code threads} setting; 0 keeps its default (one thread per core).
 * {@link EngineOptions#io()} and {@link EngineOptions#readLog()} are ignored: DuckDB reads with its own I/O.
 */
public final class DuckDbParquetEngine implements Engine {
    /** The engine's name on the command line and in reports. */
    public static final String NAME = "duckdb-parquet";

    /** The revision of the way this engine generates and writes lineitem; the DuckDB version is added to it. */
    static final String WRITE_REVISION = "1";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Probe.STATE.unavailableReason();
    }

    /** DuckDB's version and this engine's write revision, e.g. {@code 1.5.2-1}. */
    @Override
    public String writerVersion() {
        return Probe.STATE.version().orElse("unavailable") + "-" + WRITE_REVISION;
    }

    @Override
    public Path prepare(Dataset dataset) throws IOException {
        requireAvailable();
        return CachedFile.ensure(dataset.file(NAME, writerVersion(), "parquet"),
                file -> DuckDbTable.writeLineItem(file, dataset.scaleFactor()));
    }

    @Override
    public Table open(Path file, EngineOptions options) throws IOException {
        requireAvailable();
        return DuckDbTable.open(file, options);
    }

    private static void requireAvailable() {
        Probe.STATE.unavailableReason().ifPresent(reason -> {
            throw new IllegalStateException("the duckdb-parquet engine is unavailable: " + reason);
        });
    }

    /** DuckDB's version when it runs here, else why it does not. */
    private record State(Optional<String> version, Optional<String> unavailableReason) {}

    /** Loads DuckDB once, on first use; its classes are touched only from {@link DuckDbTable}. */
    private static final class Probe {
        static final State STATE = probe();

        private static State probe() {
            try {
                String version = DuckDbTable.version();
                Optional<String> arrow = DuckDbTable.arrowProblem();
                return arrow.isPresent() ? new State(Optional.empty(), arrow) : new State(Optional.of(version),
                        Optional.empty());
            } catch (LinkageError e) {
                return new State(Optional.empty(), Optional.of("DuckDB does not load (" + e + "); it needs"
                        + " org.duckdb:duckdb_jdbc on the class path and its native library for this platform"));
            } catch (SQLException e) {
                return new State(Optional.empty(), Optional.of("DuckDB does not start: " + e.getMessage()));
            }
        }
    }
}
