package dev.quire.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.quire.cli.archfixture.CliNamingS3;
import dev.quire.cli.archfixture.FakeCli;
import dev.quire.dictionary.archfixture.DictionaryUsingLayoutInternals;
import dev.quire.encodings.internal.compress.Compressor;
import dev.quire.encodings.internal.fastlanes.ArchFixtureEncodingNamingTheCompressor;
import dev.quire.errors.archfixture.ErrorsNamingIoSpi;
import dev.quire.io.posix.archfixture.PosixNamingPluginProvider;
import dev.quire.io.posix.internal.PosixIoProvider;
import dev.quire.io.posix.sys.FakeLibc;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.s3.archfixture.S3NamingStoreInternals;
import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.archfixture.SpiNamingLayout;
import dev.quire.io.store.archfixture.StoreNamingLayout;
import dev.quire.io.store.internal.HttpIoProvider;
import dev.quire.io.uring.archfixture.UringNamingPosixProvider;
import dev.quire.io.uring.archfixture.UringUsingPosixSyscalls;
import dev.quire.io.uring.internal.UringReadAt;
import dev.quire.io.uring.sys.ArchFixtureSysNamingTheReader;
import dev.quire.layout.archfixture.LayoutNamingCli;
import dev.quire.layout.archfixture.LayoutNamingPlugin;
import dev.quire.layout.archfixture.LayoutNamingPosix;
import dev.quire.layout.archfixture.cycle.ParentUsingChild;
import dev.quire.layout.archfixture.cycle.child.ChildUsingParent;
import dev.quire.layout.archfixture.cycle.left.LeftUsingRight;
import dev.quire.layout.archfixture.cycle.right.RightUsingLeft;
import dev.quire.layout.dtype.ArchFixtureDTypeNamingTheFile;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.internal.layouts.FlatLayout;
import dev.quire.splits.archfixture.SplitsNamingIoSpi;
import dev.quire.testplugin.archfixture.FakePluginLayout;
import dev.quire.testplugin.archfixture.PluginUsingLayoutInternals;
import dev.quire.testplugin.internal.io.archfixture.FakeIoProvider;
import java.lang.module.ModuleDescriptor;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Each rule fails on what breaks it, through the same rule objects and check methods the real tests use. For the
 * bytecode rules, fixture classes (test classes, which {@link ArchitectureTest} never imports) each make one forbidden
 * dependency; the layer fixtures sit in main packages of layout and encodings so the modules' own layer rules judge
 * them. For the descriptor rules, synthetic descriptors break one convention each.
 */
class RulesCatchViolationsTest {

    /** A rule, the classes imported for it, and the class and dependency its report must name. */
    private record Case(ArchRule rule, List<Class<?>> imported, Class<?> violator, Class<?> forbidden) {
        Case(ArchRule rule, Class<?> violator, Class<?> forbidden) {
            this(rule, List.of(violator), violator, forbidden);
        }
    }

    private static final List<Case> CASES = List.of(
            new Case(QuireRules.BASE_USES_ONLY_THE_JDK, ErrorsNamingIoSpi.class, ReadAt.class),
            new Case(QuireRules.IO_SPI_USES_ONLY_THE_JDK_AND_BASE, SpiNamingLayout.class, VortexFile.class),
            new Case(QuireRules.SPLITS_USES_ONLY_THE_JDK_AND_ERRORS, SplitsNamingIoSpi.class, ReadAt.class),
            new Case(QuireRules.POSIX_USES_ONLY_IO_SPI_AND_BASE, PosixNamingPluginProvider.class, FakeIoProvider.class),
            new Case(QuireRules.STORE_USES_ONLY_IO_SPI_AND_BASE, StoreNamingLayout.class, VortexFile.class),
            new Case(QuireRules.S3_USES_ONLY_THE_STORE_LAYER_AND_THE_AWS_SDK, S3NamingStoreInternals.class,
                    HttpIoProvider.class),
            new Case(QuireRules.PROVIDERS_NEVER_NAME_EACH_OTHER, S3NamingStoreInternals.class, HttpIoProvider.class),
            new Case(QuireRules.URING_USES_ONLY_IO_SPI_BASE_AND_POSIX_SYSCALLS, UringNamingPosixProvider.class,
                    PosixIoProvider.class),
            new Case(QuireRules.LAYOUT_USES_ONLY_ITS_DECLARED_DEPENDENCIES, LayoutNamingPosix.class,
                    PosixIoProvider.class),
            new Case(QuireRules.LAYOUT_NEVER_NAMES_A_PROVIDER, LayoutNamingPosix.class, PosixIoProvider.class),
            new Case(QuireRules.LAYOUT_KNOWS_NO_PLUGIN, LayoutNamingPlugin.class, FakePluginLayout.class),
            new Case(QuireRules.PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES, PluginUsingLayoutInternals.class,
                    FlatLayout.class),
            new Case(QuireRules.PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES, DictionaryUsingLayoutInternals.class,
                    FlatLayout.class),
            new Case(QuireRules.PROVIDERS_NEVER_NAME_EACH_OTHER, PosixNamingPluginProvider.class,
                    FakeIoProvider.class),
            new Case(QuireRules.PROVIDERS_NEVER_NAME_EACH_OTHER, UringNamingPosixProvider.class,
                    PosixIoProvider.class),
            new Case(QuireRules.NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS, PluginUsingLayoutInternals.class,
                    FlatLayout.class),
            new Case(QuireRules.NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS, DictionaryUsingLayoutInternals.class,
                    FlatLayout.class),
            new Case(QuireRules.NOTHING_DEPENDS_ON_THE_CLI, LayoutNamingCli.class, FakeCli.class),
            new Case(QuireRules.THE_CLI_NAMES_NO_STORE_MODULE, CliNamingS3.class, S3Stores.class),
            new Case(QuireRules.NO_PACKAGE_CYCLES, List.of(ParentUsingChild.class, ChildUsingParent.class),
                    ParentUsingChild.class, ChildUsingParent.class),
            new Case(QuireRules.NO_PACKAGE_CYCLES, List.of(LeftUsingRight.class, RightUsingLeft.class),
                    LeftUsingRight.class, RightUsingLeft.class),
            new Case(QuireRules.LAYOUT_PACKAGES_KEEP_THEIR_LAYERS, ArchFixtureDTypeNamingTheFile.class,
                    VortexFile.class),
            new Case(QuireRules.ENCODINGS_PACKAGES_KEEP_THEIR_LAYERS, ArchFixtureEncodingNamingTheCompressor.class,
                    Compressor.class),
            new Case(QuireRules.URING_PACKAGES_KEEP_THEIR_LAYERS, ArchFixtureSysNamingTheReader.class,
                    UringReadAt.class));

    @TestFactory
    Stream<DynamicTest> everyRuleReportsItsViolation() {
        return CASES.stream().map(c -> DynamicTest.dynamicTest(c.violator().getSimpleName() + " breaks "
                + c.rule().getDescription(), () -> {
                    EvaluationResult result = c.rule().evaluate(new ClassFileImporter().importClasses(c.imported()));
                    assertTrue(result.hasViolation(), "no violation reported");
                    String report = String.join("\n", result.getFailureReport().getDetails());
                    assertTrue(report.contains(c.violator().getName()) && report.contains(c.forbidden().getName()),
                            "the report names either not the class or not the dependency:\n" + report);
                }));
    }

    @Test
    void everyRuleHasAViolatingFixture() {
        for (ArchRule rule : QuireRules.ALL) {
            assertTrue(CASES.stream().anyMatch(c -> c.rule() == rule), "no fixture breaks " + rule.getDescription());
        }
    }

    /** A package of a module that is in no layer is reported: each new package must be given its place. */
    @Test
    void aPackageInNoLayerIsReported() {
        EvaluationResult result = QuireRules.LAYOUT_PACKAGES_KEEP_THEIR_LAYERS
                .evaluate(new ClassFileImporter().importClasses(LayoutNamingPlugin.class));
        String report = String.join("\n", result.getFailureReport().getDetails());
        assertTrue(result.hasViolation() && report.contains(LayoutNamingPlugin.class.getName()), report);
    }

    @Test
    void uringAndTieredMayUsePosixSyscallBindings() {
        JavaClasses uring = new ClassFileImporter().importClasses(UringUsingPosixSyscalls.class, FakeLibc.class);
        EvaluationResult result = QuireRules.PROVIDERS_NEVER_NAME_EACH_OTHER.evaluate(uring);
        assertFalse(result.hasViolation(), String.join("\n", result.getFailureReport().getDetails()));
    }

    /**
     * The CLI may depend on every module but the store modules it finds as services: with it in the import, every rule
     * between modules still holds.
     */
    @Test
    void theCliMayDependOnEverything() {
        ImportOption mainClassesAndTheCli = location -> !location.contains("/test-classes/")
                || location.contains("/dev/quire/cli/archfixture/FakeCli");
        JavaClasses classes = new ClassFileImporter().withImportOption(mainClassesAndTheCli)
                .importPackages("dev.quire");
        assertTrue(classes.contain(FakeCli.class), "the CLI stand-in was imported");
        for (ArchRule rule : QuireRules.BETWEEN_MODULES) {
            EvaluationResult result = rule.evaluate(classes);
            assertFalse(result.hasViolation(), rule.getDescription() + ":\n"
                    + String.join("\n", result.getFailureReport().getDetails()));
        }
    }

    // The descriptor rules.

    @Test
    void aModuleThatRequiresAModuleAboveItIsReported() {
        assertViolation(DescriptorRules.requiresOnlyWhatTheArchitectureAllows(
                ModuleDescriptor.newModule("dev.quire.base").requires("dev.quire.io.spi").build()), "dev.quire.io.spi");
        assertViolation(DescriptorRules.requiresOnlyWhatTheArchitectureAllows(
                ModuleDescriptor.newModule("dev.quire.encodings").requires("dev.quire.layout")
                        .requires("dev.quire.io.posix").build()), "dev.quire.io.posix");
        assertViolation(DescriptorRules.requiresOnlyWhatTheArchitectureAllows(
                ModuleDescriptor.newModule("dev.quire.unknown").build()), "dev.quire.unknown");
        assertEquals(List.of(), DescriptorRules.requiresOnlyWhatTheArchitectureAllows(
                ModuleDescriptor.newModule("dev.quire.cli").requires("dev.quire.io.posix").build()));
    }

    @Test
    void aCliThatRequiresAStoreModuleIsReported() {
        assertViolation(DescriptorRules.theCliRequiresNoStoreModule(ModuleDescriptor.newModule("dev.quire.cli")
                .requires("dev.quire.io.store").requires("dev.quire.io.s3").build()), "dev.quire.io.s3");
        assertViolation(DescriptorRules.theCliRequiresNoStoreModule(ModuleDescriptor.newModule("dev.quire.cli")
                .requires("software.amazon.awssdk.services.s3").build()), "software.amazon.awssdk.services.s3");
        assertEquals(List.of(), DescriptorRules.theCliRequiresNoStoreModule(ModuleDescriptor.newModule("dev.quire.cli")
                .requires("dev.quire.io.store").build()));
    }

    @Test
    void aModuleThatExportsMoreOrLessThanItsApiIsReported() {
        assertViolation(DescriptorRules.exportsOnlyItsApi(
                ModuleDescriptor.newModule("dev.quire.dictionary").exports("dev.quire.dictionary").build()),
                "dev.quire.dictionary");
        ModuleDescriptor.Builder layout = ModuleDescriptor.newModule("dev.quire.layout");
        DescriptorRules.EXPORTS.get("dev.quire.layout").forEach(layout::exports);
        assertEquals(List.of(), DescriptorRules.exportsOnlyItsApi(layout.build()));
        layout.exports("dev.quire.layout.internal.array", Set.of("dev.quire.dictionary"));
        assertViolation(DescriptorRules.exportsOnlyItsApi(layout.build()), "dev.quire.layout.internal.array");
        assertViolation(DescriptorRules.exportsOnlyItsApi(
                ModuleDescriptor.newModule("dev.quire.io.posix").exports("dev.quire.io.posix").build()),
                "dev.quire.io.posix.direct");
    }

    @Test
    void aProviderInAnExportedPackageIsReported() {
        assertViolation(DescriptorRules.providersLiveInPackagesItDoesNotExport(ModuleDescriptor.newModule("x")
                .exports("x.api").provides("s.Service", List.of("x.api.Provider")).build()), "x.api.Provider");
        assertViolation(DescriptorRules.providersLiveInPackagesItDoesNotExport(ModuleDescriptor.newModule("x")
                .exports("x.internal", Set.of("dev.quire.y")).provides("s.Service", List.of("x.internal.Provider"))
                .build()), "x.internal.Provider");
        assertEquals(List.of(), DescriptorRules.providersLiveInPackagesItDoesNotExport(ModuleDescriptor.newModule("x")
                .exports("x.api").provides("s.Service", List.of("x.internal.Provider")).build()));
    }

    @Test
    void anInternalPackageExportedToEveryoneIsReported() {
        assertViolation(DescriptorRules.internalPackagesAreNeverExportedToEveryone(
                ModuleDescriptor.newModule("x").exports("x.internal").build()), "x.internal");
        assertViolation(DescriptorRules.internalPackagesAreNeverExportedToEveryone(
                ModuleDescriptor.newModule("x").exports("x.internal.io").build()), "x.internal.io");
        assertViolation(DescriptorRules.internalPackagesAreNeverExportedToEveryone(
                ModuleDescriptor.newModule("x").exports("x.sys").build()), "x.sys");
        assertEquals(List.of(), DescriptorRules.internalPackagesAreNeverExportedToEveryone(
                ModuleDescriptor.newModule("x").exports("x.internal", Set.of("dev.quire.y")).exports("x.api")
                        .build()));
    }

    @Test
    void aQualifiedExportToAModuleOutsideTheProjectIsReported() {
        assertViolation(DescriptorRules.qualifiedExportsNameOnlyQuireModules(
                ModuleDescriptor.newModule("x").exports("x.internal", Set.of("dev.quire.y", "com.example")).build()),
                "com.example");
        assertEquals(List.of(), DescriptorRules.qualifiedExportsNameOnlyQuireModules(
                ModuleDescriptor.newModule("x").exports("x.internal", Set.of("dev.quire.y")).build()));
    }

    @Test
    void aProvidesWithoutItsServiceFileIsReported() {
        ModuleDescriptor module = ModuleDescriptor.newModule("x")
                .provides("s.Service", List.of("x.internal.A", "x.internal.B")).build();
        String file = "META-INF/services/s.Service";
        assertViolation(DescriptorRules.everyProvidedServiceHasItsServiceFile(module, name -> Optional.empty()),
                file);
        assertViolation(DescriptorRules.everyProvidedServiceHasItsServiceFile(module,
                name -> Optional.ofNullable(Map.of(file, "x.internal.A\n").get(name))), "x.internal.B");
        assertEquals(List.of(), DescriptorRules.everyProvidedServiceHasItsServiceFile(module,
                name -> Optional.ofNullable(Map.of(file, "# providers\nx.internal.A\nx.internal.B # last\n")
                        .get(name))));
    }

    private static void assertViolation(List<String> violations, String named) {
        assertTrue(violations.stream().anyMatch(v -> v.contains(named)),
                "no violation names " + named + ": " + violations);
    }
}
