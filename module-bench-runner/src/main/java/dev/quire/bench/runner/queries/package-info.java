/**
 * The runner's queries ({@link dev.quire.bench.runner.queries.Queries}): TPC-H Q1 and Q6, full scans, a point lookup
 * and a string filter, each consuming the engine SPI's batches and computing its result in plain Java.
 */
package dev.quire.bench.runner.queries;
