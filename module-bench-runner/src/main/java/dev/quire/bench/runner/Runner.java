package dev.quire.bench.runner;

import dev.quire.bench.runner.protocol.Checks;
import dev.quire.bench.runner.protocol.Collected;
import dev.quire.bench.runner.protocol.Measure;
import dev.quire.bench.runner.protocol.PageCache;
import dev.quire.bench.runner.protocol.RunPlan;
import dev.quire.bench.runner.protocol.RunReport;
import dev.quire.bench.runner.protocol.Stats;
import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Environment;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Settings;
import dev.quire.bench.runner.results.Status;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.bench.runner.spi.Query;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.spi.IoProviders;
import dev.quire.layout.QuireContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * The measuring protocol. Prepares every engine's data once, in this process; then, for each query and engine, starts
 * one child JVM (or, with {@link BenchOptions#inProcess()}, a thread here) that does the uncounted warm-up runs
 * ({@link BenchOptions#warmup()}) and then the counted runs. Every run's rows and result, warm-up runs' included, must
 * equal the first run's, and each query's result must equal the first
 * engine's that has a consistent one; a difference marks the measurement {@link Status#MISMATCH}. An engine that reads
 * through Quire's I/O providers is measured once per {@link BenchOptions#io() I/O variant}, each in its own child JVM,
 * which gets the variant as an argument; other engines once. Reports the counted runs' medians, minima, maxima and
 * ratios to {@value #REFERENCE_ENGINE} and keeps the warm-up runs apart (the first one is a fresh JVM's cold cost),
 * and writes the results through {@link BenchOutputs}.
 */
public final class Runner {
    /** The engine ratios are computed against. */
    public static final String REFERENCE_ENGINE = "vortex-jni";
    /** The exit code of a session where every measurement was OK or its engine unavailable. */
    public static final int EXIT_OK = 0;
    /** The exit code of a session with a {@link Status#FAILED} or {@link Status#MISMATCH} measurement. */
    public static final int EXIT_FAILED = 1;

    private final BenchOptions options;
    private final Workload workload;
    private final PrintWriter progress;

    /**
     * @param options what to run and how
     * @param workload the engines and queries to choose from ({@link Workload#standard()} on the command line)
     * @param progress where a line per step goes (standard error on the command line)
     */
    public Runner(BenchOptions options, Workload workload, PrintWriter progress) {
        this.options = Objects.requireNonNull(options, "options is null");
        this.workload = Objects.requireNonNull(workload, "workload is null");
        this.progress = Objects.requireNonNull(progress, "progress is null");
    }

    /** An engine's data: its file, or why it has none. */
    private sealed interface Prepared {
        record Ready(Path file) implements Prepared {}

        record Unavailable(String reason) implements Prepared {}

        record Broken(String error) implements Prepared {}
    }

    /**
     * Runs the session, writes its outputs into {@link BenchOptions#outDir()} and returns the results.
     *
     * @throws InvalidArgumentException when an engine or query name is unknown, an I/O variant names no provider, or
     *     there is nothing to run
     */
    public BenchResults run() throws IOException {
        checkIoProviders();
        Workload chosen = workload.select(options.engines(), options.queries());
        if (chosen.engines().isEmpty()) {
            throw new InvalidArgumentException("no engines to run: none was found on the module or class path");
        }
        if (chosen.queries().isEmpty()) {
            throw new InvalidArgumentException("no queries to run");
        }
        String startedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        Dataset dataset = new Dataset(options.scaleFactor(), options.dataDir());
        Map<String, Prepared> prepared = prepare(chosen.engines(), dataset);
        RunPlan plan = new RunPlan(options.warmup(), options.runs(), options.restRuns(), options.restMillis(),
                Optional.empty(), options.threads(), options.evictPageCache(), options.getLog().isPresent());

        long maxHeap = -1;
        List<Draft> drafts = new ArrayList<>();
        try (RunLogs logs = RunLogs.open(options.cpuLog(), options.getLog())) {
            for (Query query : chosen.queries()) {
                for (Engine engine : chosen.engines()) {
                    for (Optional<String> io : variants(engine)) {
                        Draft d = measure(query, engine, io.orElse(""), prepared.get(engine.name()),
                                plan.withIo(io), logs);
                        drafts.add(d);
                        maxHeap = maxHeap > 0 ? maxHeap : d.maxHeapBytes;
                    }
                }
            }
        }
        checkAcrossEngines(drafts);
        List<Measurement> measurements = summarize(drafts);
        Settings settings = new Settings(options.scaleFactor(), options.warmup(), options.runs(), options.restRuns(),
                options.restMillis(), options.evictPageCache(),
                String.join(",", options.io().stream().map(IoVariant::spec).toList()), options.threads(),
                chosen.engines().stream().map(Engine::name).toList(),
                chosen.queries().stream().map(Query::name).toList());
        BenchResults results = new BenchResults(BenchResults.FORMAT_VERSION, startedAt,
                environment(maxHeap > 0 ? maxHeap : Runtime.getRuntime().maxMemory()), settings, measurements);
        BenchOutputs.write(results, options.outDir());
        return results;
    }

    /** Fails naming the {@code --io} variant whose provider is not on the path. */
    private void checkIoProviders() {
        if (options.io().isEmpty()) {
            return;
        }
        // The providers Quire's engine reads through: the plugins on the path, which any context built here has.
        IoProviders providers = QuireContext.defaults().io();
        for (IoVariant v : options.io()) {
            try {
                providers.byName(v.provider());
            } catch (InvalidArgumentException e) {
                throw new InvalidArgumentException("--io " + v.spec() + ": " + e.getMessage(), e);
            }
        }
    }

    /** The I/O variants to measure {@code engine} with: each of {@code --io}, or only its default. */
    private List<Optional<String>> variants(Engine engine) {
        if (options.io().isEmpty() || !engine.readsThroughIoProviders()) {
            return List.of(Optional.empty());
        }
        return options.io().stream().map(v -> Optional.of(v.spec())).toList();
    }

    /** {@link #EXIT_FAILED} when a measurement failed or mismatched, else {@link #EXIT_OK}. */
    public static int exitCode(BenchResults results) {
        boolean bad = results.measurements().stream()
                .anyMatch(m -> m.status() == Status.FAILED || m.status() == Status.MISMATCH);
        return bad ? EXIT_FAILED : EXIT_OK;
    }

    private Map<String, Prepared> prepare(List<Engine> engines, Dataset dataset) {
        Map<String, Prepared> prepared = new LinkedHashMap<>();
        for (Engine engine : engines) {
            Optional<String> reason = engine.unavailableReason();
            if (reason.isPresent()) {
                progress.println(engine.name() + ": unavailable: " + reason.get());
                prepared.put(engine.name(), new Prepared.Unavailable(reason.get()));
                continue;
            }
            progress.println(engine.name() + ": preparing TPC-H data at scale factor " + dataset.label() + " in "
                    + dataset.dir());
            progress.flush();
            try {
                Path file = Objects.requireNonNull(engine.prepare(dataset), "prepare returned no file");
                if (options.evictPageCache()) {
                    // Fails here, once and clearly, when eviction cannot work (not Linux, no native access).
                    PageCache.evict(file);
                }
                prepared.put(engine.name(), new Prepared.Ready(file));
            } catch (UnsupportedFeatureException e) {
                // Eviction cannot work on this platform: the whole session is wrong, not one engine.
                throw e;
            } catch (IOException | RuntimeException e) {
                progress.println(engine.name() + ": preparing its data failed: " + e);
                prepared.put(engine.name(), new Prepared.Broken("preparing the data failed: " + e));
            }
        }
        progress.flush();
        return prepared;
    }

    /** A measurement before the cross-engine check and the statistics. */
    private static final class Draft {
        final String query;
        final String engine;
        final String io;
        Status status;
        String message;
        final List<RunReport> runs;
        final long maxHeapBytes;

        Draft(String query, String engine, String io, Status status, String message, List<RunReport> runs,
                long maxHeapBytes) {
            this.query = query;
            this.engine = engine;
            this.io = io;
            this.status = status;
            this.message = message;
            this.runs = runs;
            this.maxHeapBytes = maxHeapBytes;
        }
    }

    private Draft measure(Query query, Engine engine, String io, Prepared prepared, RunPlan plan, RunLogs logs) {
        String label = query.name() + " on " + Measurement.label(engine.name(), io);
        return switch (prepared) {
            case Prepared.Unavailable u -> new Draft(query.name(), engine.name(), io, Status.UNAVAILABLE, u.reason(),
                    List.of(), -1);
            case Prepared.Broken b -> new Draft(query.name(), engine.name(), io, Status.FAILED, b.error(), List.of(),
                    -1);
            case Prepared.Ready ready -> {
                progress.print(label + ": ");
                progress.flush();
                Collected c = options.inProcess()
                        ? Measure.inProcess(engine, query, ready.file(), plan, options.timeout(),
                                r -> ran(logs, query, engine, io, plan, r))
                        : Measure.inChild(engine, query, ready.file(), plan, options.timeout(),
                                r -> ran(logs, query, engine, io, plan, r));
                Draft d;
                if (c.failure().isPresent()) {
                    d = new Draft(query.name(), engine.name(), io, Status.FAILED, c.failure().get(), c.runs(),
                            c.maxHeapBytes());
                } else {
                    Optional<String> mismatch = Checks.acrossRuns(c.runs());
                    d = new Draft(query.name(), engine.name(), io, mismatch.isPresent() ? Status.MISMATCH : Status.OK,
                            mismatch.orElse(""), c.runs(), c.maxHeapBytes());
                }
                progress.println(d.status == Status.OK
                        ? String.format(Locale.ROOT, " median %.2f ms", Stats.of(d.runs).medianMillis())
                        : " " + d.status + ": " + d.message);
                progress.flush();
                yield d;
            }
        };
    }

    /** Logs a run and shows it: {@code first run w2 w3 1 2 3} for three warm-up runs and three counted ones. */
    private void ran(RunLogs logs, Query query, Engine engine, String io, RunPlan plan, RunReport r) {
        logs.run(query.name(), Measurement.label(engine.name(), io), r);
        progress.print(r.index() == 0 ? "first run"
                : r.counted() ? " " + (r.index() - plan.warmup() + 1) : " w" + (r.index() + 1));
        progress.flush();
    }

    /** Compares each query's OK measurements with the first engine's that is OK. */
    private static void checkAcrossEngines(List<Draft> drafts) {
        Map<String, Draft> reference = new LinkedHashMap<>();
        for (Draft d : drafts) {
            if (d.status != Status.OK) {
                continue;
            }
            Draft ref = reference.putIfAbsent(d.query, d);
            if (ref == null) {
                continue;
            }
            Optional<String> mismatch = Checks.againstReference(d.runs.getFirst(),
                    Measurement.label(ref.engine, ref.io), ref.runs.getFirst());
            if (mismatch.isPresent()) {
                d.status = Status.MISMATCH;
                d.message = mismatch.get();
            }
        }
    }

    private static List<Measurement> summarize(List<Draft> drafts) {
        Map<String, Double> referenceMedians = new LinkedHashMap<>();
        for (Draft d : drafts) {
            if (d.engine.equals(REFERENCE_ENGINE) && d.io.isEmpty() && d.status == Status.OK) {
                referenceMedians.put(d.query, Stats.of(d.runs).medianMillis());
            }
        }
        List<Measurement> measurements = new ArrayList<>();
        for (Draft d : drafts) {
            // A failed measurement's runs are kept, but not summarized: its runs did not all happen.
            Stats s = d.status == Status.OK || d.status == Status.MISMATCH ? Stats.of(d.runs) : Stats.NONE;
            Double ratio = referenceMedians.containsKey(d.query)
                    ? Stats.ratio(s.medianMillis(), referenceMedians.get(d.query)) : null;
            List<Run> warmupRuns = d.runs.stream().filter(r -> !r.counted()).map(Runner::run).toList();
            List<Run> runs = d.runs.stream().filter(RunReport::counted).map(Runner::run).toList();
            String result = d.runs.isEmpty() ? "" : d.runs.getFirst().result();
            measurements.add(new Measurement(d.query, d.engine, d.io, d.status, d.message, result, warmupRuns, runs,
                    s.medianMillis(), s.minMillis(), s.maxMillis(), ratio));
        }
        return measurements;
    }

    private static Run run(RunReport r) {
        return new Run(r.index(), r.counted(), r.wallMillis(), r.cpuMillis(), r.jitCpuMillis(), r.rows(),
                r.io().orElse(null));
    }

    private static Environment environment(long maxHeapBytes) {
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        String java = Runtime.version() + " (" + System.getProperty("java.vm.vendor", "unknown vendor") + ")";
        return new Environment(os, Runtime.getRuntime().availableProcessors(), maxHeapBytes, java, quireVersion());
    }

    /** The version the build wrote into {@code build.properties}, the same on the module and the class path. */
    static String quireVersion() {
        Properties build = new Properties();
        try (InputStream in = Runner.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
        return build.getProperty("version", "unknown");
    }
}
