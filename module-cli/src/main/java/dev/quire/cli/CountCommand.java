package dev.quire.cli;

import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.scan.ScanMetrics;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quire count FILE}: the number of rows, after the row selection and the filter. */
@Command(name = "count", mixinStandardHelpOptions = true,
        description = {"Print the number of rows of a Vortex file, or of the rows that --select-rows, "
                + "--exclude-rows and --filter keep, as a plain number on standard output.",
            "",
            "Without --filter nothing but the footer is read. With one, only the filter's columns are read, and "
                    + "splits and zones whose statistics rule the filter out are skipped; --stats says how many."})
final class CountCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The Vortex file: a local path, or a URL an I/O provider reads "
            + "(http://, https:// and s3://bucket/key, with ranged GETs; `quire io` lists the providers).")
    String file;

    @Mixin
    ScanOptions options;

    @Mixin
    ContextOptions quire;

    @Override
    public Integer call() {
        options.validate();
        quire.context(options.settings());
        PrintWriter out = spec.commandLine().getOut();
        long started = System.nanoTime();
        try (VortexFile vortex = quire.open(file, options.stats)) {
            Scan scan = vortex.scan();
            options.applyTo(scan, vortex);
            ScanMetrics metrics = options.run(scan, scan::countWithMetrics);
            out.println(metrics.rowsReturned());
            out.flush();
            options.printStats(spec.commandLine().getErr(), metrics, quire,
                    Duration.ofNanos(System.nanoTime() - started));
        }
        return 0;
    }
}
