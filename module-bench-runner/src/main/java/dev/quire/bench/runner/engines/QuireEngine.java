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
public class QuireEngine implements Engine {
    /** The engine's name on the command line and in reports. */
    public static final String NAME = "quire";
    /**
     * The version of the files {@link #prepare} writes. Bump it whenever the generator, the schema, the write options
     * or the writer's output change, so that stale cached files are rewritten. (w2, w3: dictionary layouts, when
     * {@code dev.quire.dictionary} is on the path.)
     */
    public static final String WRITER_VERSION = "w3";
    /** Rows per batch handed from the generator to the writer. */
    static final int WRITE_BATCH_ROWS = 65_536;

    private final String name;
    private final String writerVersion;
    private final WriteOptions writeOptions;
    private final Function<IoOptions, ReadAtFactory> readers;

    /**
     * Quire with the default write options (dictionaries capped at 2 MiB when the dictionary module is present),
     * reading files through the I/O providers ({@link ReadAtFactory#providers}): what the runner uses.
     */
    public QuireEngine() {
        this(ReadAtFactory::providers);
    }

    /**
     * Reads files through the factory {@code readers} gives for a run's I/O options (the provider {@code --io} names,
     * if any): the hook that puts any {@link ReadAt} under the engine, such as a cache in front of a store or a
     * counting wrapper.
     */
    public QuireEngine(Function<IoOptions, ReadAtFactory> readers) {
        this(NAME, WRITER_VERSION, WriteOptions.defaults(), readers);
    }

    protected QuireEngine(String name, String writerVersion, WriteOptions writeOptions) {
        this(name, writerVersion, writeOptions, ReadAtFactory::providers);
    }

    private QuireEngine(String name, String writerVersion, WriteOptions writeOptions,
            Function<IoOptions, ReadAtFactory> readers) {
        this.name = name;
        this.writerVersion = writerVersion;
        this.writeOptions = writeOptions;
        this.readers = Objects.requireNonNull(readers, "readers is null");
    }

    /** {@code quire-nodict}: no dictionary encoding, for comparisons with the default. */
    public static final class NoDictionary extends QuireEngine {
        public NoDictionary() {
            super("quire-nodict", WRITER_VERSION + "-nodict", WriteOptions.defaults().withDictionary(false));
        }
    }

    /** {@code quire-dict1m}: dictionaries capped at 1 MiB, as the reference writer caps them. */
    public static final class Dictionary1MiB extends QuireEngine {
        public Dictionary1MiB() {
            super("quire-dict1m", WRITER_VERSION + "-dict1m", WriteOptions.defaults().withDictionaryMaxBytes(1L << 20));
        }
    }

    /** {@code quire-dict4m}: dictionaries capped at 4 MiB. */
    public static final class Dictionary4MiB extends QuireEngine {
        public Dictionary4MiB() {
            super("quire-dict4m", WRITER_VERSION + "-dict4m", WriteOptions.defaults().withDictionaryMaxBytes(4L << 20));
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public String writerVersion() {
        return writerVersion;
    }

    @Override
    public Path prepare(Dataset dataset) throws IOException {
        return CachedFile.ensure(dataset.file(name, writerVersion, "vortex"), tmp -> {
            try (VortexWriter writer = VortexWriter.create(tmp, LineItems.SCHEMA, writeOptions)) {
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
