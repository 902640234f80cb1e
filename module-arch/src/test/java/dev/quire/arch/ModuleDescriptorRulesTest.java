package dev.quire.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The module rules one level up, in the compiled {@code module-info.class} of every Quire module: what ArchUnit sees in
 * the bytecode, JPMS sees in {@code requires} and {@code exports}. The checks are those of {@link DescriptorRules};
 * each runs on each module.
 */
class ModuleDescriptorRulesTest {

    @Test
    void everyModuleHasItsDescriptorOnTheClassPath() {
        assertEquals(new TreeSet<>(QuireModules.EXPECTED), new TreeSet<>(QuireModules.found().keySet()));
    }

    @TestFactory
    Stream<DynamicTest> requiresOnlyWhatTheArchitectureAllows() {
        return perModule(DescriptorRules::requiresOnlyWhatTheArchitectureAllows);
    }

    @TestFactory
    Stream<DynamicTest> theCliRequiresNoStoreModule() {
        return perModule(DescriptorRules::theCliRequiresNoStoreModule);
    }

    @TestFactory
    Stream<DynamicTest> exportsOnlyItsApi() {
        return perModule(DescriptorRules::exportsOnlyItsApi);
    }

    @TestFactory
    Stream<DynamicTest> providersLiveInPackagesItDoesNotExport() {
        return perModule(DescriptorRules::providersLiveInPackagesItDoesNotExport);
    }

    @TestFactory
    Stream<DynamicTest> internalPackagesAreNeverExportedToEveryone() {
        return perModule(DescriptorRules::internalPackagesAreNeverExportedToEveryone);
    }

    @TestFactory
    Stream<DynamicTest> qualifiedExportsNameOnlyQuireModules() {
        return perModule(DescriptorRules::qualifiedExportsNameOnlyQuireModules);
    }

    @TestFactory
    Stream<DynamicTest> everyProvidedServiceHasItsServiceFile() {
        return QuireModules.found().values().stream().map(ref -> DynamicTest.dynamicTest(ref.descriptor().name(),
                () -> {
                    try (ModuleReader reader = ref.open()) {
                        assertEquals(List.of(), DescriptorRules.everyProvidedServiceHasItsServiceFile(
                                ref.descriptor(), resource -> read(reader, resource)));
                    }
                }));
    }

    @Test
    void theSpiModulesUseTheirServices() {
        assertEquals(Set.of("dev.quire.io.spi.IoProvider"), descriptor("dev.quire.io.spi").uses());
        assertEquals(Set.of("dev.quire.layout.spi.ArrayEncoding", "dev.quire.layout.spi.LayoutVTable",
                "dev.quire.layout.spi.ColumnStrategy", "dev.quire.layout.spi.ArrayCompressor"),
                descriptor("dev.quire.layout").uses());
    }

    @Test
    void layoutReachesBytesThroughIoSpi() {
        assertTrue(descriptor("dev.quire.layout").requires().stream()
                .anyMatch(r -> r.name().equals("dev.quire.io.spi")), descriptor("dev.quire.layout").toString());
    }

    @Test
    void theDictionaryProvidesAnEncodingALayoutAndAStrategy() {
        assertEquals(Set.of("dev.quire.layout.spi.ArrayEncoding", "dev.quire.layout.spi.LayoutVTable",
                "dev.quire.layout.spi.ColumnStrategy"), descriptor("dev.quire.dictionary").provides().stream()
                .map(ModuleDescriptor.Provides::service).collect(Collectors.toSet()));
    }

    @Test
    void theChecksSawServices() {
        long provides = QuireModules.found().values().stream().mapToLong(r -> r.descriptor().provides().size()).sum();
        assertTrue(provides >= 10, "only " + provides + " provides clauses found");
    }

    private static Stream<DynamicTest> perModule(Function<ModuleDescriptor, List<String>> check) {
        return QuireModules.found().values().stream().map(ModuleReference::descriptor)
                .map(descriptor -> DynamicTest.dynamicTest(descriptor.name(),
                        () -> assertEquals(List.of(), check.apply(descriptor))));
    }

    private static ModuleDescriptor descriptor(String module) {
        return QuireModules.found().get(module).descriptor();
    }

    private static Optional<String> read(ModuleReader reader, String resource) {
        try {
            Optional<InputStream> in = reader.open(resource);
            if (in.isEmpty()) {
                return Optional.empty();
            }
            try (InputStream stream = in.get()) {
                return Optional.of(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
