package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.ErrorCode;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.PluginConflictException;
import dev.quire.plugin.PluginLoader;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Sets of providers built in code: the duplicate-name policy, the choice by options and by each set's own settings,
 * and statistics kept per set.
 */
class IoProvidersTest {
    private static final URI MEM = URI.create("mem:x");

    /** Serves {@code mem:} URIs with its name as the file's bytes, and remembers the options it opened with. */
    abstract static class MemoryProvider implements IoProvider {
        private final String name;
        private final int priority;
        final List<IoOptions> opened = new CopyOnWriteArrayList<>();

        MemoryProvider(String name, int priority) {
            this.name = name;
            this.priority = priority;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public int priority() {
            return priority;
        }

        @Override
        public boolean supports(URI uri) {
            return "mem".equals(uri.getScheme());
        }

        @Override
        public Availability availability() {
            return Availability.yes();
        }

        @Override
        public ReadAt open(URI uri, IoOptions options) {
            opened.add(options);
            return InMemoryReadAt.of(name.getBytes(StandardCharsets.UTF_8));
        }
    }

    static final class Fast extends MemoryProvider {
        Fast() {
            super("fast", 20);
        }
    }

    static final class Slow extends MemoryProvider {
        Slow() {
            super("slow", 10);
        }
    }

    /** Claims the name {@link Fast} has. */
    static final class AnotherFast extends MemoryProvider {
        AnotherFast() {
            super("fast", 5);
        }
    }

    private static IoProviders of(Settings settings, IoProvider... providers) {
        return IoProviders.of(IoProviders.registryBuilder().addAll(List.of(providers)).build(""), settings);
    }

    private static String content(ReadAt in) {
        return new String(in.readFully(0, in.size(), 1).toArray(ValueLayout.JAVA_BYTE),
                StandardCharsets.UTF_8);
    }

    @Test
    void twoProvidersWithOneNameFailNamingBoth() {
        PluginConflictException e = assertThrows(PluginConflictException.class, () -> IoProviders.of(
                IoProviders.registryBuilder().add(new Fast()).add(new AnotherFast()).add(new Slow()).build("pick one"),
                Settings.defaults()));
        assertEquals(ErrorCode.PLUGIN_CONFLICT, e.code());
        assertEquals(IoProviders.KIND, e.kind());
        assertEquals("fast", e.id());
        String origin = PluginLoader.origin(new Fast());
        assertEquals(List.of(Fast.class.getName() + " (" + origin + ")", AnotherFast.class.getName() + " (" + origin
                + ")"), e.claimants());
        assertTrue(e.getMessage().startsWith("2 I/O providers claim id `fast`: "), e.getMessage());
        assertTrue(origin.equals("module dev.quire.io.spi"), origin);
    }

    @Test
    void aChosenProviderSettlesAConflict() {
        AnotherFast chosen = new AnotherFast();
        IoProviders providers = IoProviders.of(IoProviders.registryBuilder().add(new Fast()).add(chosen)
                .choose(AnotherFast.class).build(""), Settings.defaults());
        assertSame(chosen, providers.byName("fast"));
    }

    @Test
    void namesMustBeLowerCaseLettersDigitsAndDashes() {
        MemoryProvider bad = new MemoryProvider("Posix IO", 1) {};
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> IoProviders.registryBuilder().add(bad).build(""));
        assertTrue(e.getMessage().contains("`Posix IO`"), e.getMessage());
    }

    @Test
    void providersAreListedByPriorityThenName() {
        MemoryProvider alsoTen = new MemoryProvider("also-ten", 10) {};
        IoProviders providers = of(Settings.defaults(), new Slow(), alsoTen, new Fast());
        assertEquals(List.of("fast", "also-ten", "slow"), providers.all().stream().map(IoProvider::name).toList());
    }

    @Test
    void eachSetChoosesByItsOwnSettings() {
        IoProviders bySetting = of(Settings.defaults().with(IoProviders.PROVIDER, "slow"), new Fast(), new Slow());
        IoProviders byProperty = of(Settings.of(Map.of("quire.io", "fast"), Map.of()), new Fast(), new Slow());
        IoProviders byPriority = of(Settings.defaults(), new Fast(), new Slow());
        assertEquals("slow", bySetting.choose(MEM, IoOptions.defaults()).name());
        assertEquals("fast", byProperty.choose(MEM, IoOptions.defaults()).name());
        assertEquals("fast", byPriority.choose(MEM, IoOptions.defaults()).name());
        try (ReadAt in = bySetting.readers().open(MEM)) {
            assertEquals("slow", content(in));
        }
        assertEquals("fast", bySetting.choose(MEM, IoOptions.defaults().withProvider("fast")).name(),
                "the options' provider wins over the setting");
        IoOptions namingSlow = IoOptions.of(Settings.defaults().with(IoProviders.PROVIDER, "slow"));
        assertEquals("fast", byPriority.choose(MEM, namingSlow).name(),
                "the options' settings configure the provider, they do not choose it");
        assertEquals("fast", of(Settings.defaults().with(IoProviders.PROVIDER, ""), new Fast(), new Slow())
                .choose(MEM, IoOptions.defaults()).name(), "an empty setting chooses nothing");
    }

    @Test
    void aSettingNamingNoProviderSaysWhereItCameFrom() {
        IoProviders providers = of(Settings.of(Map.of(), Map.of("QUIRE_IO", "uring")), new Fast(), new Slow());
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.open(MEM, IoOptions.defaults()));
        assertEquals("no I/O provider named `uring` (setting quire.io, environment variable QUIRE_IO); found: "
                + "[fast, slow]", e.getMessage());
        InvalidArgumentException named = assertThrows(InvalidArgumentException.class,
                () -> providers.choose(URI.create("s3://b/k"), IoOptions.defaults().withProvider("slow")));
        assertEquals("I/O provider `slow` cannot read s3://b/k", named.getMessage());
    }

    @Test
    void theOptionsReachTheProvider() {
        Slow slow = new Slow();
        IoProviders providers = of(Settings.defaults(), new Fast(), slow);
        Settings settings = Settings.defaults().with(IoProviders.PROVIDER, "ignored");
        IoOptions options = IoOptions.of(settings).withProvider("slow");
        try (ReadAt in = providers.readers(options).open(MEM)) {
            assertEquals(4, in.size());
        }
        assertEquals(List.of(options), slow.opened);
        assertSame(settings, slow.opened.getFirst().settings());
        providers.readers().open(MEM).close();
        assertEquals(1, slow.opened.size(), "readers() chose fast, by priority");
    }

    @Test
    void countedReadersCountIntoTheirOwnSet() {
        IoProviders one = of(Settings.defaults(), new Fast(), new Slow());
        IoProviders two = of(Settings.defaults(), new Fast(), new Slow());
        IoOptions slow = IoOptions.defaults().withProvider("slow");
        try (CountingReadAt in = one.openCounted(MEM, slow);
                ReadAt viaFactory = one.countedReaders(IoOptions.defaults()).open(MEM)) {
            in.readFully(0, 2, 1);
            viaFactory.readFully(0, 3, 1);
            assertInstanceOf(CountingReadAt.class, viaFactory);
        }
        assertEquals(1, one.stats("slow").requests());
        assertEquals(1, one.stats("fast").requests());
        assertEquals(List.of("fast", "slow"), one.stats().stream().map(IoStats::name).toList());
        assertEquals(IoStats.empty("slow"), two.stats("slow"), "another set in the same JVM counted nothing");
        assertEquals(List.of(), two.stats());
    }
}
