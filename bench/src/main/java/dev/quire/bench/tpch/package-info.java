/**
 * The TPC-H runner's engines that need libraries outside Quire: the reference vortex-jni 0.76.0 reading its own
 * lineitem file ({@link dev.quire.bench.tpch.VortexJniEngine}), Quire reading that file
 * ({@link dev.quire.bench.tpch.QuireRefFileEngine}) and DuckDB reading Parquet
 * ({@link dev.quire.bench.tpch.DuckDbParquetEngine}). Their Arrow batches reach the queries through
 * {@link dev.quire.bench.tpch.ArrowBatch}, so the same query code runs over every engine.
 */
package dev.quire.bench.tpch;
