package dev.quire.layout.file;

import dev.quire.layout.format.ReadLimits;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToLongFunction;

/**
 * A campaign of damaged copies of one file, for tests in other modules (the compressed encodings live outside this
 * one, so files that use them are damaged and read where they are on the path). The damage is what
 * {@link MutatedFilesTest} does (a sample of each category of {@link Mutations#all}, and random multi-byte damage)
 * plus damage to the data buffers' own bytes (their first and last bytes and some in between, replaced or with a bit
 * flipped): the bytes compressed encodings decode (bit-packed words, symbol tables, run ends, patch indices). Each
 * copy is read by the caller's function and judged by {@link MalformedInputHarness}: it must read, or fail with a
 * {@link dev.quire.errors.QuireException} that says the file is damaged, within the time limit.
 */
public final class MutationCampaign {
    private MutationCampaign() {}

    /**
     * What a campaign saw: the copies read, the count of each outcome (read, or the exception's simple name, or
     * {@code FAILED: ...}), one example per outcome, and each kind of failure with an example mutation.
     */
    public record Result(int attempts, Map<String, Integer> outcomes, Map<String, String> examples,
            List<String> failures) {}

    /**
     * Damages {@code file} ({@code perCategory} mutations of each category at most, as many random ones, and
     * {@code perBuffer} for each data buffer), reads each copy with {@code read}, and reports.
     *
     * @param read reads a whole damaged file in a fresh {@link VortexFile} and returns any checksum of what it saw
     */
    public static Result run(String name, byte[] file, int perCategory, int perBuffer, long seed, long timeoutMillis,
            ToLongFunction<byte[]> read) {
        FileAnatomy anatomy = FileAnatomy.of(name, file);
        Random rnd = new Random(seed ^ name.hashCode());
        List<Mutation> mutations = new ArrayList<>();
        Mutations.all(anatomy, List.of(anatomy)).forEach((category, list) -> {
            List<Mutation> shuffled = new ArrayList<>(list);
            Collections.shuffle(shuffled, rnd);
            mutations.addAll(shuffled.subList(0, Math.min(perCategory, shuffled.size())));
        });
        mutations.addAll(Mutations.random(anatomy, seed ^ name.hashCode(), perCategory));
        mutations.addAll(Mutations.bufferBytes(anatomy, perBuffer, rnd));
        try (MalformedInputHarness harness = new MalformedInputHarness(timeoutMillis)) {
            for (Mutation m : mutations) {
                harness.attempt(name, file, m, bytes -> new ReadEverything.Summary(0, read.applyAsLong(bytes), false));
            }
            return new Result(harness.attempts(), Map.copyOf(harness.outcomes()), Map.copyOf(harness.examples()),
                    harness.failures());
        }
    }

    /**
     * Reads every row of every column of {@code file} as a scan returns it (canonical arrays), touching every value;
     * returns a checksum of them.
     */
    public static long readCanonical(byte[] file) {
        return ReadEverything.read(file, ReadLimits.defaults(), List.of(), Long.MAX_VALUE).checksum();
    }

    /** Every value of a canonical array read (typed getters, validity, some through {@code scalarAt}); a checksum. */
    public static long touch(dev.quire.layout.array.Array canonical) {
        return ReadEverything.touch(canonical);
    }
}
