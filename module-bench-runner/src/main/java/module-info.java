/**
 * The TPC-H benchmark runner: generates TPC-H data, runs queries written once against the engine SPI
 * ({@link dev.quire.bench.runner.spi.Engine}) over every engine found by {@link java.util.ServiceLoader}, one process
 * per query and engine, checks that the engines agree, and reports medians as a table, JSON and HTML. Quire's own
 * engine is here, reading and writing with a {@link dev.quire.layout.QuireContext} of its own; the reference's and
 * DuckDB's come from the {@code bench} module when it is on the path.
 *
 * <p>Its packages are layered, each using only those below it: {@code results}; {@code spi} (the engine and query
 * SPI); {@code tpch}; {@code queries} and {@code engines}; {@code report} and {@code protocol} (the child process);
 * and the command and runner package {@code dev.quire.bench.runner} on top.
 *
 * <p>{@code --evict-page-cache} calls {@code posix_fadvise} through the posix provider's FFM bindings, so JVMs that
 * run the runner enable native access for it ({@code --enable-native-access=dev.quire.io.posix}, or
 * {@code ALL-UNNAMED} on the class path); the runner passes the flag on to the child JVMs it starts.
 */
module dev.quire.bench.runner {
    requires transitive dev.quire.layout;
    requires dev.quire.io.posix;
    requires dev.quire.io.uring;
    requires com.fasterxml.jackson.databind;
    requires tpch;
    // The command's options (also `quire bench` in the CLI, which mounts BenchCommand as a subcommand).
    requires info.picocli;
    // com.sun.management.OperatingSystemMXBean: the process CPU time of every run.
    requires jdk.management;

    // The API: the command and the runner (BenchCommand, Runner, BenchOptions, Workload, ResultsTable), the engine and
    // query SPI (engines elsewhere, such as the bench module's, implement it), the results, and the TPC-H generator
    // (for other engines' data and the CLI's demo). The CLI and the bench module use nothing else.
    exports dev.quire.bench.runner;
    exports dev.quire.bench.runner.spi;
    exports dev.quire.bench.runner.results;
    exports dev.quire.bench.runner.tpch;
    // Internal: Quire's engine (dev.quire.bench.runner.engines, reached through the SPI: ServiceLoader finds it,
    // Workload.standard() lists it), the standard queries (dev.quire.bench.runner.queries, listed by
    // Workload.standardQueries()), the child process and its wire format (dev.quire.bench.runner.protocol) and the HTML
    // report (dev.quire.bench.runner.report, written by the runner).

    // Jackson writes and reads the results records.
    opens dev.quire.bench.runner.results to com.fasterxml.jackson.databind;
    // picocli reads BenchCommand's annotations and sets its fields reflectively.
    opens dev.quire.bench.runner to info.picocli;

    uses dev.quire.bench.runner.spi.Engine;

    provides dev.quire.bench.runner.spi.Engine with dev.quire.bench.runner.engines.QuireEngine,
            dev.quire.bench.runner.engines.QuireEngine.NoDictionary,
            dev.quire.bench.runner.engines.QuireEngine.Dictionary1MiB,
            dev.quire.bench.runner.engines.QuireEngine.Dictionary4MiB;
}
