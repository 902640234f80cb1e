package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PosixOptionsTest {
    private static PosixOptions from(Map<String, String> properties, Map<String, String> environment) {
        return PosixOptions.from(properties::get, environment::get);
    }

    @Test
    void defaultsAreTheFastPathFor64To256KibWithoutODirect() {
        PosixOptions d = PosixOptions.defaults();
        assertEquals(new PosixOptions(true, 65_536, 262_144, false), d);
        assertEquals(d, from(Map.of(), Map.of()));
        assertFalse(d.inWindow(65_535));
        assertTrue(d.inWindow(65_536));
        assertTrue(d.inWindow(262_144));
        assertFalse(d.inWindow(262_145));
    }

    @Test
    void systemPropertiesOverrideEnvironmentVariables() {
        Map<String, String> env = Map.of(PosixOptions.MIN_READ_LENGTH_ENV, "4k",
                PosixOptions.MAX_READ_LENGTH_ENV, "1m");
        assertEquals(new PosixOptions(true, 4096, 1 << 20, false), from(Map.of(), env));
        assertEquals(new PosixOptions(true, 8192, 1 << 20, false),
                from(Map.of(PosixOptions.MIN_READ_LENGTH_PROPERTY, "8192"), env));
        assertEquals(new PosixOptions(false, 4096, 2 << 20, true),
                from(Map.of(PosixOptions.MAX_READ_LENGTH_PROPERTY, "2MiB", PosixOptions.FAST_PATH_PROPERTY, "false",
                        PosixOptions.DIRECT_PROPERTY, "TRUE"), env));
    }

    @Test
    void lengthsTakeBinaryUnits() {
        assertEquals(65_536, PosixOptions.parseLength("x", "65536"));
        assertEquals(65_536, PosixOptions.parseLength("x", " 64k "));
        assertEquals(65_536, PosixOptions.parseLength("x", "64KiB"));
        assertEquals(1 << 20, PosixOptions.parseLength("x", "1 MB"));
        assertEquals(1L << 30, PosixOptions.parseLength("x", "1g"));
        assertEquals(0, PosixOptions.parseLength("x", "0"));
    }

    @Test
    void badValuesNameTheSettingAndTheValue() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of(), Map.of(PosixOptions.MIN_READ_LENGTH_ENV, "lots")));
        assertTrue(e.getMessage().contains(PosixOptions.MIN_READ_LENGTH_ENV), e.getMessage());
        assertTrue(e.getMessage().contains("`lots`"), e.getMessage());
        for (String bad : new String[] {"-1", "1.5m", "12t", "k", "99999999999999"}) {
            InvalidArgumentException p = assertThrows(InvalidArgumentException.class,
                    () -> from(Map.of(PosixOptions.MAX_READ_LENGTH_PROPERTY, bad), Map.of()), bad);
            assertTrue(p.getMessage().contains(PosixOptions.MAX_READ_LENGTH_PROPERTY), p.getMessage());
        }
        InvalidArgumentException big = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of(PosixOptions.MAX_READ_LENGTH_PROPERTY, "2g"), Map.of()));
        assertTrue(big.getMessage().contains("at most"), big.getMessage());
        InvalidArgumentException flag = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of(PosixOptions.DIRECT_PROPERTY, "maybe"), Map.of()));
        assertEquals(PosixOptions.DIRECT_PROPERTY + " must be true or false, got `maybe`", flag.getMessage());
    }

    @Test
    void anEmptyWindowIsRejected() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of(PosixOptions.MIN_READ_LENGTH_PROPERTY, "512k"), Map.of()));
        assertTrue(e.getMessage().contains("window is empty"), e.getMessage());
        assertTrue(e.getMessage().contains(PosixOptions.MIN_READ_LENGTH_ENV), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> PosixOptions.defaults().withWindow(10, 9));
        assertThrows(InvalidArgumentException.class, () -> PosixOptions.defaults().withWindow(-1, 9));
        assertEquals(0, PosixOptions.defaults().withWindow(0, 0).maxReadLength());
    }
}
