package dev.quire.layout.file;

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
        mutations.addAll(bufferData(anatomy, perBuffer, rnd));
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

    /**
     * For each data buffer of each segment, {@code perBuffer} bytes (its first twelve, its last four, then random
     * ones) replaced with 0x00, 0xFF, 0x7F, 0x80 or a random value, and as many with one bit flipped.
     */
    private static List<Mutation> bufferData(FileAnatomy a, int perBuffer, Random rnd) {
        List<Mutation> out = new ArrayList<>();
        for (FileAnatomy.Segment s : a.segments) {
            for (int b = 0; b < s.buffers().size(); b++) {
                FileAnatomy.BufferSpec buffer = s.buffers().get(b);
                int length = buffer.length();
                if (length == 0) {
                    continue;
                }
                for (int k = 0; k < perBuffer; k++) {
                    int at = k < 12 ? Math.min(k, length - 1) : k < 16 ? Math.max(0, length - 1 - (k - 12))
                            : rnd.nextInt(length);
                    int pos = buffer.dataStart() + at;
                    int value = switch (rnd.nextInt(6)) {
                        case 0 -> 0x00;
                        case 1 -> 0xFF;
                        case 2 -> 0x7F;
                        case 3 -> 0x80;
                        default -> rnd.nextInt(256);
                    };
                    String what = "segment " + s.id() + " buffer " + b + " (" + length + " bytes) byte " + at;
                    out.add(new Mutation("buffer byte", pos, what + " := 0x" + Integer.toHexString(value), bytes -> {
                        bytes[pos] = (byte) value;
                        return bytes;
                    }));
                    int bit = rnd.nextInt(8);
                    out.add(new Mutation("buffer bit flip", pos, what + ", bit " + bit, bytes -> {
                        bytes[pos] ^= (byte) (1 << bit);
                        return bytes;
                    }));
                }
            }
        }
        return out;
    }
}
