package dev.quire.layout.dtype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Extension dtypes print their nullability: before, a nullable temporal column printed exactly like a non-nullable
 * one, so a dtype mismatch read "decoded date(days), expected date(days)".
 */
class ExtensionToStringTest {

    @Test
    void temporalDtypesShowNullability() {
        assertEquals("date(days)", Temporal.date(TimeUnit.DAYS, false).toString());
        assertEquals("date(days)?", Temporal.date(TimeUnit.DAYS, true).toString());
        assertEquals("time(ns)?", Temporal.time(TimeUnit.NANOSECONDS, true).toString());
        assertEquals("timestamp(us, UTC)?",
                Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), true).toString());
        assertNotEquals(Temporal.date(TimeUnit.DAYS, false).toString(), Temporal.date(TimeUnit.DAYS, true).toString());
    }

    @Test
    void otherExtensionsShowTheirStorage() {
        DType.Extension e = new DType.Extension("acme.point", new DType.Primitive(PType.I64, true), new byte[] {1});
        assertEquals("ext(acme.point, i64?)", e.toString());
        assertEquals("ext(acme.point, i64)", e.withNullable(false).toString());
    }
}
