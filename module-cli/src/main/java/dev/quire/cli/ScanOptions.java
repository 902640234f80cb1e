package dev.quire.cli;

import dev.quire.cli.output.Text;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.direct.PosixReaders;
import dev.quire.layout.QuireContext;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.scan.ScanMetrics;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options {@code scan} and {@code count} share: which rows ({@code --filter}, {@code --select-rows},
 * {@code --exclude-rows}), on how many threads ({@code --threads}), whether filter kernels answer the filter
 * ({@code --no-filter-kernels}), and {@code --stats}.
 *
 * <p>A filter that does not parse, or does not fit the file (an unknown column, a literal that cannot be compared
 * with its column), is bad usage, exit code 2, like a malformed option value: the command line is wrong, not the
 * file, and the message (with a caret under the position of a syntax error) says how.
 */
final class ScanOptions {
    /** The most threads {@code --threads} accepts. */
    static final int MAX_THREADS = 1024;
    /** Split tasks in flight per thread: one running, one ready, so threads never wait on the consumer. */
    static final int TASKS_PER_THREAD = 2;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The posix provider's page-cache counters before this command, so {@code --stats} shows its own reads. */
    private final FastPathStats pageCacheBefore = PosixReaders.fastPathStats();

    @Option(names = "--filter", paramLabel = "EXPR",
            description = "Keep the rows where EXPR is true, e.g. \"price < 10 and name like 'a%%'\": comparisons "
                    + "(= != < <= > >=), between, in (...), is [not] null, like/ilike, starts_with(col, 'p'), "
                    + "and/or/not; date '2024-01-31' and timestamp '...' literals.")
    String filter;

    @Option(names = "--select-rows", paramLabel = "ROWS",
            description = "Only these rows (0-based, before the filter): rows and inclusive ranges, 1,5,10-20; "
                    + "100- runs to the last row; a leading ! selects every row but these.")
    String selectRows;

    @Option(names = "--exclude-rows", paramLabel = "ROWS",
            description = "Leave out these rows (same syntax as --select-rows); applies after --select-rows.")
    String excludeRows;

    @Option(names = "--threads", paramLabel = "N",
            description = "Decode, filter and gather on N threads of a pool of this run (default: Quire's shared "
                    + "pool, one thread per core).")
    Integer threads;

    @Option(names = "--no-filter-kernels",
            description = "Decode every row of the filter's columns and evaluate the filter on the values, instead "
                    + "of letting encoded columns answer it (a dictionary evaluates it once on its values). Same "
                    + "rows, usually slower: for ruling out a kernel when a filtered result looks wrong. The same as "
                    + "--set quire.filter.kernels=false.")
    boolean noFilterKernels;

    @Option(names = "--stats",
            description = "Print what the scan did to standard error: splits, zones pruned by statistics, rows "
                    + "read and returned, the file's reads (requests, reads after merging, bytes, errors, "
                    + "latency percentiles), for a file read from an object store or over HTTP its GETs (bytes fetched "
                    + "against bytes requested, retries, times to first and last byte, the slowest GET), time.")
    boolean stats;

    /** Checks the option values that need no file. */
    void validate() {
        if (threads != null && (threads < 1 || threads > MAX_THREADS)) {
            throw usage("--threads must be between 1 and " + MAX_THREADS + ", got " + threads);
        }
        parseRows("--select-rows", selectRows);
        parseRows("--exclude-rows", excludeRows);
        if (filter != null) {
            parseFilter();
        }
    }

    /**
     * Applies the filter and row selection to {@code scan} of {@code file}.
     *
     * @throws ParameterException (exit 2) when the filter does not bind to the file's columns or a row is past its
     *     end
     */
    void applyTo(Scan scan, VortexFile file) {
        if (filter != null) {
            Expr expr = parseFilter();
            try {
                scan.filter(expr);
            } catch (InvalidArgumentException e) {
                throw usage("--filter: " + e.getMessage(), e);
            }
        }
        Optional<RowSelection> include = parseRows("--select-rows", selectRows);
        Optional<RowSelection> exclude = parseRows("--exclude-rows", excludeRows);
        include.ifPresent(s -> checkRows("--select-rows", s, file.rowCount()));
        exclude.ifPresent(s -> checkRows("--exclude-rows", s, file.rowCount()));
        RowSelection.of(include, exclude, file.rowCount()).ifPresent(scan::select);
        if (threads != null) {
            scan.concurrency(TASKS_PER_THREAD * threads);
        }
    }

    /**
     * The settings these options stand for, for the run's context: {@code --no-filter-kernels} is
     * {@link QuireContext#FILTER_KERNELS} off, which the file's scans take as their default.
     */
    List<ContextOptions.Given<?>> settings() {
        return noFilterKernels ? List.of(ContextOptions.given(QuireContext.FILTER_KERNELS, false,
                "--no-filter-kernels")) : List.of();
    }

    /**
     * Runs {@code body} with {@code scan} on the pool {@code --threads} asks for, created for this run and shut down
     * after {@code body} returns (by then the scan's stream is closed, so no task of it is left), or on Quire's shared
     * pool without {@code --threads}.
     */
    <T> T run(Scan scan, Supplier<T> body) {
        if (threads == null) {
            return body.get();
        }
        AtomicInteger counter = new AtomicInteger();
        List<Thread> started = new CopyOnWriteArrayList<>();
        try {
            try (ExecutorService pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS,
                    new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "quire-cli-scan-" + counter.incrementAndGet());
                        t.setDaemon(true);
                        started.add(t);
                        return t;
                    })) {
                scan.executor(pool);
                return body.get();
            }
        } finally {
            // close() returns once the pool has terminated, a moment before its threads have finished exiting: wait
            // for them, so that a run leaves no thread of its own behind (what an embedding caller expects).
            for (Thread t : started) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
    }

    /** With {@code --stats}, writes what the scan did to {@code err}, with the reads the run's context counted. */
    void printStats(PrintWriter err, ScanMetrics m, ContextOptions io, Duration took) {
        if (!stats) {
            return;
        }
        err.println("splits: " + Text.count(m.splits()) + " started, " + Text.count(m.splitsPruned())
                + " pruned by statistics or the row selection");
        err.println("zones: " + Text.count(m.zonesConsidered()) + " checked against the filter, "
                + Text.count(m.zonesPruned()) + " pruned");
        err.println("rows: " + Text.count(m.rowsScanned()) + " read, " + Text.count(m.rowsReturned()) + " returned");
        io.printStats(err);
        FastPathStats p = PosixReaders.fastPathStats().minus(pageCacheBefore);
        if (p.decisions() > 0) {
            err.println("page cache (posix): " + Text.count(p.attempted()) + " reads tried inline (" + Text.count(p.hit())
                    + " hit, " + Text.count(p.partial()) + " partial, " + Text.count(p.miss()) + " miss), "
                    + Text.count(p.skipped()) + " skipped; " + Text.bytes(p.bytesServed()) + " served inline, "
                    + Text.bytes(p.bytesMissed()) + " left to the read pool");
        }
        err.println("took " + Text.duration(took));
        err.flush();
    }

    private Expr parseFilter() {
        try {
            return Expr.parse(filter);
        } catch (InvalidArgumentException e) {
            throw usage("--filter: " + e.getMessage(), e);
        }
    }

    private Optional<RowSelection> parseRows(String option, String text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(RowSelection.parse(text));
        } catch (InvalidArgumentException e) {
            throw usage(option + ": " + e.getMessage(), e);
        }
    }

    private void checkRows(String option, RowSelection rows, long rowCount) {
        try {
            rows.rows(rowCount);
        } catch (InvalidArgumentException e) {
            throw usage(option + ": " + e.getMessage(), e);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private ParameterException usage(String message, Throwable cause) {
        return new ParameterException(spec.commandLine(), message, cause);
    }
}
