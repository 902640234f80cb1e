package dev.quire.io.posix;

import dev.quire.errors.InvalidArgumentException;

/** Parsing of the module's numeric system properties, with one error for every bad value. */
final class Settings {
    private Settings() {}

    /**
     * The whole number {@code value} of {@code property}, within {@code [min, max]}; {@code otherwise} when the
     * property is unset or blank.
     *
     * @throws InvalidArgumentException naming the property and the value when it is not such a number
     */
    static long wholeNumber(String property, String value, long min, long max, long otherwise) {
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            long n = Long.parseLong(value.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        String range = max == Long.MAX_VALUE ? min + " or more" : "from " + min + " to " + max;
        throw new InvalidArgumentException(property + " must be a whole number " + range + ", got `" + value + "`");
    }
}
