package dev.quire.cli;

import dev.quire.bench.runner.BenchCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code quire}: the top-level command, which only dispatches to its subcommands. */
@Command(name = "quire",
        mixinStandardHelpOptions = true,
        versionProvider = QuireCommand.Version.class,
        description = "Inspect, scan and convert Vortex columnar files.",
        subcommands = {InspectCommand.class, ScanCommand.class, CountCommand.class, ConvertCommand.class,
                DemoCommand.class, SplitsCommand.class, IoCommand.class, BenchCommand.class, HelpCommand.class},
        footer = {"", "Exit codes: 0 success, 1 failure, 2 bad usage."})
public final class QuireCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Print the stack trace of a failure, not only its message.")
    boolean debug;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: one of inspect, scan, count, convert, demo, bench");
    }

    /** The version from the module descriptor (the Maven project version). */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            Module module = QuireCommand.class.getModule();
            String version = module.getDescriptor() == null ? "unknown"
                    : module.getDescriptor().rawVersion().orElse("unknown");
            return new String[] {"quire " + version, "Java " + Runtime.version()};
        }
    }
}
