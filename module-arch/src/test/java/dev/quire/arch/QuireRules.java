package dev.quire.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The dependency rules of {@code ARCHITECTURE.md} as ArchUnit rules over packages. A module's packages are its JPMS
 * packages, so a package rule is a module rule. {@link #BETWEEN_MODULES} hold over the main classes of all modules at
 * once; {@link #withinModule} gives the rules that hold over one module's classes alone. Rules also name the uring and
 * tiered providers the architecture plans, which do not exist, so that they hold the moment those modules are added
 * here as test dependencies.
 */
final class QuireRules {
    private QuireRules() {}

    private static final String JDK = "java..";
    private static final String IO_SPI = "dev.quire.io.spi..";
    private static final String ERRORS = "dev.quire.errors..";
    private static final String CONFIG = "dev.quire.config..";
    private static final String PLUGIN = "dev.quire.plugin..";
    private static final String SPLITS = "dev.quire.splits..";
    private static final String LAYOUT = "dev.quire.layout..";
    private static final String LAYOUT_INTERNAL = "dev.quire.layout.internal..";
    private static final String CLI = "dev.quire.cli..";
    private static final String BENCH = "dev.quire.bench..";

    /** The root package of each I/O provider module's implementation, the test plugin's providers included. */
    static final List<String> PROVIDER_PACKAGES = List.of("dev.quire.io.posix", "dev.quire.io.uring",
            "dev.quire.io.tiered", "dev.quire.io.store.internal", "dev.quire.io.s3",
            "dev.quire.testplugin.internal.io");
    /** What posix exports to uring (and will to tiered) alone: its libc bindings. */
    static final String POSIX_SYSCALLS = "dev.quire.io.posix.sys";
    private static final List<String> MAY_USE_POSIX_SYSCALLS = List.of("dev.quire.io.uring", "dev.quire.io.tiered");

    // Rules between modules.

    static final ArchRule BASE_USES_ONLY_THE_JDK = classes()
            .that().resideInAnyPackage(ERRORS, CONFIG, PLUGIN)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, ERRORS, CONFIG, PLUGIN)
            .because("the base module is at the bottom: it depends on the JDK only");

    static final ArchRule IO_SPI_USES_ONLY_THE_JDK_AND_BASE = classes()
            .that().resideInAPackage(IO_SPI)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN)
            .because("io.spi depends on the JDK and the base module only");

    static final ArchRule SPLITS_USES_ONLY_THE_JDK_AND_ERRORS = classes()
            .that().resideInAPackage(SPLITS)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, SPLITS, ERRORS)
            .because("splits depends on the JDK and the base module's errors only");

    static final ArchRule POSIX_USES_ONLY_IO_SPI_AND_BASE = classes()
            .that().resideInAPackage("dev.quire.io.posix..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN,
                    "dev.quire.io.posix..")
            .because("the posix provider depends on io.spi and the base module io.spi brings, nothing else");

    static final ArchRule STORE_USES_ONLY_IO_SPI_AND_BASE = classes()
            .that().resideInAPackage("dev.quire.io.store..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN,
                    "dev.quire.io.store..")
            .because("the store layer is JDK only, on io.spi and base: no SDK reaches the core");

    static final ArchRule S3_USES_ONLY_THE_STORE_LAYER_AND_THE_AWS_SDK = classes()
            .that().resideInAPackage("dev.quire.io.s3..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN,
                    "dev.quire.io.store", "dev.quire.io.s3..", "software.amazon.awssdk..")
            .because("the s3 provider builds on the store layer's exported API and the AWS SDK, nothing else");

    static final ArchRule URING_USES_ONLY_IO_SPI_BASE_AND_POSIX_SYSCALLS = classes()
            .that().resideInAPackage("dev.quire.io.uring..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN, POSIX_SYSCALLS,
                    "dev.quire.io.uring..")
            .because("the uring provider depends on io.spi, the base module and posix's libc bindings, nothing else");

    static final ArchRule LAYOUT_USES_ONLY_ITS_DECLARED_DEPENDENCIES = classes()
            .that().resideInAPackage(LAYOUT)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN, SPLITS, LAYOUT,
                    "com.google.flatbuffers..", "net.jpountz..", "com.google.protobuf..")
            .because("layout may depend on base, io.spi, splits, flatbuffers, lz4 and protobuf");

    static final ArchRule LAYOUT_NEVER_NAMES_A_PROVIDER = noClasses()
            .that().resideInAPackage(LAYOUT)
            .should().dependOnClassesThat().resideInAnyPackage(
                    PROVIDER_PACKAGES.stream().map(p -> p + "..").toArray(String[]::new))
            .because("layout reaches bytes only through io.spi");

    static final ArchRule LAYOUT_KNOWS_NO_PLUGIN = noClasses()
            .that().resideInAPackage(LAYOUT)
            .should().dependOnClassesThat().resideInAnyPackage("dev.quire.dictionary..", "dev.quire.encodings..",
                    "dev.quire.testplugin..")
            .because("layout finds encodings and layouts in its context, never by name");

    /** What plugins may depend on: the JDK, the exported packages of the modules below them, each other, protobuf. */
    private static final String[] PLUGIN_DEPENDENCIES = {JDK, IO_SPI, ERRORS, "dev.quire.splits",
        "dev.quire.layout.array..", "dev.quire.layout.dtype..", "dev.quire.layout.file..", "dev.quire.layout.format..",
        "dev.quire.layout.expr..", "dev.quire.layout.scan..", "dev.quire.layout.spi..",
        "dev.quire.testplugin..", "dev.quire.dictionary..", "dev.quire.encodings..",
        // Array metadata is protobuf on the wire: plugins parse theirs as the core does.
        "com.google.protobuf.."};

    static final ArchRule PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES = classes()
            .that().resideInAnyPackage("dev.quire.testplugin..", "dev.quire.encodings..", "dev.quire.dictionary..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(PLUGIN_DEPENDENCIES)
            .because("a plugin is built as a third party would build it: from layout's exported SPI packages");

    static final ArchRule PROVIDERS_NEVER_NAME_EACH_OTHER = classes()
            .that().resideInAnyPackage(PROVIDER_PACKAGES.stream().map(p -> p + "..").toArray(String[]::new))
            .should(notNameAnotherProvider())
            .because("providers never name each other, except uring and tiered using posix's libc bindings");

    static final ArchRule NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS = noClasses()
            .that().resideOutsideOfPackage(LAYOUT)
            .should().dependOnClassesThat().resideInAPackage(LAYOUT_INTERNAL)
            .because("layout's internal packages are not API, and layout exports none of them");

    static final ArchRule NOTHING_DEPENDS_ON_THE_CLI = noClasses()
            .that().resideOutsideOfPackages(CLI, BENCH)
            .should().dependOnClassesThat().resideInAPackage(CLI)
            .because("the CLI sits on top: it may depend on everything, nothing depends on it");

    static final ArchRule THE_CLI_NAMES_NO_STORE_MODULE = noClasses()
            .that().resideInAPackage(CLI)
            .should().dependOnClassesThat().resideInAnyPackage("dev.quire.io.s3..", "software.amazon.awssdk..")
            .because("the CLI reads and writes stores through the I/O providers of its context, found by URI: the s3"
                    + " module and its SDK are a plugin on the module path, never a compile-time dependency");

    /** The rules over the main classes of every module at once. */
    static final List<ArchRule> BETWEEN_MODULES = List.of(BASE_USES_ONLY_THE_JDK, IO_SPI_USES_ONLY_THE_JDK_AND_BASE,
            SPLITS_USES_ONLY_THE_JDK_AND_ERRORS, POSIX_USES_ONLY_IO_SPI_AND_BASE, STORE_USES_ONLY_IO_SPI_AND_BASE,
            S3_USES_ONLY_THE_STORE_LAYER_AND_THE_AWS_SDK,
            URING_USES_ONLY_IO_SPI_BASE_AND_POSIX_SYSCALLS,
            LAYOUT_USES_ONLY_ITS_DECLARED_DEPENDENCIES, LAYOUT_NEVER_NAMES_A_PROVIDER, LAYOUT_KNOWS_NO_PLUGIN,
            PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES, PROVIDERS_NEVER_NAME_EACH_OTHER,
            NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS, NOTHING_DEPENDS_ON_THE_CLI, THE_CLI_NAMES_NO_STORE_MODULE);

    // Rules within one module.

    /**
     * Each package is a slice of its own, a subpackage included: a package and its parent that use each other are a
     * cycle. Classes outside the project are in no slice.
     */
    private static final SliceAssignment ONE_SLICE_PER_PACKAGE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String packageName = javaClass.getPackageName();
            return packageName.startsWith("dev.quire.") ? SliceIdentifier.of(packageName) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "one slice per package";
        }
    };

    static final ArchRule NO_PACKAGE_CYCLES = slices().assignedFrom(ONE_SLICE_PER_PACKAGE)
            .should().beFreeOfCycles()
            .because("packages that use each other are one unit in two names: neither can be read, tested or"
                    + " replaced alone, and no layer order can hold them");

    /** The layers of module-layout's packages, lowest first; a package may use its own layer and those below. */
    static final List<List<String>> LAYOUT_LAYERS = List.of(
            List.of("dev.quire.layout.dtype", "dev.quire.layout.internal.proto", "dev.quire.layout.internal.fb"),
            List.of("dev.quire.layout.array"),
            List.of("dev.quire.layout.format"),
            List.of("dev.quire.layout.expr"),
            List.of("dev.quire.layout.spi"),
            List.of("dev.quire.layout.internal.zones", "dev.quire.layout.internal.encodings",
                    "dev.quire.layout.internal.layouts"),
            List.of("dev.quire.layout.internal.format"),
            List.of("dev.quire.layout"),
            List.of("dev.quire.layout.scan"),
            List.of("dev.quire.layout.file"));

    /**
     * The layers of module-encodings' packages, lowest first: the generated metadata (and the root package, which
     * holds only the module's documentation), the shared helpers, the encoding families, and the compressor, which
     * lists the families' schemes.
     */
    static final List<List<String>> ENCODINGS_LAYERS = List.of(
            List.of("dev.quire.encodings", "dev.quire.encodings.internal.proto"),
            List.of("dev.quire.encodings.internal"),
            List.of("dev.quire.encodings.internal.fastlanes", "dev.quire.encodings.internal.runs",
                    "dev.quire.encodings.internal.alp", "dev.quire.encodings.internal.strings",
                    "dev.quire.encodings.internal.logical"),
            List.of("dev.quire.encodings.internal.compress"));

    /**
     * The layers of module-io-uring's packages, lowest first: the settings and the ring's system calls, the provider
     * and its readers, and the readers opened directly.
     */
    static final List<List<String>> URING_LAYERS = List.of(
            List.of("dev.quire.io.uring", "dev.quire.io.uring.sys"),
            List.of("dev.quire.io.uring.internal"),
            List.of("dev.quire.io.uring.direct"));

    static final ArchRule LAYOUT_PACKAGES_KEEP_THEIR_LAYERS = packageLayers(LAYOUT_LAYERS)
            .because("each layer of layout is usable and testable with only the layers below it, and the order is"
                    + " the one ARCHITECTURE.md documents");

    static final ArchRule ENCODINGS_PACKAGES_KEEP_THEIR_LAYERS = packageLayers(ENCODINGS_LAYERS)
            .because("an encoding knows nothing of compression, and the families share only the helpers below them");

    static final ArchRule URING_PACKAGES_KEEP_THEIR_LAYERS = packageLayers(URING_LAYERS)
            .because("the ring's system calls know nothing of readers, and the API names no implementation");

    /** The layers of each module that has an order beyond having no cycles. */
    static final Map<String, List<List<String>>> LAYERS = Map.of("dev.quire.layout", LAYOUT_LAYERS,
            "dev.quire.encodings", ENCODINGS_LAYERS, "dev.quire.io.uring", URING_LAYERS);

    /** The rules over one module's main classes alone: no package cycles, and its layers if it has some. */
    static List<ArchRule> withinModule(String module) {
        return switch (module) {
            case "dev.quire.layout" -> List.of(NO_PACKAGE_CYCLES, LAYOUT_PACKAGES_KEEP_THEIR_LAYERS);
            case "dev.quire.encodings" -> List.of(NO_PACKAGE_CYCLES, ENCODINGS_PACKAGES_KEEP_THEIR_LAYERS);
            case "dev.quire.io.uring" -> List.of(NO_PACKAGE_CYCLES, URING_PACKAGES_KEEP_THEIR_LAYERS);
            default -> List.of(NO_PACKAGE_CYCLES);
        };
    }

    /** Every rule, between and within modules. */
    static final List<ArchRule> ALL = Stream.concat(BETWEEN_MODULES.stream(), Stream.of(NO_PACKAGE_CYCLES,
            LAYOUT_PACKAGES_KEEP_THEIR_LAYERS, ENCODINGS_PACKAGES_KEEP_THEIR_LAYERS, URING_PACKAGES_KEEP_THEIR_LAYERS))
            .toList();

    /**
     * Packages in layers, lowest first, named by number from 1: a class may use classes of its own layer and of the
     * layers below. Every class imported must be in a layer, so a new package has to be given its place. A layer with
     * no classes is allowed (the rule is also applied to single fixture classes); {@code ArchitectureTest} checks that
     * every package named has classes.
     */
    static LayeredArchitecture packageLayers(List<List<String>> layersLowestFirst) {
        List<String> names = IntStream.rangeClosed(1, layersLowestFirst.size()).mapToObj(String::valueOf).toList();
        LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture()
                .withOptionalLayers(true);
        for (int i = 0; i < names.size(); i++) {
            rule = rule.layer(names.get(i)).definedBy(layersLowestFirst.get(i).toArray(String[]::new));
        }
        rule = rule.whereLayer(names.getFirst()).mayNotAccessAnyLayer();
        for (int i = 1; i < names.size(); i++) {
            rule = rule.whereLayer(names.get(i)).mayOnlyAccessLayers(names.subList(0, i).toArray(String[]::new));
        }
        return rule;
    }

    /** The provider module a package belongs to, by the longest matching root package. */
    static Optional<String> providerOf(String packageName) {
        return PROVIDER_PACKAGES.stream()
                .filter(p -> inPackage(packageName, p))
                .max((a, b) -> Integer.compare(a.length(), b.length()));
    }

    private static boolean inPackage(String packageName, String root) {
        return packageName.equals(root) || packageName.startsWith(root + ".");
    }

    private static ArchCondition<JavaClass> notNameAnotherProvider() {
        return new ArchCondition<>("not name another provider module") {
            @Override
            public void check(JavaClass item, ConditionEvents events) {
                String own = providerOf(item.getPackageName()).orElseThrow();
                for (Dependency dependency : item.getDirectDependenciesFromSelf()) {
                    String target = dependency.getTargetClass().getPackageName();
                    Optional<String> other = providerOf(target).filter(p -> !p.equals(own));
                    boolean allowed = MAY_USE_POSIX_SYSCALLS.contains(own) && inPackage(target, POSIX_SYSCALLS);
                    if (other.isPresent() && !allowed) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }
}
