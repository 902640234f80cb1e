package dev.quire.cli;

import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code quire io [FILE]}: the I/O providers found, whether each works here and why not, and which reads FILE. */
@Command(name = "io", mixinStandardHelpOptions = true,
        description = {"List the I/O providers found on the module path, highest priority first: whether each is "
                + "available here (its probe: kernel features, permissions) and, when not, why.",
            "",
            "With FILE, also say which provider would read it: the one named by --io (or -Dquire.io), else the "
                    + "available provider of highest priority that supports the file's scheme."})
final class IoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "0..1", description = "A file to choose a provider for.")
    Path file;

    @Mixin
    IoChoice io;

    @Override
    public Integer call() {
        IoOptions options = io.options();
        PrintWriter out = spec.commandLine().getOut();
        URI uri = file == null ? null : file.toAbsolutePath().toUri();
        List<String[]> rows = new ArrayList<>();
        rows.add(uri == null ? new String[] {"provider", "priority", "available"}
                : new String[] {"provider", "priority", "available", "reads FILE"});
        for (IoProvider p : io.providers().all()) {
            Availability a = IoProviders.availability(p);
            // An available provider may still note a limitation (posix off Linux reads without its fast path).
            String available = !a.available() ? "no: " + a.reason()
                    : a.reason().isEmpty() ? "yes" : "yes (" + a.reason() + ")";
            rows.add(uri == null ? new String[] {p.name(), Integer.toString(p.priority()), available}
                    : new String[] {p.name(), Integer.toString(p.priority()), available,
                        p.supports(uri) ? "yes" : "no (other scheme)"});
        }
        int[] width = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length - 1; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i < row.length - 1 ? String.format(Locale.ROOT, "%-" + width[i] + "s  ", row[i]) : row[i]);
            }
            out.println(line.toString().stripTrailing());
        }
        if (uri != null) {
            // Fails like opening the file would (an unavailable --io or -Dquire.io, no provider for the scheme).
            IoProvider chosen = io.providers().choose(uri, options);
            out.println(file + " is read with " + chosen.name());
        }
        out.flush();
        return 0;
    }
}
