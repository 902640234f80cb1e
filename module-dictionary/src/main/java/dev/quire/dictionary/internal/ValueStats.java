package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.expr.ZoneStats;
import dev.quire.layout.spi.Pruning;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Order statistics of a dictionary's values, for pruning: the smallest and largest value (integers, f32, f64, utf8
 * and binary), and the number of NaNs. Whatever the codes reference lies within them, so a filter that no value in
 * that range can satisfy rules out every row of the dictionary. Nulls are left unknown (codes may be null).
 */
final class ValueStats {
    private ValueStats() {}

    /** Whether some row over these values might satisfy the request's filter; true when nothing is known. */
    static boolean mightMatch(DictValues values, Pruning pruning) {
        Optional<FieldPath> path = pruning.path();
        if (path.isEmpty()) {
            return true;
        }
        ArrayStats stats = of(values.canonical());
        if (stats.isEmpty()) {
            return true;
        }
        return pruning.filter().mightMatch(ZoneStats.of(Math.max(1, values.length()), Map.of(path.get(), stats)));
    }

    static ArrayStats of(Array values) {
        Optional<Scalar> min = Optional.empty();
        Optional<Scalar> max = Optional.empty();
        OptionalLong nans = OptionalLong.empty();
        long n = values.length();
        switch (values) {
            case PrimitiveArray p when p.ptype().isInteger() -> {
                boolean unsigned = p.ptype().isUnsigned();
                Long lo = null;
                Long hi = null;
                for (long i = 0; i < n; i++) {
                    if (!p.isValid(i)) {
                        continue;
                    }
                    long v = p.getLongValue(i);
                    if (lo == null || (unsigned ? Long.compareUnsigned(v, lo) < 0 : v < lo)) {
                        lo = v;
                    }
                    if (hi == null || (unsigned ? Long.compareUnsigned(v, hi) > 0 : v > hi)) {
                        hi = v;
                    }
                }
                DType t = p.dtype().withNullable(true);
                min = Optional.ofNullable(lo).map(v -> new Scalar(t, v));
                max = Optional.ofNullable(hi).map(v -> new Scalar(t, v));
            }
            case PrimitiveArray p when p.ptype() == dev.quire.layout.dtype.PType.F64
                    || p.ptype() == dev.quire.layout.dtype.PType.F32 -> {
                boolean f32 = p.ptype() == dev.quire.layout.dtype.PType.F32;
                Double lo = null;
                Double hi = null;
                long nanCount = 0;
                for (long i = 0; i < n; i++) {
                    if (!p.isValid(i)) {
                        continue;
                    }
                    double v = f32 ? p.getFloat(i) : p.getDouble(i);
                    if (Double.isNaN(v)) {
                        nanCount++;
                        continue;
                    }
                    if (lo == null || Double.compare(v, lo) < 0) {
                        lo = v;
                    }
                    if (hi == null || Double.compare(v, hi) > 0) {
                        hi = v;
                    }
                }
                DType t = p.dtype().withNullable(true);
                min = Optional.ofNullable(lo).map(v -> new Scalar(t, f32 ? (Object) v.floatValue() : v));
                max = Optional.ofNullable(hi).map(v -> new Scalar(t, f32 ? (Object) v.floatValue() : v));
                nans = OptionalLong.of(nanCount);
            }
            case VarBinViewArray v -> {
                byte[] lo = null;
                byte[] hi = null;
                for (long i = 0; i < n; i++) {
                    if (!v.isValid(i)) {
                        continue;
                    }
                    byte[] b = v.getBytes(i);
                    if (lo == null || Arrays.compareUnsigned(b, lo) < 0) {
                        lo = b;
                    }
                    if (hi == null || Arrays.compareUnsigned(b, hi) > 0) {
                        hi = b;
                    }
                }
                DType t = v.dtype().withNullable(true);
                boolean utf8 = t instanceof DType.Utf8;
                min = Optional.ofNullable(lo).map(b -> new Scalar(t, utf8 ? new String(b, StandardCharsets.UTF_8) : b));
                max = Optional.ofNullable(hi).map(b -> new Scalar(t, utf8 ? new String(b, StandardCharsets.UTF_8) : b));
            }
            default -> {
                return ArrayStats.empty();
            }
        }
        return new ArrayStats(min, true, max, true, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), OptionalLong.empty(), nans, OptionalLong.empty());
    }
}
