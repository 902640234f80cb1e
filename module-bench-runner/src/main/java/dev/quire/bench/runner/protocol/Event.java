package dev.quire.bench.runner.protocol;

/** What the run loop of one query and engine tells the runner, in order: started, runs, then finished or failed. */
public sealed interface Event {
    /** The loop started; {@code maxHeapBytes} is its JVM's maximum heap. */
    record Started(long maxHeapBytes) implements Event {}

    /** A run completed. */
    record RunDone(RunReport report) implements Event {}

    /** A run failed; nothing follows. */
    record Failed(String message) implements Event {}

    /** Every run completed. */
    record Finished() implements Event {}
}
