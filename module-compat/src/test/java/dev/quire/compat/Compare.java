package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.fail;

import dev.quire.layout.dtype.DType;
import java.util.List;
import java.util.Objects;

/** Value-for-value comparison of rows in the {@link Values} model, failing with the first difference located. */
final class Compare {
    private Compare() {}

    /**
     * Asserts that {@code actual} holds exactly the rows of {@code expected}: same count, and for every row and
     * (nested) field the same value, nulls included. {@code context} names the case (and its seed) in the message.
     */
    static void assertSameRows(DType.Struct schema, List<List<Object>> expected, List<List<Object>> actual,
            String context) {
        if (expected.size() != actual.size()) {
            fail(context + ": expected " + expected.size() + " rows, got " + actual.size());
        }
        long mismatches = 0;
        String first = null;
        for (int r = 0; r < expected.size(); r++) {
            for (int f = 0; f < schema.fieldCount(); f++) {
                String diff = diff(schema.field(f).dtype(), expected.get(r).get(f), actual.get(r).get(f),
                        schema.field(f).name());
                if (diff != null) {
                    mismatches++;
                    if (first == null) {
                        first = "row " + r + ", " + diff;
                    }
                }
            }
        }
        if (first != null) {
            fail(context + ": " + mismatches + " value(s) differ; first at " + first);
        }
    }

    /** Where two values differ (a field path and both values), or null when they are equal. */
    static String diff(DType dtype, Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            return expected == actual ? null : at(dtype, expected, actual, path);
        }
        if (dtype instanceof DType.Struct s) {
            List<?> e = (List<?>) expected;
            List<?> a = (List<?>) actual;
            if (e.size() != a.size()) {
                return path + ": " + e.size() + " fields expected, " + a.size() + " found";
            }
            for (int i = 0; i < e.size(); i++) {
                String d = diff(s.field(i).dtype(), e.get(i), a.get(i), path + "." + s.field(i).name());
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return Objects.equals(expected, actual) ? null : at(dtype, expected, actual, path);
    }

    private static String at(DType dtype, Object expected, Object actual, String path) {
        return "field `" + path + "` (" + dtype + "): expected " + Values.show(dtype, expected) + ", got "
                + Values.show(dtype, actual);
    }
}
