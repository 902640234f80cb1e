package dev.quire.layout.internal.format;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.UnsupportedFeatureException;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class ByteOrderCheckTest {
    @Test
    void littleEndianHostsPass() {
        assertDoesNotThrow(() -> ByteOrderCheck.require(ByteOrder.LITTLE_ENDIAN, "amd64"));
    }

    @Test
    void bigEndianHostsAreRefusedByName() {
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
                () -> ByteOrderCheck.require(ByteOrder.BIG_ENDIAN, "s390x"));
        assertEquals(ErrorCode.UNSUPPORTED, e.code());
        assertTrue(e.getMessage().contains("s390x") && e.getMessage().contains("BIG_ENDIAN"), e.getMessage());
    }
}
