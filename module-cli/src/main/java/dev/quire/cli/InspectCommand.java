package dev.quire.cli;

import dev.quire.cli.inspect.FileReport;
import dev.quire.cli.inspect.JsonReport;
import dev.quire.cli.inspect.TextReport;
import dev.quire.layout.file.VortexFile;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quire inspect FILE}: what is in a file, from its footer, without decoding values. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Show a Vortex file's dtype, columns, layout tree (row counts, zone maps, the encodings of "
                + "every flat segment), segments and statistics. Reads the footer and the small array "
                + "descriptions at the end of each segment, no values."})
final class InspectCommand implements Callable<Integer> {
    static final int DEFAULT_MAX_CHILDREN = 6;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The Vortex file: a local path, or a URL an I/O provider reads "
            + "(https://host/file.vortex, s3://bucket/key).")
    String file;

    @Mixin
    ContextOptions quire;

    @Option(names = "--json", description = "Write the report as one JSON object, nothing elided.")
    boolean json;

    @Option(names = "--all", description = "Show every chunk and segment; the text report elides long lists.")
    boolean all;

    @Override
    public Integer call() {
        try (VortexFile vortex = quire.open(file, false)) {
            FileReport report = FileReport.of(file, vortex);
            if (json) {
                new JsonReport(spec.commandLine().getOut()).print(report);
            } else {
                new TextReport(spec.commandLine().getOut(), all, DEFAULT_MAX_CHILDREN).print(report);
            }
        }
        return 0;
    }
}
