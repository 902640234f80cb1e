package dev.quire.bench.runner;

import dev.quire.bench.runner.report.HtmlReport;
import dev.quire.bench.runner.results.BenchResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a finished session leaves in its output directory: {@value #RESULTS_FILE}, and the HTML report
 * {@value #REPORT_FILE}.
 */
public final class BenchOutputs {
    /** The results, as {@link BenchResults#write} writes them. */
    public static final String RESULTS_FILE = "results.json";

    private BenchOutputs() {}

    /** Writes every output of {@code results} into {@code outDir} (created if needed) and returns the files. */
    public static List<Path> write(BenchResults results, Path outDir) throws IOException {
        Files.createDirectories(outDir);
        List<Path> written = new ArrayList<>();
        Path json = outDir.resolve(RESULTS_FILE);
        results.write(json);
        written.add(json);
        written.addAll(writeReport(results, outDir));
        return written;
    }

    /** The self-contained HTML report ({@link HtmlReport}). */
    public static final String REPORT_FILE = "report.html";

    /** Writes the HTML report of {@code results} into {@code outDir} and returns the files written. */
    static List<Path> writeReport(BenchResults results, Path outDir) throws IOException {
        Path report = outDir.resolve(REPORT_FILE);
        HtmlReport.write(results, report);
        return List.of(report);
    }
}
