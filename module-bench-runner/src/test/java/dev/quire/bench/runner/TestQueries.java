package dev.quire.bench.runner;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Queries for the protocol's tests, over the column {@code x} of {@link TestEngines}. */
public final class TestQueries {
    private TestQueries() {}

    /** The sum of {@code x} and the values of rows 0 to 9. */
    public static final class Sum implements Query {
        @Override
        public String name() {
            return "test-sum";
        }

        @Override
        public String description() {
            return "sums x";
        }

        @Override
        public Outcome run(Table table) {
            AtomicLong sum = new AtomicLong();
            AtomicLong rows = new AtomicLong();
            long[] head = new long[10];
            AtomicLong seen = new AtomicLong();
            table.scan(ScanRequest.of(List.of("x")), batch -> {
                LongColumn x = batch.longs("x");
                for (int i = 0; i < batch.length(); i++) {
                    long v = x.get(i);
                    sum.addAndGet(v);
                    long at = seen.getAndIncrement();
                    if (at < head.length) {
                        head[(int) at] = v;
                    }
                }
                rows.addAndGet(batch.length());
            });
            return new Outcome(rows.get(), "sum=" + sum.get() + " head=" + java.util.Arrays.toString(head));
        }
    }

    /** How many values of {@code x} are even. */
    public static final class Even implements Query {
        @Override
        public String name() {
            return "test-even";
        }

        @Override
        public String description() {
            return "counts even x";
        }

        @Override
        public Outcome run(Table table) {
            AtomicLong even = new AtomicLong();
            AtomicLong rows = new AtomicLong();
            table.scan(ScanRequest.of(List.of("x")), batch -> {
                LongColumn x = batch.longs("x");
                for (int i = 0; i < batch.length(); i++) {
                    if (x.get(i) % 2 == 0) {
                        even.incrementAndGet();
                    }
                }
                rows.addAndGet(batch.length());
            });
            return new Outcome(rows.get(), "even=" + even.get());
        }
    }
}
