/**
 * The engine SPI of the TPC-H runner: an {@link dev.quire.bench.runner.spi.Engine} prepares its file and opens it as
 * a {@link dev.quire.bench.runner.spi.Table} whose {@link dev.quire.bench.runner.spi.Batch}es the queries read, so
 * the same query code runs over every engine and the comparison measures the readers.
 */
package dev.quire.bench.runner.spi;
