package dev.quire.encodings.internal.compress;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import java.util.SplittableRandom;

/**
 * Draws the sample a scheme is estimated on: about 1% of a chunk (at least {@value #RUNS} runs), taken as runs of
 * {@value #RUN_LENGTH} consecutive values, one from each of equal stretches of the chunk so every part is seen, at
 * positions from a fixed seed so the same data always compresses the same way. Runs of 64 keep run lengths and
 * local order visible; 16 of them make 1024 values, one whole FastLanes block.
 */
final class Sampler {
    static final int RUN_LENGTH = 64;
    static final int RUNS = 16;
    private static final long SEED = 0x5eed_c0de_2026L;

    private Sampler() {}

    /** The number of runs for a chunk of {@code length} values: about 1%, rounded up to a multiple of 16. */
    static int runs(long length) {
        long onePercent = length / 100 / RUN_LENGTH;
        long rounded = (onePercent + RUNS - 1) / RUNS * RUNS;
        return (int) Math.max(RUNS, Math.min(rounded, Integer.MAX_VALUE / RUN_LENGTH));
    }

    /** A canonical sample of {@code canonical}; the array itself when it is no longer than the sample would be. */
    static Array sample(Array canonical) {
        long length = canonical.length();
        int runs = runs(length);
        long total = (long) runs * RUN_LENGTH;
        if (total >= length) {
            return canonical;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        ArrayBuilder builder = ArrayBuilder.forType(canonical.dtype());
        for (int i = 0; i < runs; i++) {
            long from = length * i / runs;
            long to = length * (i + 1) / runs;
            long start = from + random.nextLong(to - from - RUN_LENGTH + 1);
            builder.append(canonical, start, start + RUN_LENGTH);
        }
        return builder.finish();
    }
}
