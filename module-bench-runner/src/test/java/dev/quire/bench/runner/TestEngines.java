package dev.quire.bench.runner;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.bench.runner.spi.Table;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Engines for the protocol's tests: each serves one column {@code x} holding 0, 1, 2, ... from a file of its own that
 * holds the row count. Public with public constructors, so child JVMs re-create them by class name.
 */
public final class TestEngines {
    private TestEngines() {}

    /** Rows per scale factor unit: scale factor 0.01 is 1,000 rows. */
    static final int ROWS_PER_SF = 100_000;
    static final int BATCH = 256;

    /** Serves the values right; subclasses change them. Reports a read per batch to the read log. */
    public static class Good implements Engine {
        @Override
        public String name() {
            return "good";
        }

        @Override
        public Optional<String> unavailableReason() {
            return Optional.empty();
        }

        @Override
        public Path prepare(Dataset dataset) throws IOException {
            Path file = dataset.file(name(), writerVersion(), "txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, Long.toString(Math.round(dataset.scaleFactor() * ROWS_PER_SF)));
            return file;
        }

        @Override
        public String writerVersion() {
            return "1";
        }

        /** The value of row {@code row} in the run that opened the table {@code open}-th (from 0) in this JVM. */
        long value(long row, int open) {
            return row;
        }

        boolean logsReads() {
            return true;
        }

        private final AtomicInteger opens = new AtomicInteger();

        @Override
        public Table open(Path file, EngineOptions options) throws IOException {
            long rows = Long.parseLong(Files.readString(file).strip());
            int open = opens.getAndIncrement();
            return new Table() {
                @Override
                public long rowCount() {
                    return rows;
                }

                @Override
                public void scan(ScanRequest request, Consumer<Batch> sink) {
                    for (long start = 0; start < rows; start += BATCH) {
                        int length = (int) Math.min(BATCH, rows - start);
                        long[] values = new long[length];
                        for (int i = 0; i < length; i++) {
                            values[i] = value(start + i, open);
                        }
                        if (logsReads()) {
                            options.readLog().ifPresent(log -> log.read(0, 8L * length, 1_000));
                        }
                        sink.accept(new Batch() {
                            @Override
                            public int length() {
                                return length;
                            }

                            @Override
                            public LongColumn longs(String column) {
                                return row -> values[row];
                            }

                            @Override
                            public StringColumn strings(String column) {
                                throw new UnsupportedOperationException("no strings");
                            }
                        });
                    }
                }

                @Override
                public void close() {}
            };
        }
    }

    /** Right values; counts the tables it opened, one per run. */
    public static final class Recording extends Good {
        private final AtomicInteger opened = new AtomicInteger();

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public Table open(Path file, EngineOptions options) throws IOException {
            opened.incrementAndGet();
            return super.open(file, options);
        }

        int opens() {
            return opened.get();
        }
    }

    /** The reference: right values, no read log (like a native reader). */
    public static final class Reference extends Good {
        @Override
        public String name() {
            return Runner.REFERENCE_ENGINE;
        }

        @Override
        boolean logsReads() {
            return false;
        }
    }

    /** Row 7 is off by one in every run. */
    public static final class Wrong extends Good {
        @Override
        public String name() {
            return "wrong";
        }

        @Override
        long value(long row, int open) {
            return row == 7 ? row + 1 : row;
        }
    }

    /** Right in the first run, then row 3 is off by one in every other run. */
    public static final class Flaky extends Good {
        @Override
        public String name() {
            return "flaky";
        }

        @Override
        long value(long row, int open) {
            return row == 3 && open % 2 == 1 ? row + 100 : row;
        }
    }

    /** Cannot run here. */
    public static final class Unavailable extends Good {
        static final String REASON = "the test library is not on the path";

        @Override
        public String name() {
            return "absent";
        }

        @Override
        public Optional<String> unavailableReason() {
            return Optional.of(REASON);
        }

        @Override
        public Path prepare(Dataset dataset) {
            throw new AssertionError("an unavailable engine is never prepared");
        }
    }

    /** Fails its third run (index 2) with an exception. */
    public static final class Throwing extends Good {
        static final String MESSAGE = "disk on fire";

        @Override
        public String name() {
            return "throwing";
        }

        @Override
        long value(long row, int open) {
            if (open == 2) {
                throw new IllegalStateException(MESSAGE);
            }
            return row;
        }
    }

    /** Its second run (index 1) takes far longer than the tests' timeouts. */
    public static final class Slow extends Good {
        @Override
        public String name() {
            return "slow";
        }

        @Override
        long value(long row, int open) {
            if (open == 1 && row == 0) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
            return row;
        }
    }

    /** Kills its JVM in its second run, when it runs in a child JVM (in-process it would take the tests down). */
    public static final class Crashing extends Good {
        static final int EXIT = 42;

        @Override
        public String name() {
            return "crashing";
        }

        @Override
        long value(long row, int open) {
            if (open == 1 && row == 0) {
                boolean child = Arrays.stream(Thread.currentThread().getStackTrace())
                        .anyMatch(f -> f.getClassName().endsWith("ChildMain"));
                if (!child) {
                    throw new IllegalStateException("Crashing runs only in a child JVM");
                }
                System.err.println("crashing on purpose");
                System.err.flush();
                Runtime.getRuntime().halt(EXIT);
            }
            return row;
        }
    }

    /** Right values, but prints text and JSON that is not an event to the process's real standard output. */
    public static final class Noisy extends Good {
        @Override
        public String name() {
            return "noisy";
        }

        @Override
        public Table open(Path file, EngineOptions options) throws IOException {
            @SuppressWarnings("resource") // closing it would close standard output
            PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
                    StandardCharsets.UTF_8);
            stdout.println("noisy engine says hello");
            stdout.println("{\"quireBench\": \"run\", \"index\": ");
            stdout.println("{\"quireBench\": \"gossip\"}");
            stdout.println("{\"other\": 1}");
            System.out.println("printed through System.out");
            return super.open(file, options);
        }
    }
}
