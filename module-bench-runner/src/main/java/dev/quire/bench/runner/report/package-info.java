/** The self-contained HTML report of a benchmark session. */
package dev.quire.bench.runner.report;
