/**
 * The measuring protocol's internals: the run loop one query and engine go through (an uncounted first run, the
 * counted runs, rests, page-cache eviction, CPU time and read statistics), the child JVM that runs it and the JSON
 * lines it reports on, the checks of results against each other, and the statistics.
 */
package dev.quire.bench.runner.protocol;
