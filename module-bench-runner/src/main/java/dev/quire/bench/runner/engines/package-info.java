/**
 * Quire's engine for the TPC-H runner: {@link dev.quire.bench.runner.engines.QuireEngine} writes {@code lineitem}
 * with Quire's writer and scans it with Quire's reader, adapting its canonical arrays to the runner's batches without
 * copying values.
 */
package dev.quire.bench.runner.engines;
