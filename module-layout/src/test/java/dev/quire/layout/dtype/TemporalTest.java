package dev.quire.layout.dtype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemporalTest {
    @Test
    void metadataMatchesWhatTheReferenceWrites() {
        assertArrayEquals(new byte[] {4}, Temporal.date(TimeUnit.DAYS, false).metadata());
        assertArrayEquals(new byte[] {1, 0, 0}, Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), true)
                .metadata());
        assertArrayEquals(new byte[] {1, 3, 0, 'U', 'T', 'C'},
                Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), false).metadata());
    }

    @Test
    void kindReadsBackWhatWasBuilt() {
        var ts = Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.of("Europe/Paris"), true);
        var kind = Temporal.kind(ts).orElseThrow();
        assertEquals(TimeUnit.NANOSECONDS, kind.unit());
        assertEquals(Optional.of("Europe/Paris"), kind.zone());
        assertEquals(TimeUnit.SECONDS, Temporal.kind(Temporal.time(TimeUnit.SECONDS, false)).orElseThrow().unit());
        assertTrue(Temporal.kind(new DType.Extension("acme.uuid", new DType.Binary(false), new byte[0])).isEmpty());
    }

    @Test
    void malformedMetadataIsRejected() {
        DType storage = new DType.Primitive(PType.I64, false);
        assertThrows(MalformedFileException.class,
                () -> Temporal.kind(new DType.Extension(Temporal.TIMESTAMP_ID, storage, new byte[] {1})));
        assertThrows(MalformedFileException.class,
                () -> Temporal.kind(new DType.Extension(Temporal.TIMESTAMP_ID, storage, new byte[] {1, 5, 0, 'U'})));
        assertThrows(MalformedFileException.class,
                () -> Temporal.kind(new DType.Extension(Temporal.DATE_ID, storage, new byte[] {4, 0})));
        assertThrows(MalformedFileException.class,
                () -> Temporal.kind(new DType.Extension(Temporal.DATE_ID, storage, new byte[] {9})));
        assertThrows(MalformedFileException.class, () -> Temporal.kind(new DType.Extension(Temporal.TIME_ID,
                new DType.Utf8(false), new byte[] {3})));
        assertThrows(InvalidArgumentException.class, () -> Temporal.date(TimeUnit.SECONDS, false));
    }
}
