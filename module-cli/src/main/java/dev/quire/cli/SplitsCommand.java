package dev.quire.cli;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quire splits FILE}: the split boundaries of a file's columns and how long collecting them took. */
@Command(name = "splits", mixinStandardHelpOptions = true,
        description = {"Print where a file's splits end: the chunk boundaries of its columns (or of --columns), "
                + "as the layout readers report them to a scan.",
            "",
            "The first line counts the boundaries, the second says how long the collection took, in what mode, and "
                    + "how many layout nodes it built; then one boundary (a row number) per line. The collection "
                    + "starts from a layout tree nobody has built yet, as the first scan of a newly opened file "
                    + "does. A column whose chunks are flat arrays ends its chunks where the chunk offsets say, "
                    + "so no chunk is built; --walk-every-child builds and asks every one, for comparison."})
final class SplitsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The Vortex file.")
    Path file;

    @Mixin
    ContextOptions quire;

    @Option(names = {"-c", "--columns"}, paramLabel = "COLUMNS",
            description = "Comma-separated columns whose boundaries to collect (nested fields are a.b). Default: all.")
    String columns;

    @Option(names = "--walk-every-child",
            description = "Build the layout and reader of every child and ask it, instead of taking the ends of "
                    + "children without interior splits from their parent: the same as --set "
                    + "quire.splits.skipSplitless=false.")
    boolean walkEveryChild;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        QuireContext context = quire.context(walkEveryChild
                ? List.of(ContextOptions.given(QuireContext.SKIP_SPLITLESS_CHILDREN, false, "--walk-every-child"))
                : List.of());
        // The collection scans make, as the context's setting says (the option, --set, a property, the default).
        boolean walk = !context.setting(QuireContext.SKIP_SPLITLESS_CHILDREN);
        try (VortexFile vortex = quire.open(file, false)) {
            Projection projection = projection(vortex);
            RowSplits splits = walk ? RowSplits.walkingEveryChild() : RowSplits.skippingSplitlessChildren();
            long started = System.nanoTime();
            LayoutReader reader = vortex.reader();
            reader.registerSplits(projection.fieldMask(), SplitRange.whole(vortex.rowCount()), splits);
            long[] boundaries = splits.boundaries();
            long nanos = System.nanoTime() - started;
            out.println("boundaries: " + boundaries.length);
            out.println(String.format(Locale.ROOT, "collected in %.3f ms (%s, %d layout nodes built, %d run%s)",
                    nanos / 1e6, walk ? "every child walked" : "children without interior splits skipped",
                    vortex.layoutNodesBuilt(), splits.runCount(), splits.runCount() == 1 ? "" : "s"));
            for (long b : boundaries) {
                out.println(b);
            }
            out.flush();
        }
        return 0;
    }

    /** The projection --columns names, or all columns; a column the file lacks is bad usage (exit 2). */
    private Projection projection(VortexFile vortex) {
        if (columns == null) {
            return Projection.all();
        }
        try {
            List<FieldPath> paths = Inputs.columnList(columns).stream().map(FieldPath::parse).toList();
            return Projection.of(vortex.dtype(), paths);
        } catch (InvalidArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }
}
