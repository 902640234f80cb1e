package dev.quire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private static final Setting<Boolean> FLAG = Setting.flag("quire.test.flag", true, "a flag");
    private static final Setting<Long> LENGTH = Setting.byteLength("quire.test.readLength", 4096, 1L << 30,
            "a length");
    private static final Setting<Integer> THREADS = Setting.count("quire.test.threads", 8, 1, 64, "threads");
    private static final Setting<String> NAME = Setting.text("quire.test.name", "", "a name");

    @Test
    void environmentVariablesAreTheKeysInUpperSnakeCase() {
        assertEquals("QUIRE_TEST_READ_LENGTH", LENGTH.environmentVariable());
        assertEquals("QUIRE_IO_NOWAIT_MIN_READ_LENGTH",
                Setting.environmentVariable("quire.io.nowait.minReadLength"));
        assertEquals("QUIRE_FILTER_KERNELS", Setting.environmentVariable("quire.filter.kernels"));
    }

    @Test
    void defaultsWhenNothingIsSet() {
        Settings s = Settings.defaults();
        assertTrue(s.get(FLAG));
        assertEquals(4096L, s.get(LENGTH));
        assertEquals(8, s.get(THREADS));
        assertEquals("", s.get(NAME));
        assertEquals("default", s.source(FLAG));
    }

    @Test
    void codeWinsOverPropertiesWhichWinOverTheEnvironment() {
        Settings s = Settings.of(Map.of("quire.test.readLength", "64k"),
                Map.of("QUIRE_TEST_READ_LENGTH", "1m", "QUIRE_TEST_THREADS", "3"));
        assertEquals(65536L, s.get(LENGTH));
        assertEquals("system property quire.test.readLength", s.source(LENGTH));
        assertEquals(3, s.get(THREADS));
        assertEquals("environment variable QUIRE_TEST_THREADS", s.source(THREADS));
        Settings given = s.with(LENGTH, 1L).withText("quire.test.threads", "5");
        assertEquals(1L, given.get(LENGTH));
        assertEquals(5, given.get(THREADS));
        assertEquals("set in code", given.source(THREADS));
        // The original is unchanged.
        assertEquals(65536L, s.get(LENGTH));
    }

    @Test
    void blankTextCountsAsUnset() {
        Settings s = Settings.of(Map.of("quire.test.flag", "  "), Map.of("QUIRE_TEST_FLAG", "off"));
        assertFalse(s.get(FLAG));
    }

    @Test
    void badTextNamesTheSettingTheSourceAndTheText() {
        Settings s = Settings.of(Map.of("quire.test.flag", "maybe"), Map.of("QUIRE_TEST_THREADS", "65"));
        InvalidArgumentException flag = assertThrows(InvalidArgumentException.class, () -> s.get(FLAG));
        assertEquals("setting quire.test.flag (system property quire.test.flag) must be true or false, got `maybe`",
                flag.getMessage());
        InvalidArgumentException threads = assertThrows(InvalidArgumentException.class, () -> s.get(THREADS));
        assertTrue(threads.getMessage().contains("environment variable QUIRE_TEST_THREADS"), threads.getMessage());
        assertTrue(threads.getMessage().contains("from 1 to 64"), threads.getMessage());
        InvalidArgumentException length = assertThrows(InvalidArgumentException.class,
                () -> Settings.defaults().withText("quire.test.readLength", "2g").get(LENGTH));
        assertTrue(length.getMessage().contains("set in code"), length.getMessage());
    }

    @Test
    void lengthsTakeBinaryUnits() {
        assertEquals(65536, Setting.parseLength("64k"));
        assertEquals(65536, Setting.parseLength("64KiB"));
        assertEquals(1 << 20, Setting.parseLength(" 1m "));
        assertEquals(3L << 30, Setting.parseLength("3g"));
        assertEquals(100, Setting.parseLength("100"));
        assertThrows(IllegalArgumentException.class, () -> Setting.parseLength("1t"));
        assertThrows(IllegalArgumentException.class, () -> Setting.parseLength("k"));
        assertThrows(IllegalArgumentException.class, () -> Setting.parseLength("9999999999999k"));
    }

    @Test
    void keysAreCheckedWhereTheyAreMade() {
        assertThrows(InvalidArgumentException.class, () -> Setting.flag("filter.kernels", true, ""));
        assertThrows(InvalidArgumentException.class, () -> Settings.defaults().withText("io", "posix"));
        assertThrows(InvalidArgumentException.class, () -> Setting.count("quire.x", 0, 1, 2, ""));
    }

    @Test
    void fromEnvironmentSnapshotsTheSystemProperties() {
        System.setProperty("quire.test.snapshot", "before");
        try {
            Setting<String> snapshot = Setting.text("quire.test.snapshot", "none", "");
            Settings taken = Settings.fromEnvironment();
            System.setProperty("quire.test.snapshot", "after");
            assertEquals("before", taken.get(snapshot));
            assertEquals("after", Settings.fromEnvironment().get(snapshot));
        } finally {
            System.clearProperty("quire.test.snapshot");
        }
    }
}
