package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.logical.DateTimePartsEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ExtensionArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Timestamps as {@code vortex.datetimeparts}: days, seconds within the day and subseconds, each narrowed and
 * compressed as integers (the seconds and subseconds of whole-day or whole-second data become constants).
 */
public final class DateTimePartsScheme implements Scheme {
    public static final String ID = "temporal.datetime_parts";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.TEMPORAL);
    }

    /** Two multiply-adds per value. */
    @Override
    public int decodeCost() {
        return 1;
    }

    @Override
    public boolean applies(Array canonical, CompressionContext ctx) {
        return canonical instanceof ExtensionArray e && DateTimePartsEncoder.encodable(e.dtype());
    }

    @Override
    public Optional<Array> compress(Array canonical, CompressionContext ctx) {
        if (!(canonical instanceof ExtensionArray ext)) {
            return Optional.empty();
        }
        return DateTimePartsEncoder.encode(ext).map(parts -> {
            List<Array> children = new ArrayList<>(3);
            for (Array child : parts.children()) {
                children.add(ctx.compress(child));
            }
            return parts.withChildren(children);
        });
    }
}
