package dev.quire.bench.runner.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.uring.UringSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class IoVariantTest {
    @Test
    void providersAndPosixSettingsParseAndPrintCanonically() {
        assertEquals(IoVariant.of("mmap"), IoVariant.parse("mmap"));
        assertFalse(IoVariant.parse("posix").hasSettings());
        IoVariant off = IoVariant.parse("posix:nowait=off");
        assertEquals(Optional.of(false), off.fastPath());
        assertTrue(off.hasSettings());
        IoVariant wide = IoVariant.parse(" posix : window=64K-4m ");
        assertEquals(OptionalLong.of(64 << 10), wide.minReadLength());
        assertEquals(OptionalLong.of(4 << 20), wide.maxReadLength());
        assertEquals("posix:window=64k-4m", wide.spec());
        IoVariant all = IoVariant.parse("posix:direct:window=4096-1000000:nowait=on");
        assertTrue(all.direct());
        assertEquals("posix:nowait=on:window=4k-1000000:direct", all.spec());
        for (IoVariant v : List.of(off, wide, all, IoVariant.of("mmap"))) {
            assertEquals(v, IoVariant.parse(v.spec()), "the spec reads back");
        }
        assertEquals(List.of(IoVariant.of("mmap"), off, IoVariant.parse("posix:direct")),
                IoVariant.parseList("mmap,posix:nowait=off,posix:direct"));
    }

    @Test
    void aVariantStandsForTheProviderSettingAndThePosixSettings() {
        Settings base = Settings.of(Map.of("quire.io.nowait", "off", "quire.io.posix.threads", "3"), Map.of());
        Settings all = IoVariant.parse("posix:nowait=on:window=4k-1m:direct").applyTo(base);
        assertEquals("posix", all.get(IoProviders.PROVIDER));
        assertEquals(true, all.get(PosixSettings.FAST_PATH), "the variant's nowait wins over the property");
        assertEquals(4096L, all.get(PosixSettings.MIN_READ_LENGTH));
        assertEquals(1L << 20, all.get(PosixSettings.MAX_READ_LENGTH));
        assertEquals(true, all.get(PosixSettings.DIRECT));
        assertEquals(3, all.get(PosixSettings.READ_THREADS), "what the variant does not set is kept");

        Settings plain = IoVariant.parse("mmap").applyTo(base);
        assertEquals("mmap", plain.get(IoProviders.PROVIDER));
        assertEquals(false, plain.get(PosixSettings.FAST_PATH), "the property still holds");
        assertEquals("system property quire.io.nowait", plain.source(PosixSettings.FAST_PATH));
        assertEquals(PosixSettings.MIN_READ_LENGTH.defaultValue(), plain.get(PosixSettings.MIN_READ_LENGTH));
        assertEquals(false, plain.get(PosixSettings.DIRECT));
    }

    @Test
    void uringVariantsSetTheUringProvidersDirectAndCoalescing() {
        IoVariant fifo = IoVariant.parse("uring:coalescing=FIFO:direct");
        assertTrue(fifo.direct());
        assertEquals(Optional.of("fifo"), fifo.coalescing());
        assertEquals("uring:direct:coalescing=fifo", fifo.spec());
        assertEquals(fifo, IoVariant.parse(fifo.spec()), "the spec reads back");
        assertTrue(fifo.hasSettings());
        assertFalse(IoVariant.parse("uring").hasSettings());

        Settings applied = fifo.applyTo(Settings.of(Map.of(), Map.of()));
        assertEquals("uring", applied.get(IoProviders.PROVIDER));
        assertEquals(true, applied.get(UringSettings.DIRECT));
        assertEquals("fifo", applied.get(UringSettings.COALESCING));
        assertEquals(false, applied.get(PosixSettings.DIRECT), "posix's O_DIRECT is posix's alone");
        Settings offset = IoVariant.parse("uring:coalescing=offset").applyTo(Settings.of(Map.of(), Map.of()));
        assertEquals("offset", offset.get(UringSettings.COALESCING));
        assertEquals(false, offset.get(UringSettings.DIRECT));
        assertEquals(List.of(IoVariant.of("uring"), IoVariant.parse("uring:direct"), fifo),
                IoVariant.parseList("uring,uring:direct,uring:direct:coalescing=fifo"));
        IoVariant ring = IoVariant.parse("uring:resident=OFF");
        assertEquals(Optional.of(false), ring.resident());
        assertEquals("uring:resident=off", ring.spec());
        assertEquals(ring, IoVariant.parse(ring.spec()));
        assertEquals(false, ring.applyTo(Settings.of(Map.of(), Map.of())).get(UringSettings.RESIDENT));
        assertEquals(true, IoVariant.parse("uring").applyTo(Settings.of(Map.of(), Map.of()))
                .get(UringSettings.RESIDENT), "resident reads are the default");
    }

    @Test
    void badVariantsFailNamingWhatIsWrong() {
        assertMessage("posix:nowait=maybe", "nowait takes on or off");
        assertMessage("posix:window=64k", "window takes MIN-MAX");
        assertMessage("posix:window=4m-64k", "is empty");
        assertMessage("posix:window=64x-1m", "`64x` is not a length");
        assertMessage("posix:fast", "unknown setting `fast`");
        assertMessage("mmap:direct", "direct is a setting of the posix and uring providers only");
        assertMessage("uring:nowait=on", "nowait and window are settings of the posix provider only");
        assertMessage("posix:coalescing=fifo", "coalescing is a setting of the uring provider only");
        assertMessage("uring:coalescing=sorted", "coalescing takes offset or fifo, got `sorted`");
        assertMessage("mmap:resident=on", "resident is a setting of the uring provider only");
        assertMessage("uring:resident=maybe", "resident takes on or off, got `maybe`");
        assertMessage(":direct", "names no I/O provider");
        assertMessage("posix:direct=off", "direct takes no value");
        InvalidArgumentException twice = assertThrows(InvalidArgumentException.class,
                () -> IoVariant.parseList("posix,mmap,posix"));
        assertTrue(twice.getMessage().contains("`posix` twice"), twice.getMessage());
        InvalidArgumentException blank = assertThrows(InvalidArgumentException.class,
                () -> IoVariant.parseList(" "));
        assertTrue(blank.getMessage().startsWith("--io must name an I/O provider"), blank.getMessage());
        InvalidArgumentException empty = assertThrows(InvalidArgumentException.class,
                () -> IoVariant.parseList("posix,,mmap"));
        assertTrue(empty.getMessage().contains("names no I/O provider"), empty.getMessage());
    }

    private static void assertMessage(String text, String part) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> IoVariant.parse(text));
        assertTrue(e.getMessage().contains(part), text + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("--io"), e.getMessage());
    }
}
