package dev.quire.cli;

import dev.quire.bench.runner.BenchOptions;
import dev.quire.bench.runner.ResultsTable;
import dev.quire.bench.runner.Runner;
import dev.quire.bench.runner.Workload;
import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.cli.demo.ForecastRevenue;
import dev.quire.cli.demo.PricingSummary;
import dev.quire.cli.inspect.FileReport;
import dev.quire.cli.inspect.TextReport;
import dev.quire.cli.output.RowFormat;
import dev.quire.cli.output.RowWriter;
import dev.quire.cli.output.Text;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.scan.ScanMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code quire demo}: writes TPC-H {@code lineitem} as a Vortex file, inspects it and scans it (a few rows, TPC-H
 * query 1 over every row, then query 6 as a filtered scan), then runs the benchmark runner's queries over it with
 * Quire's engine, printing what each step did and how long it took. The steps in this process write and read with one
 * {@link QuireContext} built for the run; the benchmark's child processes build their own, as {@code quire bench}'s
 * do, from the same system properties and environment variables. It takes no {@code --set}: the child processes
 * would not see it.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Generate TPC-H lineitem, write it as a Vortex file, inspect it and scan it (the first rows, "
                + "TPC-H query 1 over all rows, then query 6 with its predicate pushed into the scan), timing each "
                + "step, then run the benchmark runner's queries over the file (as `quire bench --engines quire`). Needs no set-up: without --dir the file goes to a temporary directory that is removed "
                + "afterwards."})
final class DemoCommand implements Callable<Integer> {
    static final String FILE_NAME = "lineitem.vortex";
    static final int BATCH_ROWS = 65_536;
    /** Counted runs per query in the demo's benchmark step (after one uncounted run). */
    static final int BENCH_RUNS = 3;
    static final String[] PREVIEW_COLUMNS = {"l_orderkey", "l_linenumber", "l_quantity", "l_extendedprice",
        "l_returnflag", "l_shipdate", "l_shipmode", "l_comment"};
    /** The benchmark runner's engine the demo's file is measured with: Quire's. */
    static final String ENGINE = "quire";

    @Spec
    CommandSpec spec;

    @Option(names = "--sf", paramLabel = "SF", defaultValue = "0.1",
            description = "TPC-H scale factor; 1 is 6 million rows (default: ${DEFAULT-VALUE}).")
    double scaleFactor;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Write the file here and keep it (default: a temporary directory, removed afterwards).")
    Path dir;

    /** What this process writes and reads the file with. */
    private QuireContext context;

    @Override
    public Integer call() {
        if (!(scaleFactor > 0) || scaleFactor > 100_000) {
            throw new ParameterException(spec.commandLine(), "--sf must be above 0 and at most 100000, got "
                    + scaleFactor);
        }
        context = QuireContext.builder().build();
        PrintWriter out = spec.commandLine().getOut();
        boolean temporary = dir == null;
        Path where = temporary ? createTempDir() : createDir(dir);
        Path file = where.resolve(FILE_NAME);
        long started = System.nanoTime();
        int code;
        try {
            out.println("quire demo: TPC-H lineitem at scale factor " + format(scaleFactor) + " in " + file);
            out.println();
            write(out, file);
            inspect(out, file);
            preview(out, file);
            query(out, file);
            forecast(out, file);
            code = benchmark(out, file, where);
            out.println("done in " + Text.duration(since(started)) + (temporary ? "" : "; kept " + file));
        } finally {
            if (temporary) {
                deleteTree(where);
            }
        }
        out.flush();
        if (code != 0) {
            spec.commandLine().getErr().println("quire demo: a benchmark query failed or its runs disagreed; the "
                    + "table above says which");
        }
        return code;
    }

    private void write(PrintWriter out, Path file) {
        step(out, "1. generate and write");
        long started = System.nanoTime();
        long[] writeNanos = {0};
        long rows;
        VortexWriter writer = VortexWriter.create(file, LineItems.SCHEMA, WriteOptions.defaults(), context);
        try {
            rows = LineItems.generate(scaleFactor, BATCH_ROWS, batch -> {
                long t = System.nanoTime();
                writer.write(batch);
                writeNanos[0] += System.nanoTime() - t;
            });
        } finally {
            // Closing writes the last chunks and the footer: part of the writing time.
            long t = System.nanoTime();
            writer.close();
            writeNanos[0] += System.nanoTime() - t;
        }
        Duration total = since(started);
        Duration writing = Duration.ofNanos(writeNanos[0]);
        out.println("   " + Text.count(rows) + " rows, " + LineItems.SCHEMA.fieldCount() + " columns, "
                + Text.bytes(size(file)) + " on disk");
        out.println("   took " + Text.duration(total) + ": generating " + Text.duration(total.minus(writing))
                + ", encoding and writing " + Text.duration(writing) + " (" + Text.rate(rows, writing, "rows")
                + ")");
        out.println();
    }

    private void inspect(PrintWriter out, Path file) {
        step(out, "2. inspect (footer and array descriptions only)");
        long started = System.nanoTime();
        FileReport report;
        try (VortexFile vortex = VortexFile.open(file, context)) {
            report = FileReport.of(file.getFileName().toString(), vortex);
        }
        Duration took = since(started);
        new TextReport(out, false, InspectCommand.DEFAULT_MAX_CHILDREN).printSummary(report);
        out.println("   took " + Text.duration(took) + "; `quire inspect " + file + "` shows the layout tree");
        out.println();
    }

    private void preview(PrintWriter out, Path file) {
        step(out, "3. scan the first rows");
        long started = System.nanoTime();
        try (VortexFile vortex = VortexFile.open(file, context);
                BatchStream batches = vortex.scan().project(PREVIEW_COLUMNS).limit(5).batches()) {
            RowWriter table = RowFormat.TABLE.writer(out, batches.dtype());
            for (StructArray batch : batches) {
                table.write(batch);
            }
            table.finish();
        }
        out.println("   took " + Text.duration(since(started)));
        out.println();
    }

    private void query(PrintWriter out, Path file) {
        step(out, "4. scan " + PricingSummary.COLUMNS.length + " columns of every row: TPC-H query 1");
        long started = System.nanoTime();
        PricingSummary q1 = new PricingSummary();
        try (VortexFile vortex = VortexFile.open(file, context)) {
            Scan scan = vortex.scan().project(PricingSummary.COLUMNS).splitRows(PricingSummary.MAX_BATCH_ROWS);
            scan.forEach(q1::add);
        }
        Duration took = since(started);
        List<PricingSummary.Group> groups = q1.result();
        String header = String.format(Locale.ROOT, "   %-4s %-4s %14s %18s %20s %22s %9s %12s %8s %9s", "flag",
                "stat", "sum_qty", "sum_base_price", "sum_disc_price", "sum_charge", "avg_qty", "avg_price",
                "avg_disc", "count");
        out.println(header);
        for (PricingSummary.Group g : groups) {
            out.println(String.format(Locale.ROOT, "   %-4s %-4s %14s %18s %20s %22s %9.2f %12.2f %8.2f %9d",
                    g.returnFlag(), g.lineStatus(), g.sumQty().toPlainString(), g.sumBasePrice().toPlainString(),
                    g.sumDiscPrice().toPlainString(), g.sumCharge().toPlainString(), g.avgQty(), g.avgPrice(),
                    g.avgDisc(), g.count()));
        }
        out.println("   scanned " + Text.count(q1.rowsSeen()) + " rows in " + Text.duration(took) + " ("
                + Text.rate(q1.rowsSeen(), took, "rows") + ")");
        out.println();
    }

    private void forecast(PrintWriter out, Path file) {
        step(out, "5. filtered scan of " + ForecastRevenue.COLUMNS.length + " columns: TPC-H query 6");
        out.println("   where " + ForecastRevenue.FILTER);
        long started = System.nanoTime();
        ForecastRevenue q6 = new ForecastRevenue();
        ScanMetrics metrics;
        long rows;
        try (VortexFile vortex = VortexFile.open(file, context);
                BatchStream batches = vortex.scan().project(ForecastRevenue.COLUMNS).filter(ForecastRevenue.FILTER)
                        .batches()) {
            rows = vortex.rowCount();
            for (StructArray batch : batches) {
                q6.add(batch);
            }
            metrics = batches.metrics();
        }
        Duration took = since(started);
        out.println("   revenue " + q6.revenue().toPlainString());
        out.println("   " + Text.count(q6.rows()) + " of " + Text.count(rows) + " rows matched in "
                + Text.duration(took) + " (" + Text.rate(rows, took, "rows") + ")");
        out.println("   pruned by zone statistics: " + Text.count(metrics.zonesPruned()) + " of "
                + Text.count(metrics.zonesConsidered()) + " zones, " + Text.count(metrics.splitsPruned()) + " of "
                + Text.count(metrics.splits()) + " splits");
        out.println();
    }

    /**
     * Runs the benchmark runner's queries over the file with Quire's engine, in a child JVM per query as
     * {@code quire bench} does (fewer runs), and prints its table. The demo's file is linked into the runner's data
     * directory under the name Quire's engine caches it by, so nothing is generated twice. Returns the runner's exit
     * code: 1 when a query failed or a run disagreed with another.
     */
    private int benchmark(PrintWriter out, Path file, Path where) {
        step(out, "6. the benchmark runner's queries, one process each: `quire bench --engines quire --runs "
                + BENCH_RUNS + "`");
        long started = System.nanoTime();
        Path dataDir = where.resolve("bench-data");
        Path outDir = where.resolve("bench-results");
        // Where the engine keeps the file it would write, by its writer version: the demo's file is that file.
        Engine engine = Workload.standard().select(List.of(ENGINE), List.of()).engines().getFirst();
        Path cached = new Dataset(scaleFactor, dataDir).file(engine.name(), engine.writerVersion(), "vortex");
        try {
            Files.createDirectories(cached.getParent());
            try {
                Files.createLink(cached, file);
            } catch (UnsupportedOperationException | IOException e) {
                Files.copy(file, cached);
            }
        } catch (IOException e) {
            throw new QuireIoException("cannot put the demo's file in " + cached.getParent() + ": " + e.getMessage(),
                    e);
        }
        BenchOptions options = BenchOptions.defaults().withScaleFactor(scaleFactor).withRuns(BENCH_RUNS)
                .withEngines(List.of(ENGINE)).withDataDir(dataDir).withOutDir(outDir);
        BenchResults results;
        try {
            // The runner's progress lines would repeat what the steps above said; the table says it all.
            results = new Runner(options, Workload.standard(), new PrintWriter(Writer.nullWriter())).run();
        } catch (IOException e) {
            throw new QuireIoException("the benchmark runner failed: " + e.getMessage(), e);
        }
        for (String line : ResultsTable.lines(results)) {
            out.println("   " + line);
        }
        out.println("   took " + Text.duration(since(started)) + "; " + (dir == null
                ? "`quire bench` keeps results.json and report.html"
                : "results.json and report.html in " + outDir));
        out.println();
        return Runner.exitCode(results);
    }

    private static void step(PrintWriter out, String title) {
        out.println(title);
        out.flush();
    }

    private static Duration since(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    private static String format(double sf) {
        return sf == Math.rint(sf) ? Long.toString((long) sf) : Double.toString(sf);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new QuireIoException("cannot read the size of " + file + ": " + e.getMessage(), e);
        }
    }

    private static Path createTempDir() {
        try {
            return Files.createTempDirectory("quire-demo-");
        } catch (IOException e) {
            throw new QuireIoException("cannot create a temporary directory: " + e.getMessage(), e);
        }
    }

    private static Path createDir(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new QuireIoException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            System.getLogger(DemoCommand.class.getName()).log(System.Logger.Level.WARNING,
                    "could not remove the demo's temporary directory " + root, e);
        }
    }
}
