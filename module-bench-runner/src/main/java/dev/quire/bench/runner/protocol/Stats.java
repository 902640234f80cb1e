package dev.quire.bench.runner.protocol;

import java.util.Arrays;
import java.util.List;

/**
 * The summary of counted runs' wall times: median, minimum and maximum, each -1 when there are no counted runs.
 *
 * @param medianMillis the median; the mean of the two middle values for an even count
 * @param minMillis the fastest run
 * @param maxMillis the slowest run
 */
public record Stats(double medianMillis, double minMillis, double maxMillis) {
    public static final Stats NONE = new Stats(-1, -1, -1);

    /** The counted runs' statistics; the uncounted warm-up runs are left out. */
    public static Stats of(List<RunReport> runs) {
        double[] wall = runs.stream().filter(RunReport::counted).mapToDouble(RunReport::wallMillis).sorted()
                .toArray();
        return of(wall);
    }

    static Stats of(double[] values) {
        if (values.length == 0) {
            return NONE;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new Stats(median, v[0], v[n - 1]);
    }

    /** {@code median / referenceMedian}, or null when either is missing (not positive). */
    public static Double ratio(double median, double referenceMedian) {
        return median > 0 && referenceMedian > 0 ? median / referenceMedian : null;
    }
}
