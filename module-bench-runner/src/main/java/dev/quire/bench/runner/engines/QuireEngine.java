package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.CachedFile;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.ReadLog;
import dev.quire.bench.runner.spi.Table;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.file.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Quire reading its own files: {@code lineitem} written by {@link VortexWriter} with the default
 * {@link WriteOptions}, scanned with {@link VortexFile#scan()}.
 *
 * <p>{@link EngineOptions#io()} names the {@link IoProviders I/O provider} the file is read through (Quire's default
 * choice when empty; an engine built with a reader factory of its own opens files through that instead),
 * {@link EngineOptions#threads()} sizes a pool of scan threads owned by the table (Quire's shared scan pool when 0),
 * and {@link EngineOptions#readLog()} sees every read the scan makes.
 */
public final class QuireEngine implements Engine {
    /** The engine's name on the command line and in reports. */
    public static final String NAME = "quire";
    /**
     * The version of the files {@link #prepare} writes. Bump it whenever the generator, the schema, the write options
     * or the writer's output change, so that stale cached files are rewritten.
     */
    public static final String WRITER_VERSION = "w1";
    /** Rows per batch handed from the generator to the writer. */
    static final int WRITE_BATCH_ROWS = 65_536;

    private final Function<IoOptions, ReadAtFactory> readers;

    /** Reads files through the I/O providers ({@link ReadAtFactory#providers}): what the runner uses. */
    public QuireEngine() {
        this(ReadAtFactory::providers);
    }

    /**
     * Reads files through the factory {@code readers} gives for a run's I/O options (the provider {@code --io} names,
     * if any): the hook that puts any {@link ReadAt} under the engine, such as a cache in front of a store or a
     * counting wrapper.
     */
    public QuireEngine(Function<IoOptions, ReadAtFactory> readers) {
        this.readers = Objects.requireNonNull(readers, "readers is null");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public String writerVersion() {
        return WRITER_VERSION;
    }

    @Override
    public Path prepare(Dataset dataset) throws IOException {
        return CachedFile.ensure(dataset.file(NAME, WRITER_VERSION, "vortex"), tmp -> {
            try (VortexWriter writer = VortexWriter.create(tmp, LineItems.SCHEMA, WriteOptions.defaults())) {
                LineItems.generate(dataset.scaleFactor(), WRITE_BATCH_ROWS, writer::write);
            }
        });
    }

    /**
     * Opens {@code file} for one run.
     *
     * @throws InvalidArgumentException when {@code options} name an I/O provider that does not exist (the message
     *     lists those that do) or that cannot read the file here
     */
    @Override
    public Table open(Path file, EngineOptions options) throws IOException {
        IoOptions io = options.io().map(IoOptions.defaults()::withProvider).orElse(IoOptions.defaults());
        ReadAt in = readers.apply(io).open(file.toAbsolutePath().toUri());
        if (options.readLog().isPresent()) {
            ReadLog log = options.readLog().get();
            in = new LoggingReadAt(in, log);
        }
        try {
            return new QuireTable(in, VortexFile.open(in), options.threads());
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
    }
}
