/** The TPC-H benchmark runner: data generation, queries, the measuring protocol and its reports. */
package dev.quire.bench.runner;
