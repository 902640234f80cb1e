/**
 * The TPC-H benchmark runner: generates TPC-H data, runs queries written once against the engine SPI
 * ({@link dev.quire.bench.runner.spi.Engine}) over every engine found by {@link java.util.ServiceLoader}, one process
 * per query and engine, checks that the engines agree, and reports medians as a table, JSON and HTML. Quire's own
 * engine is here; the reference's and DuckDB's come from the {@code bench} module when it is on the path.
 *
 * <p>{@code --evict-page-cache} calls {@code posix_fadvise} through the posix provider's FFM bindings, so JVMs that
 * run the runner enable native access for it ({@code --enable-native-access=dev.quire.io.posix}, or
 * {@code ALL-UNNAMED} on the class path); the runner passes the flag on to the child JVMs it starts.
 */
module dev.quire.bench.runner {
    requires transitive dev.quire.layout;
    requires dev.quire.io.posix;
    requires com.fasterxml.jackson.databind;
    requires tpch;
    // The command's options (also `quire bench` in the CLI, which mounts BenchCommand as a subcommand).
    requires info.picocli;
    // com.sun.management.OperatingSystemMXBean: the process CPU time of every run.
    requires jdk.management;

    exports dev.quire.bench.runner;
    exports dev.quire.bench.runner.spi;
    exports dev.quire.bench.runner.results;
    exports dev.quire.bench.runner.report;
    // dev.quire.bench.runner.protocol (the child process, its wire format, page-cache eviction) is internal.

    // Jackson writes and reads the results records.
    opens dev.quire.bench.runner.results to com.fasterxml.jackson.databind;
    // picocli reads BenchCommand's annotations and sets its fields reflectively.
    opens dev.quire.bench.runner to info.picocli;

    // The TPC-H generator and the queries, for the runner's other engines (the bench module).
    exports dev.quire.bench.runner.tpch;
    exports dev.quire.bench.runner.queries;
    // Exported so that engines elsewhere (the bench module's quire-ref-file) can open files through Quire's engine.
    exports dev.quire.bench.runner.engines;

    uses dev.quire.bench.runner.spi.Engine;

    provides dev.quire.bench.runner.spi.Engine with dev.quire.bench.runner.engines.QuireEngine,
            dev.quire.bench.runner.engines.QuireEngine.NoDictionary,
            dev.quire.bench.runner.engines.QuireEngine.Dictionary1MiB,
            dev.quire.bench.runner.engines.QuireEngine.Dictionary4MiB;
}
