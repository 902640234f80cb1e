package dev.quire.bench.runner.spi;

/** Receives every read request an engine makes during a run; implementations are thread-safe. */
public interface ReadLog {
    /** One request of {@code bytes} bytes at {@code offset} that took {@code nanos} from issue to completion. */
    void read(long offset, long bytes, long nanos);
}
