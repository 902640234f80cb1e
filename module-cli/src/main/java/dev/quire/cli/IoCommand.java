package dev.quire.cli;

import dev.quire.config.Setting;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.layout.QuireContext;
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

/**
 * {@code quire io [FILE]}: the I/O providers found, whether each works here and why not; the settings, with their
 * values and where each comes from; and which provider reads FILE.
 */
@Command(name = "io", mixinStandardHelpOptions = true,
        description = {"List the I/O providers found on the module path, highest priority first: whether each is "
                + "available here (its probe: kernel features, permissions) and, when not, why.",
            "",
            "Then list Quire's settings (those --set takes) with the value each has in this run and where it comes "
                    + "from: an option (--io, --set), a system property (-Dquire.io=posix, e.g. through "
                    + "JDK_JAVA_OPTIONS), an environment variable (QUIRE_IO=posix), or the default.",
            "",
            "With FILE, also say which provider would read it: the one named by --io (or the quire.io setting), "
                    + "else the available provider of highest priority that supports the file's scheme."})
final class IoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "0..1", description = "A file to choose a provider for.")
    Path file;

    @Mixin
    ContextOptions quire;

    @Override
    public Integer call() {
        QuireContext context = quire.context();
        PrintWriter out = spec.commandLine().getOut();
        URI uri = file == null ? null : file.toAbsolutePath().toUri();
        List<String[]> rows = new ArrayList<>();
        rows.add(uri == null ? new String[] {"provider", "priority", "available"}
                : new String[] {"provider", "priority", "available", "reads FILE"});
        for (IoProvider p : context.io().all()) {
            Availability a = IoProviders.availability(p);
            // An available provider may still note a limitation (posix off Linux reads without its fast path).
            String available = !a.available() ? "no: " + a.reason()
                    : a.reason().isEmpty() ? "yes" : "yes (" + a.reason() + ")";
            rows.add(uri == null ? new String[] {p.name(), Integer.toString(p.priority()), available}
                    : new String[] {p.name(), Integer.toString(p.priority()), available,
                        p.supports(uri) ? "yes" : "no (other scheme)"});
        }
        print(out, rows);
        out.println();
        List<String[]> settings = new ArrayList<>();
        List<String> invalid = new ArrayList<>();
        settings.add(new String[] {"setting", "value", "source"});
        for (Setting<?> s : ContextOptions.settings()) {
            settings.add(new String[] {s.key(), value(context, s, invalid), quire.source(s)});
        }
        print(out, settings);
        // After the table, so that one long message does not widen every row.
        invalid.forEach(out::println);
        if (uri != null) {
            // Fails like opening the file would (an unavailable --io or -Dquire.io, no provider for the scheme).
            IoProvider chosen = context.io().choose(uri, IoOptions.of(context.settings()));
            out.println();
            out.println(file + " is read with " + chosen.name());
        }
        out.flush();
        return 0;
    }

    /**
     * The value of {@code setting} as {@code --set} would give it, an empty text as {@code ""}; a system property or
     * environment variable that does not parse is {@code invalid}, with what is wrong with it added to
     * {@code invalid}, so that the listing still shows the rest.
     */
    private static String value(QuireContext context, Setting<?> setting, List<String> invalid) {
        try {
            String text = String.valueOf(context.setting(setting));
            return text.isEmpty() ? "\"\"" : text;
        } catch (InvalidArgumentException e) {
            invalid.add("invalid: " + e.getMessage());
            return "invalid";
        }
    }

    /** Rows as columns, each as wide as its widest cell; the last column is not padded. */
    private static void print(PrintWriter out, List<String[]> rows) {
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
    }
}
