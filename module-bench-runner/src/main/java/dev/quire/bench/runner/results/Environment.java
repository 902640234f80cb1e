package dev.quire.bench.runner.results;

/**
 * Where the results were measured.
 *
 * @param os the operating system's name, version and architecture
 * @param cores the processors available to the JVM
 * @param maxHeapBytes the runs' maximum heap
 * @param java the Java runtime's version and vendor
 * @param quireVersion the version of Quire that ran
 */
public record Environment(String os, int cores, long maxHeapBytes, String java, String quireVersion) {}
