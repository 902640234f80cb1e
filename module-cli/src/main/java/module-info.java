/**
 * The {@code quire} command: inspect, scan and convert Vortex files, a TPC-H demo and the TPC-H benchmark runner
 * ({@code quire bench}, from {@code dev.quire.bench.runner}). Built into a jlink image
 * ({@code module-cli/target/image/bin/quire}).
 */
module dev.quire.cli {
    requires dev.quire.layout;
    // --stats shows the posix provider's page-cache counters.
    requires dev.quire.io.posix;
    // `quire io` lists the uring provider's settings and --set takes them.
    requires dev.quire.io.uring;
    // The http provider: scan and count read http(s) URLs through a store reader, whose statistics --stats prints.
    requires dev.quire.io.store;
    requires dev.quire.bench.runner;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.csv;

    // picocli reads the command classes' annotations and sets their fields reflectively.
    opens dev.quire.cli to info.picocli;
}
