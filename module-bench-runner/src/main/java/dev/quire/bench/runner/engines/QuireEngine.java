package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.spi.CachedFile;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.bench.runner.spi.ReadLog;
import dev.quire.bench.runner.spi.Table;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.spi.CountingReadAt;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.IoStats;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.layout.QuireContext;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.WriteOptions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * Quire reading its own files: {@code lineitem} written by {@link VortexWriter} with the default
 * {@link WriteOptions}, scanned with {@link VortexFile#scan()}.
 *
 * <p>Files are written and read with a {@link QuireContext} made once per process from {@link QuireContext#builder()}
 * (the plugins on the path, the settings of this JVM's system properties and environment variables), and once more for
 * each I/O variant a run asks for. {@link EngineOptions#io()} is an {@link IoVariant}: the
 * {@link IoProviders I/O provider} the file is read through (Quire's default choice when empty; an engine built with a
 * reader factory of its own opens files through that instead) and, for {@code posix}, the settings of its reader (fast
 * path on or off, its window, {@code O_DIRECT}); the variant's context has them as its settings
 * ({@link IoVariant#applyTo}, {@link PosixSettings}) over those of the JVM.
 * {@link EngineOptions#threads()} sizes a pool of scan threads owned by the table (Quire's shared scan pool when 0),
 * and {@link EngineOptions#readLog()} sees every read the scan makes. Every read is counted ({@link CountingReadAt});
 * {@link Table#io()} reports the counts and, for a {@code posix} reader, its page-cache fast-path counters.
 */
public class QuireEngine implements Engine {
    /** The engine's name on the command line and in reports. */
    public static final String NAME = "quire";
    /**
     * The version of the files {@link #prepare} writes. Bump it whenever the generator, the schema, the write options
     * or the writer's output change, so that stale cached files are rewritten. (w2, w3: dictionary layouts, when
     * {@code dev.quire.dictionary} is on the path; w4: compressed arrays, when {@code dev.quire.encodings} is.)
     */
    public static final String WRITER_VERSION = "w4";
    /** Rows per batch handed from the generator to the writer. */
    static final int WRITE_BATCH_ROWS = 65_536;

    /**
     * The contexts files are written and read with, by I/O variant ({@code ""} for none): made once per process, as
     * a child JVM runs one variant and {@code --in-process} runs them all in one JVM.
     */
    private static final ConcurrentMap<String, QuireContext> CONTEXTS = new ConcurrentHashMap<>();
    private static final String NO_VARIANT = "";

    private final String name;
    private final String writerVersion;
    private final WriteOptions writeOptions;
    /** The caller's reader factories, which {@code posix} settings cannot reach; null to read through providers. */
    private final Function<IoOptions, ReadAtFactory> readers;
    private final boolean ownReaders;

    /**
     * Quire with the default write options (dictionaries capped at 2 MiB when the dictionary module is present),
     * reading files through the I/O providers found on the path, configured by this JVM's system properties and
     * environment variables: what the runner uses.
     */
    public QuireEngine() {
        this(NAME, WRITER_VERSION, WriteOptions.defaults(), null, false);
    }

    /**
     * Reads files through the factory {@code readers} gives for a run's I/O options (the provider {@code --io} names,
     * if any): the hook that puts any {@link ReadAt} under the engine, such as a cache in front of a store or a
     * counting wrapper.
     */
    public QuireEngine(Function<IoOptions, ReadAtFactory> readers) {
        this(NAME, WRITER_VERSION, WriteOptions.defaults(), readers, true);
    }

    protected QuireEngine(String name, String writerVersion, WriteOptions writeOptions) {
        this(name, writerVersion, writeOptions, null, false);
    }

    private QuireEngine(String name, String writerVersion, WriteOptions writeOptions,
            Function<IoOptions, ReadAtFactory> readers, boolean ownReaders) {
        this.name = name;
        this.writerVersion = writerVersion;
        this.writeOptions = writeOptions;
        this.readers = ownReaders ? Objects.requireNonNull(readers, "readers is null") : null;
        this.ownReaders = ownReaders;
    }

    /**
     * The context of {@code variant}: the process's, with the variant's provider and reader settings over its
     * settings.
     *
     * @throws dev.quire.errors.PluginConflictException when two plugins on the path claim one id
     */
    static QuireContext context(Optional<IoVariant> variant) {
        // The base first, outside the variant's computation: a map's computation must not update the map.
        QuireContext base = CONTEXTS.computeIfAbsent(NO_VARIANT, none -> QuireContext.builder().build());
        if (variant.isEmpty()) {
            return base;
        }
        return CONTEXTS.computeIfAbsent(variant.get().spec(),
                spec -> base.toBuilder().settings(variant.get().applyTo(base.settings())).build());
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

    /** True: {@code --io} chooses the provider (and the {@code posix} reader's settings) this engine reads with. */
    @Override
    public boolean readsThroughIoProviders() {
        return true;
    }

    @Override
    public String writerVersion() {
        return writerVersion;
    }

    @Override
    public Path prepare(Dataset dataset) throws IOException {
        return CachedFile.ensure(dataset.file(name, writerVersion, "vortex"), tmp -> {
            try (VortexWriter writer = VortexWriter.create(tmp, LineItems.SCHEMA, writeOptions,
                    context(Optional.empty()))) {
                LineItems.generate(dataset.scaleFactor(), WRITE_BATCH_ROWS, writer::write);
            }
        });
    }

    /**
     * Opens {@code file} for one run.
     *
     * @throws InvalidArgumentException when {@code options} name an I/O provider that does not exist (the message
     *     lists those that do) or that cannot read the file here, when the I/O variant does not parse, or when it has
     *     {@code posix} settings and this engine reads through a reader factory of its own
     */
    @Override
    public Table open(Path file, EngineOptions options) throws IOException {
        Optional<IoVariant> variant = options.io().map(IoVariant::parse);
        if (ownReaders && variant.isPresent() && variant.get().hasSettings()) {
            throw new InvalidArgumentException(name + " reads through a reader factory of its own, which the "
                    + "settings of --io " + variant.get().spec() + " cannot reach");
        }
        QuireContext context = context(variant);
        IoOptions io = IoOptions.of(context.settings());
        URI uri = file.toAbsolutePath().toUri();
        ReadAt raw;
        String reader;
        if (ownReaders) {
            raw = readers.apply(variant.map(v -> io.withProvider(v.provider())).orElse(io)).open(uri);
            reader = variant.map(IoVariant::spec).orElse("own reader factory");
        } else {
            IoProvider chosen = context.io().choose(uri, io);
            raw = chosen.open(uri, io);
            reader = variant.map(IoVariant::spec).orElse(chosen.name());
        }
        CountingReadAt counted = CountingReadAt.wrap(raw);
        ReadAt in = counted;
        if (options.readLog().isPresent()) {
            ReadLog log = options.readLog().get();
            in = new LoggingReadAt(in, log);
        }
        try {
            return new QuireTable(in, VortexFile.open(in, ReadLimits.defaults(), context), options.threads(),
                    () -> report(reader, counted, raw));
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * The reads {@code counted} saw, with the fast-path counters and the O_DIRECT refusal of a posix reader, and the
     * GETs of a reader over an object store.
     */
    static IoReport report(String reader, CountingReadAt counted, ReadAt raw) {
        IoStats s = counted.stats();
        IoReport.FastPath fastPath = null;
        String note = "";
        if (raw instanceof PosixReadAt posix) {
            FastPathStats f = posix.fastPathStats();
            fastPath = new IoReport.FastPath(f.attempted(), f.hit(), f.partial(), f.miss(), f.skipped(),
                    f.suppressed(), f.bytesServed(), f.bytesMissed());
            note = posix.directRefusal().map(why -> "O_DIRECT not used: " + why).orElse("");
        }
        IoReport.Store store = raw.storeStats().map(g -> new IoReport.Store(g.requests(), g.requestedBytes(),
                g.gets(), g.fetchedBytes(), g.retries(), g.failures(), g.firstByte().percentileMicros(0.5),
                g.lastByte().percentileMicros(0.5), g.lastByte().percentileMicros(0.99),
                Math.ceilDiv(g.slowestGetNanos(), 1000))).orElse(null);
        return new IoReport(reader, s.requests(), s.requestedBytes(), s.reads(), s.bytesRead(), s.mergedReads(),
                s.readsSaved(), s.errors(), s.latency().percentileMicros(0.5), s.latency().percentileMicros(0.99),
                Math.ceilDiv(s.latency().maxNanos(), 1000), fastPath, store, note);
    }
}
