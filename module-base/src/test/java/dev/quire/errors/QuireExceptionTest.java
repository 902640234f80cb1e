package dev.quire.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuireExceptionTest {
    @Test
    void everySubclassCarriesItsCode() {
        assertEquals(ErrorCode.CLOSED, new ClosedException("reader of x").code());
        assertEquals(ErrorCode.INVALID_ARGUMENT, new InvalidArgumentException("m").code());
        assertEquals(ErrorCode.MALFORMED_FILE, new MalformedFileException("m").code());
        assertEquals(ErrorCode.IO, new QuireIoException("m").code());
        assertEquals(ErrorCode.UNSUPPORTED, new UnsupportedFeatureException("m").code());
        assertEquals(ErrorCode.UNKNOWN_ENCODING, new UnknownEncodingException("layout", "a.b", List.of(), "").code());
        for (QuireException e : List.of(new ClosedException("x"), new QuireIoException("m"))) {
            assertTrue(e instanceof RuntimeException, "Quire exceptions are unchecked");
        }
    }

    @Test
    void closedSaysWhatIsClosed() {
        assertEquals("reader of /a/b is closed", new ClosedException("reader of /a/b").getMessage());
    }

    @Test
    void malformedFileReportsTheOffset() {
        MalformedFileException at = new MalformedFileException("bad magic", 1234);
        assertEquals("bad magic (at file offset 1234)", at.getMessage());
        assertEquals(1234, at.fileOffset());
        MalformedFileException nowhere = new MalformedFileException("bad tree");
        assertEquals("bad tree", nowhere.getMessage());
        assertEquals(-1, nowhere.fileOffset());
        IOException cause = new IOException("x");
        assertSame(cause, new MalformedFileException("m", cause).getCause());
    }

    @Test
    void unknownEncodingListsWhatIsAvailableSortedWithTheHint() {
        UnknownEncodingException e = new UnknownEncodingException("array encoding", "fastlanes.bitpacked",
                List.of("vortex.primitive", "vortex.bool"), "provided by module dev.quire.encodings");
        assertEquals("fastlanes.bitpacked", e.id());
        assertEquals("unknown array encoding `fastlanes.bitpacked` (provided by module dev.quire.encodings); "
                + "available: [vortex.bool, vortex.primitive]", e.getMessage());
        assertEquals("unknown layout `x.y`; available: []",
                new UnknownEncodingException("layout", "x.y", List.of(), "").getMessage());
    }

    @Test
    void messagesAndCodesAreRequired() {
        assertThrows(NullPointerException.class, () -> new QuireException(null, "m"));
        assertThrows(NullPointerException.class, () -> new QuireException(ErrorCode.IO, null));
        IOException cause = new IOException("x");
        QuireIoException e = new QuireIoException("read failed", cause);
        assertSame(cause, e.getCause());
    }

    @Test
    void storeFailuresNameTheObjectAndSayWhetherToRetry() {
        java.net.URI uri = java.net.URI.create("s3://bucket/data/a.vortex");
        List<ObjectStoreException> all = List.of(new ObjectNotFoundException(uri, "no such key", null),
                new StoreAccessDeniedException(uri, "403", null), new StoreThrottledException(uri, "503", null),
                new StoreTimeoutException(uri, "GET took too long", null), new ObjectChangedException(uri, "412", null),
                new ObjectStoreException(uri, "500", true));
        for (ObjectStoreException e : all) {
            assertEquals(uri, e.uri());
            assertEquals(ErrorCode.IO, e.code());
            assertTrue(e instanceof QuireIoException, "store failures are I/O failures");
            assertTrue(e.getMessage().endsWith(": s3://bucket/data/a.vortex"), e.getMessage());
        }
        assertEquals(List.of(false, false, true, true, false, true),
                all.stream().map(ObjectStoreException::retryable).toList());
    }
}
