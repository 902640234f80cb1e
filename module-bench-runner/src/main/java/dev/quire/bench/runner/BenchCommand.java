package dev.quire.bench.runner;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.errors.InvalidArgumentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code bench}: runs the TPC-H queries over every engine with the measuring protocol of {@link Runner}, prints the
 * table of medians and writes {@code results.json} into {@code --out}. The same command is {@code quire bench} in the
 * CLI and {@link BenchMain} on its own. Exit codes: 0 when every measurement is OK (or its engine unavailable), 1
 * when one failed or its result mismatched, 2 for bad usage.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Run TPC-H queries over every engine, one JVM per query and engine: --warmup uncounted "
                + "warm-up runs, then --runs counted runs; check every result against the first run's and the first "
                + "engine's; print the median of the counted runs (and its ratio to vortex-jni) and each first run's "
                + "time (a fresh JVM's cold cost), and write results.json."},
        footer = {"", "Progress goes to standard error, the table to standard output.",
                "Exit codes: 0 all OK (or unavailable), 1 a measurement FAILED or MISMATCHed, 2 bad usage."})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--sf", paramLabel = "SF", defaultValue = "0.1",
            description = "TPC-H scale factor, e.g. 0.01, 0.1, 1, 10 (default: ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
            description = "Counted runs per query and engine, after the warm-up runs (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "1",
            description = "Uncounted warm-up runs per query and engine, before the counted ones, at least 1; their "
                    + "results are checked like the others', their times recorded apart (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--rest-runs", paramLabel = "N", defaultValue = "0",
            description = "Rest after every N runs, warm-up runs included (the first included); 0 never rests "
                    + "(default).")
    int restRuns;

    @Option(names = "--rest-ms", paramLabel = "MS", defaultValue = "0",
            description = "How long each rest lasts, in milliseconds (default: ${DEFAULT-VALUE}).")
    long restMillis;

    @Option(names = "--engines", paramLabel = "NAME", split = ",",
            description = "Engines to run, comma-separated, in this order (default: every engine found).")
    List<String> engines = List.of();

    @Option(names = "--queries", paramLabel = "NAME", split = ",",
            description = "Queries to run, comma-separated, in this order (default: all).")
    List<String> queries = List.of();

    @Option(names = "--io", paramLabel = "VARIANT[,VARIANT...]",
            description = {"How Quire's engines read: I/O providers, for posix with reader settings, comma-separated; "
                    + "each engine that reads through Quire's providers is measured once per variant (others once). "
                    + "A variant is NAME[:SETTING]...: mmap, posix (as the quire.io.* properties configure it), "
                    + "posix:nowait=off (page-cache fast path off), posix:nowait=on, posix:window=64k-4m (fast path "
                    + "for reads of 64 KiB to 4 MiB), posix:direct (O_DIRECT). Default: each engine's own.",
                    "E.g. --io mmap,posix:nowait=off,posix,posix:window=64k-4m,posix:direct"})
    String io;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Scan threads; 0 is each engine's default (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--evict-page-cache",
            description = "Before every run, evict the engine's data files from the page cache (posix_fadvise "
                    + "DONTNEED; Linux), so each run reads cold in a warm JVM.")
    boolean evictPageCache;

    @Option(names = "--cpu-log", paramLabel = "FILE",
            description = "Write each run's wall and process CPU time as JSON lines to FILE (warm-up runs marked).")
    Path cpuLog;

    @Option(names = "--get-log", paramLabel = "FILE",
            description = "Write each run's read requests (count, bytes, slowest) as JSON lines to FILE (warm-up "
                    + "runs marked).")
    Path getLog;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Cache of generated data (default: $XDG_CACHE_HOME/quire/tpch or ~/.cache/quire/tpch).")
    Path dataDir;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "bench-results",
            description = "Where results.json (and the report) go (default: ${DEFAULT-VALUE}).")
    Path outDir;

    @Option(names = "--in-process",
            description = "Run every query in this JVM instead of one child JVM per query and engine (tests, "
                    + "debugging; measurements then share one JIT and heap).")
    boolean inProcess;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "How long one run (warm-up or counted) may take, e.g. 90s, 10m, 1h; the first also covers "
                    + "the JVM's start (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    private final Supplier<Workload> workload;

    /** The command over {@link Workload#standard()}. */
    public BenchCommand() {
        this(Workload::standard);
    }

    /** The command over the engines and queries {@code workload} supplies (for tests). */
    public BenchCommand(Supplier<Workload> workload) {
        this.workload = Objects.requireNonNull(workload, "workload is null");
    }

    @Override
    public Integer call() throws IOException {
        BenchOptions options = options();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        BenchResults results;
        try {
            results = new Runner(options, workload.get(), err).run();
        } catch (InvalidArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        err.flush();
        ResultsTable.print(results, out);
        out.println();
        out.println("results: " + options.outDir().resolve(BenchOutputs.RESULTS_FILE));
        out.flush();
        return Runner.exitCode(results);
    }

    /** The options given, checked; bad values are usage errors. */
    BenchOptions options() {
        try {
            return BenchOptions.defaults()
                    .withScaleFactor(scaleFactor)
                    .withWarmup(warmup)
                    .withRuns(runs)
                    .withRest(restRuns, restMillis)
                    .withEngines(engines == null ? List.of() : engines)
                    .withQueries(queries == null ? List.of() : queries)
                    .withIo(io == null ? List.of() : IoVariant.parseList(io))
                    .withThreads(threads)
                    .withEvictPageCache(evictPageCache)
                    .withCpuLog(Optional.ofNullable(cpuLog))
                    .withGetLog(Optional.ofNullable(getLog))
                    .withDataDir(dataDir != null ? dataDir : BenchOptions.defaultDataDir())
                    .withOutDir(outDir)
                    .withInProcess(inProcess)
                    .withTimeout(timeout);
        } catch (InvalidArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    /** {@code 500ms}, {@code 90s}, {@code 10m}, {@code 1h}, a plain number of seconds, or ISO-8601 ({@code PT10M}). */
    static final class DurationConverter implements ITypeConverter<Duration> {
        private static final Pattern SIMPLE = Pattern.compile("(\\d{1,9})(ms|s|m|h)?");

        @Override
        public Duration convert(String value) {
            Matcher m = SIMPLE.matcher(value.strip());
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                String unit = m.group(2) == null ? "s" : m.group(2);
                return switch (unit) {
                    case "ms" -> Duration.ofMillis(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofSeconds(n);
                };
            }
            try {
                return Duration.parse(value.strip());
            } catch (DateTimeParseException e) {
                throw new TypeConversionException("'" + value + "' is not a duration; write e.g. 500ms, 90s, 10m or "
                        + "1h");
            }
        }
    }
}
