package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Setting;
import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PosixOptionsTest {
    private static final int THREADS = PosixOptions.DEFAULT_READ_THREADS;

    private static PosixOptions from(Map<String, String> properties, Map<String, String> environment) {
        return PosixOptions.from(Settings.of(properties, environment));
    }

    @Test
    void defaultsAreTheFastPathFor64To256KibWithoutODirect() {
        PosixOptions d = PosixOptions.defaults();
        assertEquals(new PosixOptions(true, 65_536, 262_144, false, THREADS), d);
        assertEquals(d, PosixOptions.from(Settings.defaults()));
        assertEquals(d, from(Map.of(), Map.of()));
        assertFalse(d.inWindow(65_535));
        assertTrue(d.inWindow(65_536));
        assertTrue(d.inWindow(262_144));
        assertFalse(d.inWindow(262_145));
        assertTrue(THREADS >= 8 && THREADS <= 64, "4 per core, 8 to 64: " + THREADS);
    }

    /** Tools list the providers' settings from ALL: one declared without being added there would be missing. */
    @Test
    void allListsEverySettingDeclared() throws IllegalAccessException {
        List<Object> declared = new ArrayList<>();
        for (Field f : PosixSettings.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Setting.class) {
                declared.add(f.get(null));
            }
        }
        assertEquals(6, declared.size(), declared.toString());
        assertEquals(Set.copyOf(declared), Set.copyOf(PosixSettings.ALL));
        assertEquals(declared.size(), PosixSettings.ALL.size(), "no setting twice: " + PosixSettings.ALL);
    }

    @Test
    void theSettingsKeepTheirSystemPropertiesAndEnvironmentVariables() {
        assertEquals("quire.io.nowait", PosixSettings.FAST_PATH.key());
        assertEquals("QUIRE_IO_NOWAIT_MIN_READ_LENGTH", PosixSettings.MIN_READ_LENGTH.environmentVariable());
        assertEquals("QUIRE_IO_NOWAIT_MAX_READ_LENGTH", PosixSettings.MAX_READ_LENGTH.environmentVariable());
        assertEquals("quire.io.direct", PosixSettings.DIRECT.key());
        assertEquals("QUIRE_IO_POSIX_THREADS", PosixSettings.READ_THREADS.environmentVariable());
        assertEquals("QUIRE_IO_MMAP_KEEP_MILLIS", PosixSettings.MMAP_KEEP_MILLIS.environmentVariable());
        assertEquals(2_000L, PosixSettings.MMAP_KEEP_MILLIS.defaultValue());
    }

    @Test
    void systemPropertiesOverrideEnvironmentVariablesAndCodeOverridesBoth() {
        Map<String, String> env = Map.of("QUIRE_IO_NOWAIT_MIN_READ_LENGTH", "4k",
                "QUIRE_IO_NOWAIT_MAX_READ_LENGTH", "1m", "QUIRE_IO_POSIX_THREADS", "3");
        assertEquals(new PosixOptions(true, 4096, 1 << 20, false, 3), from(Map.of(), env));
        assertEquals(new PosixOptions(true, 8192, 1 << 20, false, 3),
                from(Map.of("quire.io.nowait.minReadLength", "8192"), env));
        assertEquals(new PosixOptions(false, 4096, 2 << 20, true, 5),
                from(Map.of("quire.io.nowait.maxReadLength", "2MiB", "quire.io.nowait", "false",
                        "quire.io.direct", "TRUE", "quire.io.posix.threads", "5"), env));
        Settings inCode = Settings.of(Map.of("quire.io.direct", "true"), env)
                .with(PosixSettings.DIRECT, false).with(PosixSettings.MIN_READ_LENGTH, 0L);
        assertEquals(new PosixOptions(true, 0, 1 << 20, false, 3), PosixOptions.from(inCode));
    }

    @Test
    void lengthsTakeBinaryUnits() {
        for (var c : Map.of("65536", 65_536L, " 64k ", 65_536L, "64KiB", 65_536L, "1 MB", 1L << 20, "1g", 1L << 30,
                "0", 0L).entrySet()) {
            Settings settings = Settings.defaults().with(PosixSettings.MAX_READ_LENGTH, PosixOptions.MAX_WINDOW_BOUND)
                    .withText("quire.io.nowait.minReadLength", c.getKey());
            assertEquals(c.getValue(), PosixOptions.from(settings).minReadLength(), c.getKey());
        }
    }

    @Test
    void badValuesNameTheSettingAndTheValue() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of(), Map.of("QUIRE_IO_NOWAIT_MIN_READ_LENGTH", "lots")));
        assertTrue(e.getMessage().contains("QUIRE_IO_NOWAIT_MIN_READ_LENGTH"), e.getMessage());
        assertTrue(e.getMessage().contains("`lots`"), e.getMessage());
        for (String bad : new String[] {"-1", "1.5m", "12t", "k", "99999999999999"}) {
            InvalidArgumentException p = assertThrows(InvalidArgumentException.class,
                    () -> from(Map.of("quire.io.nowait.maxReadLength", bad), Map.of()), bad);
            assertTrue(p.getMessage().contains("quire.io.nowait.maxReadLength"), p.getMessage());
        }
        InvalidArgumentException big = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of("quire.io.nowait.maxReadLength", "2g"), Map.of()));
        assertTrue(big.getMessage().contains("at most"), big.getMessage());
        InvalidArgumentException flag = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of("quire.io.direct", "maybe"), Map.of()));
        assertEquals("setting quire.io.direct (system property quire.io.direct) must be true or false, got `maybe`",
                flag.getMessage());
        for (String bad : new String[] {"0", "1025", "many"}) {
            InvalidArgumentException threads = assertThrows(InvalidArgumentException.class,
                    () -> from(Map.of(), Map.of("QUIRE_IO_POSIX_THREADS", bad)), bad);
            assertTrue(threads.getMessage().contains("quire.io.posix.threads (environment variable "
                    + "QUIRE_IO_POSIX_THREADS)") && threads.getMessage().contains("from 1 to 1024"),
                    threads.getMessage());
        }
    }

    @Test
    void anEmptyWindowIsRejectedNamingBothSettings() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> from(Map.of("quire.io.nowait.minReadLength", "512k"), Map.of()));
        assertEquals("the fast-path window is empty: the shortest read, 524288 bytes (quire.io.nowait.minReadLength, "
                + "system property quire.io.nowait.minReadLength), is above the longest, 262144 bytes "
                + "(quire.io.nowait.maxReadLength, default)", e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> PosixOptions.defaults().withWindow(10, 9));
        assertThrows(InvalidArgumentException.class, () -> PosixOptions.defaults().withWindow(-1, 9));
        assertEquals(0, PosixOptions.defaults().withWindow(0, 0).maxReadLength());
        assertThrows(InvalidArgumentException.class, () -> PosixOptions.defaults().withReadThreads(0));
        assertEquals(7, PosixOptions.defaults().withReadThreads(7).readThreads());
    }
}
