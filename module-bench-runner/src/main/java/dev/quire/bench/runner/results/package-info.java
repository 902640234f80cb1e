/** The results of a benchmark session, written as JSON and read back by the HTML report. */
package dev.quire.bench.runner.results;
