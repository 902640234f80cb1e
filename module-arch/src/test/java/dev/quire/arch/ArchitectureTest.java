package dev.quire.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The rules of {@link QuireRules} over the main classes of every Quire module on this module's class path, read from
 * each module's jar or class directory (so test classes, the violating fixtures included, are never imported): the
 * rules between modules over all of them at once, the rules within a module over that module's classes alone.
 */
class ArchitectureTest {

    @TestFactory
    Stream<DynamicTest> rulesBetweenModules() {
        JavaClasses classes = QuireModules.mainClasses();
        return QuireRules.BETWEEN_MODULES.stream().map(rule -> DynamicTest.dynamicTest(rule.getDescription(),
                () -> rule.check(classes)));
    }

    @TestFactory
    Stream<DynamicTest> rulesWithinEachModule() {
        return QuireModules.found().keySet().stream().flatMap(module -> QuireRules.withinModule(module).stream()
                .map(rule -> DynamicTest.dynamicTest(module + ": " + rule.getDescription(), () -> {
                    EvaluationResult result = rule.evaluate(QuireModules.mainClasses(module));
                    assertFalse(result.hasViolation(), () -> module + ": " + result.getFailureReport());
                })));
    }

    /** The rules are only as good as the import: every module, all of its classes, no test class. */
    @Test
    void theImportHoldsEveryModuleAndNoTestClass() {
        assertEquals(new TreeSet<>(QuireModules.EXPECTED), new TreeSet<>(QuireModules.found().keySet()),
                "the Quire modules on the class path");
        JavaClasses all = QuireModules.mainClasses();
        for (String module : QuireModules.found().keySet()) {
            JavaClasses classes = QuireModules.mainClasses(module);
            Set<String> packages = packages(classes);
            Set<String> declared = QuireModules.found().get(module).descriptor().packages();
            assertTrue(declared.containsAll(packages), module + " holds classes outside its packages: " + packages);
            assertTrue(packages.containsAll(exportedAndProviderPackages(module)),
                    module + " has API or provider packages that were not imported: " + packages);
            for (JavaClass c : classes) {
                assertTrue(all.contain(c.getName()), c.getName() + " is missing from the import of every module");
            }
        }
        assertTrue(all.size() > 500, "only " + all.size() + " classes imported");
        assertFalse(all.stream().anyMatch(c -> c.getPackageName().contains("archfixture")
                || c.getPackageName().equals("dev.quire.arch") || c.getSimpleName().startsWith("ArchFixture")),
                "test classes were imported");
    }

    /** A layer rule allows empty layers (so it can judge one fixture class), so each package it names must exist. */
    @Test
    void everyLayeredPackageHasClasses() {
        QuireRules.LAYERS.forEach((module, layers) -> {
            Set<String> packages = packages(QuireModules.mainClasses(module));
            for (List<String> layer : layers) {
                for (String packageName : layer) {
                    assertTrue(packages.contains(packageName), module + " has no classes in " + packageName);
                }
            }
        });
    }

    private static Set<String> packages(JavaClasses classes) {
        return classes.stream().map(JavaClass::getPackageName).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> exportedAndProviderPackages(String module) {
        var descriptor = QuireModules.found().get(module).descriptor();
        Set<String> packages = new TreeSet<>();
        descriptor.exports().forEach(e -> packages.add(e.source()));
        descriptor.provides().forEach(p -> p.providers()
                .forEach(name -> packages.add(name.substring(0, name.lastIndexOf('.')))));
        return packages;
    }
}
