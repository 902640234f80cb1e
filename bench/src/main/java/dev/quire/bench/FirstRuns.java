package dev.quire.bench;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a user of the library meets in a fresh JVM: one query run again and again through the path the README shows
 * ({@code VortexFile.open}, {@code scan().project(...).filter(...).batches()}, canonical batches read on the calling
 * thread), each run timed from the open to the close. Prints every run's milliseconds on one line, then the first
 * run, the median of runs 2-6 and the median of the last ten, so that JVM options (an AOT cache, the compilers) can be
 * compared by running this in fresh JVMs one after the other ({@code bench/first-runs.sh}).
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.quire.bench.FirstRuns LINEITEM.vortex q6|price|all RUNS}
 */
public final class FirstRuns {
    /** TPC-H Q6's predicate with the standard parameters. */
    static final String Q6_FILTER = "l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01' "
            + "and l_discount between 0.05 and 0.07 and l_quantity < 24";

    private FirstRuns() {}

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: FirstRuns LINEITEM.vortex q6|price|all RUNS");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        String query = args[1];
        int runs = Integer.parseInt(args[2]);
        if (runs < 6) {
            System.err.println("RUNS must be at least 6: the summary reads the first six runs");
            System.exit(2);
        }
        double[] millis = new double[runs];
        long result = 0;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            long r = run(file, query);
            millis[i] = (System.nanoTime() - start) / 1e6;
            if (i > 0 && r != result) {
                throw new IllegalStateException("run " + (i + 1) + " gave " + r + ", the first run " + result);
            }
            result = r;
        }
        StringBuilder all = new StringBuilder();
        for (double m : millis) {
            all.append(String.format(Locale.ROOT, "%.1f ", m));
        }
        System.out.println("runs (ms): " + all.toString().trim());
        System.out.printf(Locale.ROOT, "%s result %d: first %.1f ms, runs 2-6 %.1f ms, last 10 %.1f ms%n", query, result,
                millis[0], median(Arrays.copyOfRange(millis, 1, 6)),
                median(Arrays.copyOfRange(millis, Math.max(1, runs - 10), runs)));
    }

    /** One run of {@code query}: its result, a sum that the next run must repeat. */
    static long run(Path path, String query) {
        try (VortexFile file = VortexFile.open(path)) {
            return switch (query) {
                case "q6" -> sumOfProducts(file.scan().project("l_extendedprice", "l_discount").filter(Q6_FILTER));
                case "price" -> sumOfProducts(file.scan().project("l_extendedprice"));
                case "all" -> rows(file.scan());
                default -> throw new IllegalArgumentException("no query " + query + "; the queries are q6, price, all");
            };
        }
    }

    /** The sum over the rows of the product of the scan's columns' unscaled values. */
    private static long sumOfProducts(Scan scan) {
        long sum = 0;
        long[][] blocks = null;
        try (BatchStream batches = scan.batches()) {
            for (StructArray batch : batches) {
                List<Array> fields = batch.fields();
                if (blocks == null) {
                    blocks = new long[fields.size()][LongBlocks.BLOCK_ROWS];
                }
                LongBlocks.Cursor[] cursors = new LongBlocks.Cursor[fields.size()];
                for (int f = 0; f < cursors.length; f++) {
                    cursors[f] = LongBlocks.cursor(fields.get(f));
                }
                int n;
                while ((n = cursors[0].next(blocks[0])) > 0) {
                    for (int f = 1; f < cursors.length; f++) {
                        cursors[f].next(blocks[f]);
                    }
                    for (int i = 0; i < n; i++) {
                        long product = blocks[0][i];
                        for (int f = 1; f < cursors.length; f++) {
                            product *= blocks[f][i];
                        }
                        sum += product;
                    }
                }
            }
        }
        return sum;
    }

    /** The rows of every column, decoded to canonical arrays by the scan. */
    private static long rows(Scan scan) {
        long rows = 0;
        try (BatchStream batches = scan.batches()) {
            for (StructArray batch : batches) {
                rows += batch.length();
            }
        }
        return rows;
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
