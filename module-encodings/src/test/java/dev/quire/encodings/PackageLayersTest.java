package dev.quire.encodings;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.alp.AlpEncoding;
import dev.quire.encodings.internal.compress.Compressor;
import dev.quire.encodings.internal.fastlanes.BitPackedEncoding;
import dev.quire.encodings.internal.logical.MaskedEncoding;
import dev.quire.encodings.internal.runs.RunEndEncoding;
import dev.quire.encodings.internal.strings.FsstEncoding;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The module's packages form layers: the shared helpers and the generated metadata at the bottom, the encodings of
 * each family above them, the compressor and its schemes on top. Read from the compiled main classes (tests left out,
 * since test helpers may reach across layers).
 */
class PackageLayersTest {
    private static final String SHARED = "dev.quire.encodings.internal";
    private static final String PROTO = "dev.quire.encodings.internal.proto";
    private static final String[] FAMILIES = {"dev.quire.encodings.internal.fastlanes",
        "dev.quire.encodings.internal.runs", "dev.quire.encodings.internal.alp", "dev.quire.encodings.internal.strings",
        "dev.quire.encodings.internal.logical"};
    private static final String COMPRESS = "dev.quire.encodings.internal.compress";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.quire.encodings");

    @Test
    void theRulesSeeTheWholeModule() {
        // Guards the rules below against passing on an empty or partial import.
        assertTrue(CLASSES.size() > 100, "imported " + CLASSES.size() + " classes");
        for (Class<?> c : List.of(Ints.class, BitPackedEncoding.class, RunEndEncoding.class, AlpEncoding.class,
                FsstEncoding.class, MaskedEncoding.class, Compressor.class)) {
            assertTrue(CLASSES.contain(c), c + " imported");
        }
        assertTrue(CLASSES.stream().anyMatch(c -> c.getPackageName().equals(PROTO)), "generated metadata imported");
        assertTrue(CLASSES.stream().noneMatch(c -> c.getSimpleName().endsWith("Test")), "no tests imported");
    }

    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("dev.quire.encodings.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void encodingsKnowNothingOfCompression() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("shared").definedBy(SHARED, PROTO)
                .layer("encodings").definedBy(FAMILIES)
                .layer("compress").definedBy(COMPRESS)
                .whereLayer("compress").mayNotBeAccessedByAnyLayer()
                .whereLayer("encodings").mayOnlyBeAccessedByLayers("compress")
                .whereLayer("shared").mayOnlyBeAccessedByLayers("encodings", "compress")
                .check(CLASSES);
    }
}
