package dev.quire.cli;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.CountingReadAt;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.IoStats;
import dev.quire.io.spi.ReadAtFactory;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --io NAME}, for the commands that open files: which I/O provider reads them. Also the reader factory those
 * commands open files with, which for {@code --stats} counts the reads of the file ({@link CountingReadAt}) so that
 * they can be printed. The providers are found, and the settings read from system properties and environment
 * variables, once per run of the command.
 */
final class IoChoice {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--io", paramLabel = "NAME",
            description = "Read the file with this I/O provider (`quire io` lists them), not the best available "
                    + "one; the same as -Dquire.io=NAME.")
    String provider;

    private IoProviders providers;

    /** The provider that opened the file and its counted reader, once a counted factory has opened one. */
    private volatile String openedWith;
    private volatile CountingReadAt counted;

    /**
     * The options {@code --io} stands for.
     *
     * @throws ParameterException (exit 2) when it names no provider that exists
     */
    IoOptions options() {
        IoOptions options = IoOptions.of(providers().settings());
        if (provider == null) {
            return options;
        }
        if (provider.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--io must name an I/O provider; `quire io` lists them");
        }
        try {
            providers().byName(provider);
        } catch (InvalidArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--io: " + e.getMessage(), e);
        }
        return options.withProvider(provider);
    }

    /** The I/O providers of this run, with the settings of this JVM's system properties and environment. */
    synchronized IoProviders providers() {
        if (providers == null) {
            providers = IoProviders.load(Settings.fromEnvironment());
        }
        return providers;
    }

    /** The reader factory to open files with: counting the reads when {@code count} (for {@code --stats}). */
    ReadAtFactory readers(boolean count) {
        IoProviders all = providers();
        IoOptions options = options();
        if (!count) {
            return all.readers(options);
        }
        return uri -> {
            IoProvider chosen = all.choose(uri, options);
            CountingReadAt in = CountingReadAt.wrap(chosen.open(uri, options), all.statsRecorder(chosen.name()));
            openedWith = chosen.name();
            counted = in;
            return in;
        };
    }

    /** The reads of the file a counted factory opened, if it opened one. */
    Optional<IoStats> stats() {
        CountingReadAt in = counted;
        return in == null ? Optional.empty() : Optional.of(in.stats());
    }

    /** Writes the counted reads to {@code err}: what {@code --stats} adds about I/O. */
    void printStats(PrintWriter err) {
        Optional<IoStats> stats = stats();
        if (stats.isEmpty()) {
            return;
        }
        IoStats s = stats.get();
        err.println("io: " + openedWith + ", " + Text.count(s.requests()) + " requests ("
                + Text.bytes(s.requestedBytes()) + ") in " + Text.count(s.reads()) + " reads ("
                + Text.bytes(s.bytesRead()) + "); " + Text.count(s.mergedReads()) + " merged reads saved "
                + Text.count(s.readsSaved()) + "; " + Text.count(s.errors()) + " errors");
        err.println("io latency: p50 <= " + micros(s.latency().percentileMicros(0.5)) + ", p90 <= "
                + micros(s.latency().percentileMicros(0.9)) + ", p99 <= " + micros(s.latency().percentileMicros(0.99))
                + ", max " + micros(Math.ceilDiv(s.latency().maxNanos(), 1000)));
    }

    private static String micros(long us) {
        return Text.count(us) + " us";
    }
}
