package dev.quire.bench.runner.results;

/** How a query went for an engine. */
public enum Status {
    /** Every run completed and agreed with the first run and with the other engines. */
    OK,
    /** The engine cannot run here (the reason is in the measurement's message); nothing was measured. */
    UNAVAILABLE,
    /** A run failed (the error is in the message). */
    FAILED,
    /** A run's result differed from the first run's or from another engine's (the difference is in the message). */
    MISMATCH
}
