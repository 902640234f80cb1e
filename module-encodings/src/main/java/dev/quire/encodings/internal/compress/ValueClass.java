package dev.quire.encodings.internal.compress;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Temporal;
import java.util.Optional;

/** The classes of values the compressor has schemes for; a {@link Scheme} serves one (or a few) of them. */
public enum ValueClass {
    /** Signed and unsigned integers of every width. */
    INTEGER,
    /** Half, single and double floats. */
    FLOAT,
    /** Booleans. */
    BOOL,
    /** UTF-8 strings and binary values. */
    STRING,
    /** Decimals. */
    DECIMAL,
    /** Temporal extension types (dates, times, timestamps) over integer storage. */
    TEMPORAL;

    /** The class of {@code dtype}'s values, or empty for types the compressor only descends into (or leaves). */
    public static Optional<ValueClass> of(DType dtype) {
        return Optional.ofNullable(switch (dtype) {
            case DType.Primitive p -> p.ptype().isInteger() ? INTEGER : FLOAT;
            case DType.Bool b -> BOOL;
            case DType.Utf8 u -> STRING;
            case DType.Binary b -> STRING;
            case DType.Decimal d -> DECIMAL;
            case DType.Extension e -> Temporal.kind(e).isPresent() ? TEMPORAL : null;
            default -> null;
        });
    }
}
