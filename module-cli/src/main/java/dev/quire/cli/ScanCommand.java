package dev.quire.cli;

import dev.quire.cli.output.RowFormat;
import dev.quire.cli.output.RowWriter;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quire scan FILE}: rows to standard output, streamed batch by batch. */
@Command(name = "scan", mixinStandardHelpOptions = true,
        description = {"Print the rows of a Vortex file as an aligned table, CSV or JSON lines.",
            "",
            "jsonl: one object per row, keys in schema order. Integers (u64 too) are numbers; floats are numbers "
                    + "except \"NaN\", \"Infinity\" and \"-Infinity\"; decimals are strings; binary is base64; "
                    + "dates, times and timestamps are ISO 8601 strings; nested structs are objects; nulls are null.",
            "csv: a header row, nested fields as dotted names, nulls as empty fields, other values as in jsonl.",
            "",
            "Rows come out in file order: --select-rows and --exclude-rows pick rows by position, then --filter "
                    + "keeps those where it is true, then --limit cuts."})
final class ScanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The Vortex file: a local path, or a URL an I/O provider reads "
            + "(http://, https:// and s3://bucket/key, with ranged GETs; `quire io` lists the providers).")
    String file;

    @Option(names = {"-c", "--columns"}, paramLabel = "COLUMNS",
            description = "Comma-separated columns to print, in any order (output keeps the file's order). "
                    + "Nested fields are a.b; quote names with dots or commas in backticks. Default: all.")
    String columns;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", description = "Print at most N rows.")
    Long limit;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "table, csv or jsonl (default: ${DEFAULT-VALUE}).")
    RowFormat format;

    @Mixin
    ScanOptions options;

    @Mixin
    ContextOptions quire;

    @Override
    public Integer call() {
        if (limit != null && limit < 0) {
            throw new ParameterException(spec.commandLine(), "--limit must not be negative, got " + limit);
        }
        options.validate();
        quire.context(options.settings());
        PrintWriter out = spec.commandLine().getOut();
        long started = System.nanoTime();
        try (VortexFile vortex = quire.open(file, options.stats)) {
            Scan scan = vortex.scan();
            if (columns != null) {
                scan.project(Inputs.columnList(columns).toArray(String[]::new));
            }
            if (limit != null) {
                scan.limit(limit);
            }
            options.applyTo(scan, vortex);
            return options.run(scan, () -> print(scan, out, started));
        }
    }

    private int print(Scan scan, PrintWriter out, long started) {
        RowWriter writer = format.writer(out, scan.outputType());
        try (BatchStream batches = scan.batches()) {
            for (StructArray batch : batches) {
                writer.write(batch);
                if (out.checkError()) {
                    // The reader went away (`quire scan … | head`): stop quietly, as Unix tools do.
                    return 0;
                }
            }
            writer.finish();
            out.flush();
            options.printStats(spec.commandLine().getErr(), batches.metrics(), quire,
                    Duration.ofNanos(System.nanoTime() - started));
        }
        return 0;
    }
}
