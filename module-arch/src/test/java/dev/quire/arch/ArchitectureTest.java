package dev.quire.arch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rules of {@link QuireRules} over the main classes of every Quire module on this module's class path (test
 * classes, including the violating fixtures, are left out).
 */
@AnalyzeClasses(packages = "dev.quire", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule ioSpiUsesOnlyTheJdk = QuireRules.IO_SPI_USES_ONLY_THE_JDK;

    @ArchTest
    static final ArchRule splitsUsesOnlyTheJdk = QuireRules.SPLITS_USES_ONLY_THE_JDK;

    @ArchTest
    static final ArchRule posixUsesOnlyIoSpi = QuireRules.POSIX_USES_ONLY_IO_SPI;

    @ArchTest
    static final ArchRule layoutUsesOnlyItsDeclaredDependencies = QuireRules.LAYOUT_USES_ONLY_ITS_DECLARED_DEPENDENCIES;

    @ArchTest
    static final ArchRule layoutNeverNamesAProvider = QuireRules.LAYOUT_NEVER_NAMES_A_PROVIDER;

    @ArchTest
    static final ArchRule layoutKnowsNoPlugin = QuireRules.LAYOUT_KNOWS_NO_PLUGIN;

    @ArchTest
    static final ArchRule pluginsUseOnlyExportedLayoutPackages = QuireRules.PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES;

    @ArchTest
    static final ArchRule providersNeverNameEachOther = QuireRules.PROVIDERS_NEVER_NAME_EACH_OTHER;

    @ArchTest
    static final ArchRule nothingOutsideLayoutUsesItsInternals = QuireRules.NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS;

    @ArchTest
    static final ArchRule nothingDependsOnTheCli = QuireRules.NOTHING_DEPENDS_ON_THE_CLI;

    /** The rules are only as good as the import: every module's classes must be in it, and no test class. */
    @ArchTest
    static void theImportHoldsEveryModuleAndNoTestClass(JavaClasses classes) {
        Set<String> packages = classes.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
        for (String expected : List.of("dev.quire.io.spi", "dev.quire.errors", "dev.quire.io.posix",
                "dev.quire.splits", "dev.quire.layout.spi", "dev.quire.layout.file", "dev.quire.layout.internal.format",
                "dev.quire.layout.internal.layouts", "dev.quire.testplugin.internal",
                "dev.quire.testplugin.internal.io", "dev.quire.cli")) {
            assertTrue(packages.contains(expected), "no classes of " + expected + " were imported: " + packages);
        }
        for (String name : List.of("dev.quire.io.posix.internal.PosixIoProvider", "dev.quire.splits.RowSplits",
                "dev.quire.layout.internal.format.FileContext", "dev.quire.testplugin.internal.SplitEveryLayout")) {
            assertTrue(classes.contain(name), name + " was not imported");
        }
        assertTrue(classes.size() > 100, "only " + classes.size() + " classes imported");
        assertTrue(packages.stream().noneMatch(p -> p.contains("archfixture") || p.equals("dev.quire.arch")),
                "test classes were imported: " + packages);
    }
}
