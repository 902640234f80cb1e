package dev.quire.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.dictionary.DictArray;
import dev.quire.io.posix.internal.PosixIoProvider;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.file.VortexFile;
import dev.quire.splits.RowSplits;
import dev.quire.testplugin.internal.SplitEveryLayout;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same rules one level up, in the compiled {@code module-info.class} of each module: what ArchUnit sees in the
 * bytecode, JPMS sees in {@code requires}; and every {@code provides} must have its service file for class-path users.
 */
class ModuleDescriptorRulesTest {
    private static final Map<String, ModuleReference> MODULES = new LinkedHashMap<>();

    @BeforeAll
    static void findModules() throws URISyntaxException {
        for (Class<?> c : List.of(ReadAt.class, RowSplits.class, PosixIoProvider.class, VortexFile.class,
                SplitEveryLayout.class, DictArray.class)) {
            Path location = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (ModuleReference ref : ModuleFinder.of(location).findAll()) {
                MODULES.put(ref.descriptor().name(), ref);
            }
        }
        assertEquals(Set.of("dev.quire.io.spi", "dev.quire.splits", "dev.quire.io.posix", "dev.quire.layout",
                "dev.quire.testplugin", "dev.quire.dictionary"), MODULES.keySet(),
                "every module's descriptor is found");
    }

    private static ModuleDescriptor descriptor(String module) {
        return MODULES.get(module).descriptor();
    }

    private static Set<String> requires(String module) {
        return descriptor(module).requires().stream().map(ModuleDescriptor.Requires::name)
                .filter(name -> !name.equals("java.base")).collect(Collectors.toSet());
    }

    @Test
    void ioSpiAndSplitsRequireOnlyTheBaseModule() {
        assertEquals(Set.of("dev.quire.base"), requires("dev.quire.io.spi"));
        assertEquals(Set.of("dev.quire.base"), requires("dev.quire.splits"));
        assertEquals(Set.of("dev.quire.io.spi.IoProvider"), descriptor("dev.quire.io.spi").uses());
    }

    @Test
    void posixRequiresOnlyIoSpi() {
        assertEquals(Set.of("dev.quire.io.spi"), requires("dev.quire.io.posix"));
    }

    @Test
    void layoutRequiresNoProviderAndNoPlugin() {
        Set<String> requires = requires("dev.quire.layout");
        assertTrue(requires.contains("dev.quire.io.spi"), requires.toString());
        for (String name : requires) {
            assertFalse(name.startsWith("dev.quire.io.") && !name.equals("dev.quire.io.spi"),
                    "layout requires the provider module " + name);
            assertFalse(Set.of("dev.quire.testplugin", "dev.quire.dictionary", "dev.quire.encodings",
                    "dev.quire.cli").contains(name), "layout requires " + name);
        }
        assertEquals(Set.of("dev.quire.layout.spi.ArrayEncoding", "dev.quire.layout.spi.LayoutVTable",
                "dev.quire.layout.spi.ColumnStrategy", "dev.quire.layout.spi.ArrayCompressor"),
                descriptor("dev.quire.layout").uses());
    }

    @Test
    void dictionaryRequiresOnlyLayoutAndProtobuf() {
        assertEquals(Set.of("dev.quire.layout", "com.google.protobuf"), requires("dev.quire.dictionary"));
        assertEquals(Set.of("dev.quire.layout.spi.ArrayEncoding", "dev.quire.layout.spi.LayoutVTable",
                "dev.quire.layout.spi.ColumnStrategy"), descriptor("dev.quire.dictionary").provides().stream()
                .map(ModuleDescriptor.Provides::service).collect(Collectors.toSet()));
    }

    @Test
    void internalPackagesAreNeverExportedToEveryone() {
        for (ModuleReference ref : MODULES.values()) {
            for (ModuleDescriptor.Exports export : ref.descriptor().exports()) {
                boolean internal = export.source().contains(".internal") || export.source().endsWith(".sys");
                assertFalse(internal && !export.isQualified(),
                        ref.descriptor().name() + " exports " + export.source() + " to everyone");
            }
        }
    }

    @Test
    void layoutExportsItsTrustedArrayFactoriesToTheDictionaryAlone() {
        List<ModuleDescriptor.Exports> trusted = descriptor("dev.quire.layout").exports().stream()
                .filter(e -> e.source().equals(QuireRules.LAYOUT_TRUSTED_ARRAYS)).toList();
        assertEquals(1, trusted.size(), descriptor("dev.quire.layout").toString());
        assertEquals(Set.of("dev.quire.dictionary"), trusted.get(0).targets());
    }

    @Test
    void everyProvidedServiceHasAServiceFileForClassPathUsers() throws IOException {
        int checked = 0;
        for (ModuleReference ref : MODULES.values()) {
            try (ModuleReader reader = ref.open()) {
                for (ModuleDescriptor.Provides provides : ref.descriptor().provides()) {
                    String resource = "META-INF/services/" + provides.service();
                    Optional<InputStream> in = reader.open(resource);
                    assertTrue(in.isPresent(), ref.descriptor().name() + " has no " + resource);
                    List<String> listed;
                    try (InputStream stream = in.get()) {
                        listed = new String(stream.readAllBytes(), StandardCharsets.UTF_8).lines()
                                .map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty()).toList();
                    }
                    assertEquals(provides.providers(), listed, ref.descriptor().name() + " " + resource);
                    checked++;
                }
            }
        }
        assertTrue(checked >= 6, "only " + checked + " provides clauses checked");
    }
}
