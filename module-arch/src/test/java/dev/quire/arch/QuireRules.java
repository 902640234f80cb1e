package dev.quire.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The dependency rules of {@code shared/docs/architecture.md}, as ArchUnit rules over packages. A module's packages
 * are its JPMS packages, so a package rule is a module rule. Rules also name the uring and tiered providers the
 * architecture plans, which do not exist, so that they hold the moment those modules are added here as test
 * dependencies.
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
    private static final String DICTIONARY = "dev.quire.dictionary..";
    /**
     * What layout exports to the dictionary alone: factories of canonical arrays that skip the public constructors'
     * checks (the dictionary's gather copies views it checked already).
     */
    static final String LAYOUT_TRUSTED_ARRAYS = "dev.quire.layout.internal.array";
    private static final String BENCH = "dev.quire.bench..";

    /** The root package of each I/O provider module, the test plugin's providers included. */
    static final List<String> PROVIDER_PACKAGES = List.of("dev.quire.io.posix", "dev.quire.io.uring",
            "dev.quire.io.tiered", "dev.quire.testplugin.internal.io");
    /** What posix exports to uring and tiered alone: its libc bindings. */
    static final String POSIX_SYSCALLS = "dev.quire.io.posix.sys";
    private static final List<String> MAY_USE_POSIX_SYSCALLS = List.of("dev.quire.io.uring", "dev.quire.io.tiered");

    static final ArchRule IO_SPI_USES_ONLY_THE_JDK = classes()
            .that().resideInAnyPackage(IO_SPI, ERRORS)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, PLUGIN)
            .because("io.spi depends on the JDK and the base module only");

    static final ArchRule SPLITS_USES_ONLY_THE_JDK = classes()
            .that().resideInAPackage(SPLITS)
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, SPLITS, ERRORS)
            .because("splits depends on the JDK and the base module's errors only");

    static final ArchRule POSIX_USES_ONLY_IO_SPI = classes()
            .that().resideInAPackage("dev.quire.io.posix..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(JDK, IO_SPI, ERRORS, CONFIG, "dev.quire.io.posix..")
            .because("the posix provider may depend on io.spi only");

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
            .because("layout finds encodings and layouts through ServiceLoader, never by name");

    /** What plugins may depend on: the JDK, layout's exported packages, each other, and protobuf. */
    private static final String[] PLUGIN_DEPENDENCIES = {JDK, IO_SPI, ERRORS, SPLITS,
        "dev.quire.layout.array..", "dev.quire.layout.dtype..", "dev.quire.layout.file..", "dev.quire.layout.format..",
        "dev.quire.layout.expr..", "dev.quire.layout.scan..", "dev.quire.layout.spi..",
        "dev.quire.testplugin..", "dev.quire.dictionary..", "dev.quire.encodings..",
        // Array metadata is protobuf on the wire: plugins parse theirs as the core does.
        "com.google.protobuf.."};

    static final ArchRule PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES = CompositeArchRule
            .of(classes()
                    .that().resideInAnyPackage("dev.quire.testplugin..", "dev.quire.encodings..")
                    .should().onlyDependOnClassesThat().resideInAnyPackage(PLUGIN_DEPENDENCIES)
                    .allowEmptyShould(true))
            .and(classes()
                    .that().resideInAPackage(DICTIONARY)
                    .should().onlyDependOnClassesThat().resideInAnyPackage(
                            Stream.concat(Stream.of(PLUGIN_DEPENDENCIES), Stream.of(LAYOUT_TRUSTED_ARRAYS))
                                    .toArray(String[]::new))
                    .allowEmptyShould(true))
            .because("plugins reach layout only through its exported SPI packages (and the dictionary through the"
                    + " trusted array factories layout exports to it alone)");

    static final ArchRule PROVIDERS_NEVER_NAME_EACH_OTHER = classes()
            .that().resideInAnyPackage(PROVIDER_PACKAGES.stream().map(p -> p + "..").toArray(String[]::new))
            .should(notNameAnotherProvider())
            .because("providers never name each other, except uring and tiered using posix's libc bindings");

    static final ArchRule NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS = CompositeArchRule
            .of(noClasses()
                    .that().resideOutsideOfPackages(LAYOUT, DICTIONARY)
                    .should().dependOnClassesThat().resideInAPackage(LAYOUT_INTERNAL)
                    .allowEmptyShould(true))
            .and(noClasses()
                    .that().resideInAPackage(DICTIONARY)
                    .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage(LAYOUT_INTERNAL)
                            .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage(
                                    LAYOUT_TRUSTED_ARRAYS))))
                    .allowEmptyShould(true))
            .because("layout's internal packages are not API (only its trusted array factories are exported, to"
                    + " the dictionary alone)");

    static final ArchRule NOTHING_DEPENDS_ON_THE_CLI = noClasses()
            .that().resideOutsideOfPackages(CLI, BENCH)
            .should().dependOnClassesThat().resideInAPackage(CLI)
            .because("the CLI sits on top: it may depend on everything, nothing depends on it");

    static final List<ArchRule> ALL = List.of(IO_SPI_USES_ONLY_THE_JDK, SPLITS_USES_ONLY_THE_JDK,
            POSIX_USES_ONLY_IO_SPI, LAYOUT_USES_ONLY_ITS_DECLARED_DEPENDENCIES, LAYOUT_NEVER_NAMES_A_PROVIDER,
            LAYOUT_KNOWS_NO_PLUGIN, PLUGINS_USE_ONLY_EXPORTED_LAYOUT_PACKAGES, PROVIDERS_NEVER_NAME_EACH_OTHER,
            NOTHING_OUTSIDE_LAYOUT_USES_ITS_INTERNALS, NOTHING_DEPENDS_ON_THE_CLI);

    /** The provider module a package belongs to, by the longest matching root package. */
    static Optional<String> providerOf(String packageName) {
        return PROVIDER_PACKAGES.stream()
                .filter(p -> packageName.equals(p) || packageName.startsWith(p + "."))
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
