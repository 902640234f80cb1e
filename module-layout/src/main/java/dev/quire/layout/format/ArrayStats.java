package dev.quire.layout.format;

import dev.quire.layout.array.Scalar;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The statistics a Vortex file may carry for an array: per top-level field in the file's statistics
 * ({@link VortexFile#statistics()}) and per node of a serialized array ({@link ArrayEncodingTree#stats()}). Every
 * part is optional; writers record what they computed. Statistics are hints for tools and pruning: a reader never
 * needs them to decode values.
 *
 * @param min the smallest value; {@code minExact} is false when it is only a lower bound (truncated strings)
 * @param max the largest value; {@code maxExact} is false when it is only an upper bound
 * @param sum the sum ({@code i64} for signed integers, {@code u64} for unsigned ones and booleans, {@code f64} for
 *     floats)
 */
public record ArrayStats(Optional<Scalar> min, boolean minExact, Optional<Scalar> max, boolean maxExact,
        Optional<Scalar> sum, Optional<Boolean> sorted, Optional<Boolean> strictSorted, Optional<Boolean> constant,
        OptionalLong nullCount, OptionalLong nanCount, OptionalLong uncompressedSizeInBytes) {

    private static final ArrayStats EMPTY = new ArrayStats(Optional.empty(), false, Optional.empty(), false,
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty(),
            OptionalLong.empty(), OptionalLong.empty());

    public ArrayStats {
        Objects.requireNonNull(min, "min is null");
        Objects.requireNonNull(max, "max is null");
        Objects.requireNonNull(sum, "sum is null");
        Objects.requireNonNull(sorted, "sorted is null");
        Objects.requireNonNull(strictSorted, "strictSorted is null");
        Objects.requireNonNull(constant, "constant is null");
        Objects.requireNonNull(nullCount, "nullCount is null");
        Objects.requireNonNull(nanCount, "nanCount is null");
        Objects.requireNonNull(uncompressedSizeInBytes, "uncompressedSizeInBytes is null");
    }

    /** No statistics at all. */
    public static ArrayStats empty() {
        return EMPTY;
    }

    /** Whether no statistic is present (the exactness flags alone say nothing). */
    public boolean isEmpty() {
        return min.isEmpty() && max.isEmpty() && sum.isEmpty() && sorted.isEmpty() && strictSorted.isEmpty()
                && constant.isEmpty() && nullCount.isEmpty() && nanCount.isEmpty()
                && uncompressedSizeInBytes.isEmpty();
    }
}
