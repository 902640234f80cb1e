package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.DateTimePartsMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A {@code vortex.datetimeparts} array built by {@link DateTimePartsEncoder}: timestamps as whole days (carrying the
 * validity), seconds within the day and the subsecond remainder. Each child may be replaced by a compressed form of the
 * same values.
 */
public final class DateTimePartsArray extends SourceBackedArray {
    private final Array days;
    private final Array seconds;
    private final Array subseconds;

    DateTimePartsArray(ExtensionArray source, Array days, Array seconds, Array subseconds) {
        super(source);
        this.days = Objects.requireNonNull(days, "days is null");
        this.seconds = Objects.requireNonNull(seconds, "seconds is null");
        this.subseconds = Objects.requireNonNull(subseconds, "subseconds is null");
    }

    @Override
    public String encodingId() {
        return DateTimePartsEncoding.ID;
    }

    /** The children in wire order: days, seconds, subseconds. */
    public List<Array> children() {
        return List.of(days, seconds, subseconds);
    }

    /** This array with its children replaced by arrays of the same values. */
    public DateTimePartsArray withChildren(List<Array> children) {
        if (children.size() != 3) {
            throw new IllegalArgumentException(children.size() + " children for a date-time parts array with 3");
        }
        return new DateTimePartsArray((ExtensionArray) source(), children.get(0), children.get(1), children.get(2));
    }

    /** Serializes this array: metadata {@code {days_ptype, seconds_ptype, subseconds_ptype}}, the three children. */
    @Override
    public EncodedArray serialize(ArrayEncoder encoder) {
        byte[] meta = DateTimePartsMetadata.newBuilder()
                .setDaysPtype(ptype(days))
                .setSecondsPtype(ptype(seconds))
                .setSubsecondsPtype(ptype(subseconds))
                .build().toByteArray();
        List<EncodedArray> children = new ArrayList<>();
        for (Array child : children()) {
            children.add(encoder.encode(child));
        }
        return new EncodedArray(DateTimePartsEncoding.ID, meta, List.of(), children);
    }

    private static int ptype(Array child) {
        return ((DType.Primitive) child.dtype()).ptype().code();
    }
}
