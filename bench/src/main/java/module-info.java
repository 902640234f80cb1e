/**
 * JMH benchmarks and the TPC-H runner's engines beside Quire's: the reference ({@code vortex-jni}), Quire reading the
 * reference's file ({@code quire-ref-file}) and DuckDB reading Parquet ({@code duckdb-parquet}). Both run from the
 * shaded {@code benchmarks.jar} on the class path, beside the reference {@code vortex-jni} and DuckDB, which are
 * optional (static) dependencies of this module: an engine whose library does not load says so through
 * {@code unavailableReason()}.
 */
module dev.quire.bench {
    requires dev.quire.layout;
    requires dev.quire.io.posix;
    requires dev.quire.io.uring;
    requires dev.quire.bench.runner;
    requires jmh.core;
    requires com.fasterxml.jackson.databind;
    requires java.sql;
    requires tpch;
    requires static vortex.jni;
    requires static org.apache.arrow.vector;
    requires static org.apache.arrow.memory.core;
    requires static org.apache.arrow.c;
    requires static duckdb.jdbc;

    exports dev.quire.bench;
    exports dev.quire.bench.jmh_generated;
    // The engines (dev.quire.bench.tpch) are not exported: the runner finds them as services and uses them through
    // its SPI.

    uses dev.quire.bench.runner.spi.Engine;

    provides dev.quire.bench.runner.spi.Engine with
            dev.quire.bench.tpch.VortexJniEngine,
            dev.quire.bench.tpch.QuireRefFileEngine,
            dev.quire.bench.tpch.DuckDbParquetEngine;
}
