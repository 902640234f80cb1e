package dev.quire.bench.runner;

import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.errors.InvalidArgumentException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a benchmark session does: the data, the engines and queries, the measuring protocol and where results go.
 * Every default is a named constant; {@link #defaults()} and the {@code withX} methods build variants.
 *
 * @param scaleFactor the TPC-H scale factor, in (0, 1000]
 * @param warmup uncounted warm-up runs per query and engine, before the counted ones; at least 1 (the first run's
 *     result is what every later run is checked against, and its time, a fresh JVM's cold cost, is reported apart)
 * @param runs counted runs per query and engine, after the warm-up runs; at least 1
 * @param restRuns rest after every this many runs, warm-up runs included (the first one included); 0 for never
 * @param restMillis how long each rest lasts
 * @param engines the engines to run, by name, in this order; empty for every engine found
 * @param queries the queries to run, by name, in this order; empty for every query
 * @param io the ways engines that read through Quire's I/O providers read, each measured on its own (provider and,
 *     for {@code posix}, reader settings: {@link IoVariant}); empty for each engine's default
 * @param threads scan threads, 0 for each engine's default
 * @param evictPageCache whether each engine's data files are evicted from the page cache before every run
 * @param cpuLog where to write one JSON line of wall and CPU time per run, if anywhere
 * @param getLog where to write one JSON line of read requests per run, if anywhere
 * @param dataDir the root of the data cache
 * @param outDir where {@code results.json} (and the HTML report) go
 * @param inProcess run every query in this process instead of one child JVM per query and engine
 * @param timeout how long one run may take (the first run's also covers the child JVM's start)
 */
public record BenchOptions(double scaleFactor, int warmup, int runs, int restRuns, long restMillis,
        List<String> engines, List<String> queries, List<IoVariant> io, int threads, boolean evictPageCache,
        Optional<Path> cpuLog, Optional<Path> getLog, Path dataDir, Path outDir, boolean inProcess, Duration timeout) {
    public static final double DEFAULT_SCALE_FACTOR = 0.1;
    public static final double MAX_SCALE_FACTOR = 1000;
    public static final int DEFAULT_RUNS = 5;
    /** One warm-up run, the fewest there can be: the first run's result is what the others are checked against. */
    public static final int DEFAULT_WARMUP = 1;
    public static final int DEFAULT_REST_RUNS = 0;
    public static final long DEFAULT_REST_MILLIS = 0;
    public static final int MAX_THREADS = 1024;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    /** The output directory, relative to the working directory. */
    public static final Path DEFAULT_OUT_DIR = Path.of("bench-results");

    public BenchOptions {
        engines = List.copyOf(engines);
        queries = List.copyOf(queries);
        io = List.copyOf(io);
        Objects.requireNonNull(cpuLog, "cpuLog is null");
        Objects.requireNonNull(getLog, "getLog is null");
        Objects.requireNonNull(dataDir, "dataDir is null");
        Objects.requireNonNull(outDir, "outDir is null");
        Objects.requireNonNull(timeout, "timeout is null");
        if (!(scaleFactor > 0) || scaleFactor > MAX_SCALE_FACTOR) {
            throw new InvalidArgumentException("--sf must be above 0 and at most " + (int) MAX_SCALE_FACTOR
                    + ", got " + scaleFactor);
        }
        if (warmup < 1) {
            throw new InvalidArgumentException("--warmup must be at least 1 (uncounted runs before the counted ones; "
                    + "the first one's result is what the others are checked against), got " + warmup);
        }
        if (runs < 1) {
            throw new InvalidArgumentException("--runs must be at least 1 (counted runs after the warm-up runs), got "
                    + runs);
        }
        if (restRuns < 0) {
            throw new InvalidArgumentException("--rest-runs must be 0 (never rest) or positive, got " + restRuns);
        }
        if (restMillis < 0) {
            throw new InvalidArgumentException("--rest-ms must be 0 or positive, got " + restMillis);
        }
        if (restMillis > 0 && restRuns == 0) {
            throw new InvalidArgumentException("--rest-ms " + restMillis + " needs --rest-runs N (rest after every N"
                    + " runs)");
        }
        if (threads < 0 || threads > MAX_THREADS) {
            throw new InvalidArgumentException("--threads must be 0 (each engine's default) to " + MAX_THREADS
                    + ", got " + threads);
        }
        for (int i = 0; i < io.size(); i++) {
            if (io.subList(0, i).contains(io.get(i))) {
                throw new InvalidArgumentException("--io names '" + io.get(i).spec() + "' twice");
            }
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new InvalidArgumentException("--timeout must be positive, got " + timeout);
        }
        checkNames("--engines", engines);
        checkNames("--queries", queries);
    }

    private static void checkNames(String option, List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (name.isBlank()) {
                throw new InvalidArgumentException(option + " has an empty name in " + String.join(",", names));
            }
            if (names.subList(0, i).contains(name)) {
                throw new InvalidArgumentException(option + " names '" + name + "' twice");
            }
        }
    }

    /**
     * The defaults: scale factor 0.1, 1 warm-up run and 5 counted runs, no rests, every engine and query, data under
     * the user's cache.
     */
    public static BenchOptions defaults() {
        return new BenchOptions(DEFAULT_SCALE_FACTOR, DEFAULT_WARMUP, DEFAULT_RUNS, DEFAULT_REST_RUNS,
                DEFAULT_REST_MILLIS, List.of(), List.of(), List.of(), 0, false, Optional.empty(), Optional.empty(),
                defaultDataDir(), DEFAULT_OUT_DIR, false, DEFAULT_TIMEOUT);
    }

    /**
     * The data cache when none is given: {@code $XDG_CACHE_HOME/quire/tpch} when that variable is set, else
     * {@code ~/.cache/quire/tpch}.
     */
    public static Path defaultDataDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("quire").resolve("tpch");
    }

    public BenchOptions withScaleFactor(double v) {
        return new BenchOptions(v, warmup, runs, restRuns, restMillis, engines, queries, io, threads, evictPageCache,
                cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withRuns(int v) {
        return new BenchOptions(scaleFactor, warmup, v, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withWarmup(int v) {
        return new BenchOptions(scaleFactor, v, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    /** Rest {@code millis} after every {@code everyRuns} runs. */
    public BenchOptions withRest(int everyRuns, long millis) {
        return new BenchOptions(scaleFactor, warmup, runs, everyRuns, millis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withEngines(List<String> v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, v, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withQueries(List<String> v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, v, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withIo(List<IoVariant> v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, v, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withThreads(int v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, v,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withEvictPageCache(boolean v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads, v,
                cpuLog, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withCpuLog(Optional<Path> v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, v, getLog, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withGetLog(Optional<Path> v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, v, dataDir, outDir, inProcess, timeout);
    }

    public BenchOptions withDataDir(Path v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, v, outDir, inProcess, timeout);
    }

    public BenchOptions withOutDir(Path v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, v, inProcess, timeout);
    }

    public BenchOptions withInProcess(boolean v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, v, timeout);
    }

    public BenchOptions withTimeout(Duration v) {
        return new BenchOptions(scaleFactor, warmup, runs, restRuns, restMillis, engines, queries, io, threads,
                evictPageCache, cpuLog, getLog, dataDir, outDir, inProcess, v);
    }
}
