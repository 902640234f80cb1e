package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;

/** Argument checks shared by the array classes. */
final class Arrays2 {
    private Arrays2() {}

    static void checkSlice(long from, long to, long length) {
        if (from < 0 || to < from || to > length) {
            throw new InvalidArgumentException("slice [" + from + ", " + to + ") of an array of " + length
                    + " values");
        }
    }

    static void checkIndex(long index, long length) {
        if (index < 0 || index >= length) {
            throw new InvalidArgumentException("index " + index + " outside an array of " + length + " values");
        }
    }

    static void checkValidity(Validity validity, boolean nullable, long length) {
        if (validity.isNullable() != nullable) {
            throw new InvalidArgumentException(nullable
                    ? "a nullable array needs a nullable validity, got " + validity
                    : "a non-nullable array cannot have validity " + validity);
        }
        if (validity instanceof Validity.Mask m && m.bits().length() != length) {
            throw new InvalidArgumentException("validity of " + m.bits().length() + " bits for " + length
                    + " values");
        }
    }
}
