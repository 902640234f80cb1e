package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.DateTimePartsMetadata;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;

/**
 * {@code vortex.datetimeparts}: timestamps split into whole days (child 0, of the column's nullability, which carries
 * the validity), seconds within the day and the subsecond remainder in the timestamp's unit (children 1 and 2,
 * non-nullable); each of any integer type named by the metadata. The value is
 * {@code (days * 86400 + seconds) * unitsPerSecond + subseconds}, with the wrapping arithmetic of the reference.
 */
public final class DateTimePartsEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.datetimeparts";

    private static final long SECONDS_PER_DAY = 86_400;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Extension dtype = Checks.requireDType(parts, DType.Extension.class);
        Temporal.Kind kind;
        try {
            kind = Temporal.kind(dtype).orElse(null);
        } catch (MalformedFileException e) {
            throw parts.malformed(e.getMessage());
        }
        if (kind == null || !kind.id().equals(Temporal.TIMESTAMP_ID)
                || !(dtype.storage() instanceof DType.Primitive storage) || storage.ptype() != PType.I64) {
            throw parts.malformed("date-time parts decode to i64 timestamps, not " + dtype);
        }
        long unitsPerSecond = switch (kind.unit()) {
            case NANOSECONDS -> 1_000_000_000L;
            case MICROSECONDS -> 1_000_000L;
            case MILLISECONDS -> 1_000L;
            case SECONDS -> 1L;
            case DAYS -> throw parts.malformed("timestamps in days cannot be split into parts");
        };
        DateTimePartsMetadata meta = EncodingParts.parse(parts, DateTimePartsMetadata.parser(), "date-time parts");
        PType daysType = Checks.integerPType(parts, meta.getDaysPtype(), "days type");
        PType secondsType = Checks.integerPType(parts, meta.getSecondsPtype(), "seconds type");
        PType subsecondsType = Checks.integerPType(parts, meta.getSubsecondsPtype(), "subseconds type");
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 3, 3);
        long n = parts.length();
        IntegerChildren.checkLength(parts, n, "timestamps");
        Array daysChild = parts.child(0, new DType.Primitive(daysType, storage.nullable()), n);
        Validity validity = validityOf(daysChild);
        long[] values = IntegerChildren.widened(daysChild, daysType);
        long dayUnits = SECONDS_PER_DAY * unitsPerSecond;
        for (int i = 0; i < values.length; i++) {
            values[i] *= dayUnits;
        }
        addPart(parts, 1, secondsType, n, unitsPerSecond, values);
        addPart(parts, 2, subsecondsType, n, 1, values);
        PrimitiveArray storageArray = new PrimitiveArray(storage, MemorySegment.ofArray(values), validity);
        return new ExtensionArray(dtype, storageArray);
    }

    /** Adds child {@code index} times {@code multiplier} to {@code values}; a constant child needs no buffer. */
    private static void addPart(ArrayParts parts, int index, PType ptype, long n, long multiplier, long[] values) {
        Array child = parts.child(index, new DType.Primitive(ptype, false), n);
        if (child instanceof ConstantArray c) {
            long add = c.scalar().asLong() * multiplier;
            for (int i = 0; i < values.length; i++) {
                values[i] += add;
            }
            return;
        }
        long[] part = IntegerChildren.widened(child, ptype);
        for (int i = 0; i < values.length; i++) {
            values[i] += part[i] * multiplier;
        }
    }

    private static Validity validityOf(Array days) {
        if (days instanceof ConstantArray c) {
            return c.scalar().isNull() ? Validity.ALL_INVALID : Validity.allValid(days.dtype().nullable());
        }
        return ((PrimitiveArray) days.toCanonical()).validity();
    }
}
