package dev.quire.bench.runner.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * How a run opens its table.
 *
 * @param io how to read: an {@link IoVariant} as text, a provider ({@code quire.io} names, e.g. {@code mmap} or
 *     {@code posix}) with settings of its reader ({@code posix:nowait=off}, {@code posix:window=64k-4m},
 *     {@code posix:direct}); empty for the engine's default. Engines without a choice of I/O ignore it (and return
 *     false from {@link Engine#readsThroughIoProviders()}).
 * @param threads how many threads the scan may use; 0 for the engine's default
 * @param readLog where to record every read request, or empty when reads are not logged; engines that cannot observe
 *     their reads (native readers) leave it untouched
 */
public record EngineOptions(Optional<String> io, int threads, Optional<ReadLog> readLog) {
    public EngineOptions {
        Objects.requireNonNull(io, "io");
        Objects.requireNonNull(readLog, "readLog");
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be 0 (the default) or positive, got " + threads);
        }
    }

    public static EngineOptions defaults() {
        return new EngineOptions(Optional.empty(), 0, Optional.empty());
    }
}
