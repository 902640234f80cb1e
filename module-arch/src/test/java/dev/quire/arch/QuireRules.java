package dev.quire.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Optional;

/**
 * The dependency rules of {@code ARCHITECTURE.md} as ArchUnit rules over packages. A module's packages are its JPMS
 * packages, so a package rule is a module rule. {@link #BETWEEN_MODULES} hold over the main classes of all modules at
 * once. Rules also name the uring and tiered providers the architecture plans, which do not exist, so that they hold
 * the moment those modules are added here as test dependencies.
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
            "dev.quire.io.tiered", "dev.quire.testplugin.internal.io");
    /** What posix will export to uring and tiered alone: its libc bindings. */
    static final String POSIX_SYSCALLS = "dev.quire.io.posix.sys";
    private static final List<String> MAY_USE_POSIX_SYSCALLS = List.of("dev.quire.io.uring", "dev.quire.io.tiered");

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

    /** The rules over the main classes of every module at once. */
    static final List<ArchRule> BETWEEN_MODULES = List.of(BASE_USES_ONLY_THE_JDK, IO_SPI_USES_ONLY_THE_JDK_AND_BASE,
            SPLITS_USES_ONLY_THE_JDK_AND_ERRORS, POSIX_USES_ONLY_IO_SPI_AND_BASE,
            LAYOUT_USES_ONLY_ITS_DECLARED_DEPENDENCIES, LAYOUT_NEVER_NAMES_A_PROVIDER, LAYOUT_KNOWS_NO_PLUGIN,
            PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES, PROVIDERS_NEVER_NAME_EACH_OTHER,
            NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS, NOTHING_DEPENDS_ON_THE_CLI);

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
