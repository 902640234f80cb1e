package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.NarrowIntegers;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireException;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import java.util.Optional;

/**
 * Encodes i64 timestamps (in seconds, milliseconds, microseconds or nanoseconds) as {@code vortex.datetimeparts}:
 * {@code days = t / unitsPerDay}, {@code seconds = (t % unitsPerDay) / unitsPerSecond} and
 * {@code subseconds = (t % unitsPerDay) % unitsPerSecond}, with truncating division as the reference splits them (so
 * parts of timestamps before 1970 are negative and still add up). Each part is narrowed to the smallest integer type
 * that holds it; the days keep the validity, and null positions hold 0 in every part.
 */
public final class DateTimePartsEncoder {
    private static final long SECONDS_PER_DAY = 86_400;

    private DateTimePartsEncoder() {}

    /** Whether {@code dtype} is an i64 timestamp in a unit finer than days, which this encoder splits. */
    public static boolean encodable(DType.Extension dtype) {
        return unitsPerSecond(dtype) > 0;
    }

    /** The units per second of an i64 timestamp type, or 0 for anything else. */
    private static long unitsPerSecond(DType.Extension dtype) {
        Optional<Temporal.Kind> kind;
        try {
            kind = Temporal.kind(dtype);
        } catch (QuireException e) {
            return 0;
        }
        if (kind.isEmpty() || !kind.get().id().equals(Temporal.TIMESTAMP_ID)
                || !(dtype.storage() instanceof DType.Primitive storageType) || storageType.ptype() != PType.I64) {
            return 0;
        }
        return switch (kind.get().unit()) {
            case NANOSECONDS -> 1_000_000_000L;
            case MICROSECONDS -> 1_000_000L;
            case MILLISECONDS -> 1_000L;
            case SECONDS -> 1L;
            case DAYS -> 0L;
        };
    }

    /** The encoded array, or empty when {@code values} are not i64 timestamps in a unit finer than days. */
    public static Optional<DateTimePartsArray> encode(ExtensionArray values) {
        DType.Extension dtype = values.dtype();
        long unitsPerSecond = unitsPerSecond(dtype);
        if (unitsPerSecond == 0) {
            return Optional.empty();
        }
        DType.Primitive storageType = (DType.Primitive) dtype.storage();
        PrimitiveArray storage = (PrimitiveArray) values.storage().toCanonical();
        if (storage.length() > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("date-time parts encode at most " + (Integer.MAX_VALUE - 8)
                    + " values at once");
        }
        int n = (int) storage.length();
        long unitsPerDay = SECONDS_PER_DAY * unitsPerSecond;
        long[] days = new long[n];
        long[] seconds = new long[n];
        long[] subseconds = new long[n];
        Validity validity = storage.validity();
        boolean allValid = storage.nullCount() == 0;
        for (int i = 0; i < n; i++) {
            if (!allValid && !validity.isValid(i)) {
                continue;
            }
            long t = storage.getLong(i);
            long withinDay = t % unitsPerDay;
            days[i] = t / unitsPerDay;
            seconds[i] = withinDay / unitsPerSecond;
            subseconds[i] = withinDay % unitsPerSecond;
        }
        PrimitiveArray daysArray = NarrowIntegers.narrow(days, validity, storageType.nullable(), PType.I64);
        PrimitiveArray secondsArray = NarrowIntegers.narrow(seconds, Validity.NON_NULLABLE, false, PType.I64);
        PrimitiveArray subsecondsArray = NarrowIntegers.narrow(subseconds, Validity.NON_NULLABLE, false, PType.I64);
        return Optional.of(new DateTimePartsArray(values, daysArray, secondsArray, subsecondsArray));
    }
}
