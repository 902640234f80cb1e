package dev.quire.arch;

import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The module rules as JPMS sees them, in compiled descriptors: what each module requires and exports, and where its
 * providers live. Each check takes a descriptor and returns its violations, one sentence each, so the same code checks
 * the real modules and the synthetic descriptors that prove a check can fail.
 */
final class DescriptorRules {
    private DescriptorRules() {}

    /**
     * What each module may require besides {@code java.base}: the modules below it in {@code ARCHITECTURE.md} and
     * the libraries it names there.
     */
    static final Map<String, Set<String>> REQUIRES = Map.ofEntries(
            Map.entry("dev.quire.base", Set.of()),
            Map.entry("dev.quire.io.spi", Set.of("dev.quire.base")),
            Map.entry("dev.quire.splits", Set.of("dev.quire.base")),
            Map.entry("dev.quire.io.posix", Set.of("dev.quire.io.spi")),
            Map.entry("dev.quire.io.store", Set.of("dev.quire.io.spi", "java.net.http")),
            Map.entry("dev.quire.io.s3", Set.of("dev.quire.io.store", "software.amazon.awssdk.services.s3",
                    "software.amazon.awssdk.core", "software.amazon.awssdk.awscore", "software.amazon.awssdk.auth",
                    "software.amazon.awssdk.regions", "software.amazon.awssdk.http",
                    "software.amazon.awssdk.http.apache5", "software.amazon.awssdk.http.urlconnection",
                    "software.amazon.awssdk.identity.spi")),
            Map.entry("dev.quire.io.uring", Set.of("dev.quire.io.spi", "dev.quire.io.posix")),
            Map.entry("dev.quire.layout", Set.of("dev.quire.base", "dev.quire.io.spi", "dev.quire.splits",
                    "flatbuffers.java", "org.lz4.java", "com.google.protobuf")),
            Map.entry("dev.quire.encodings", Set.of("dev.quire.layout", "com.google.protobuf")),
            Map.entry("dev.quire.dictionary", Set.of("dev.quire.layout", "com.google.protobuf")),
            Map.entry("dev.quire.testplugin", Set.of("dev.quire.layout")));

    /**
     * The applications on top, which may require anything; the runner and the benchmarks export what their users
     * name, the CLI nothing.
     */
    static final Set<String> ON_TOP = Set.of("dev.quire.bench.runner", "dev.quire.cli", "dev.quire.bench");

    /**
     * What each module exports, to everyone or to named modules: its API and SPI packages. Plugins export nothing,
     * since they are found through {@link java.util.ServiceLoader}; layout exports none of its internal packages;
     * nothing uses the CLI.
     */
    static final Map<String, Set<String>> EXPORTS = Map.ofEntries(
            Map.entry("dev.quire.base", Set.of("dev.quire.errors", "dev.quire.config", "dev.quire.plugin")),
            Map.entry("dev.quire.io.spi", Set.of("dev.quire.io.spi")),
            Map.entry("dev.quire.splits", Set.of("dev.quire.splits", "dev.quire.splits.internal")),
            Map.entry("dev.quire.io.posix", Set.of("dev.quire.io.posix", "dev.quire.io.posix.direct",
                    "dev.quire.io.posix.sys")),
            Map.entry("dev.quire.io.uring", Set.of("dev.quire.io.uring", "dev.quire.io.uring.direct")),
            Map.entry("dev.quire.io.store", Set.of("dev.quire.io.store")),
            Map.entry("dev.quire.io.s3", Set.of("dev.quire.io.s3", "dev.quire.io.s3.direct")),
            Map.entry("dev.quire.layout", Set.of("dev.quire.layout", "dev.quire.layout.array",
                    "dev.quire.layout.dtype", "dev.quire.layout.expr", "dev.quire.layout.file",
                    "dev.quire.layout.format",
                    "dev.quire.layout.scan", "dev.quire.layout.spi")),
            Map.entry("dev.quire.encodings", Set.of()),
            Map.entry("dev.quire.dictionary", Set.of()),
            Map.entry("dev.quire.testplugin", Set.of()),
            Map.entry("dev.quire.cli", Set.of()));

    /**
     * The CLI requires no store module built on another library, nor that library: it finds the {@code s3} provider as a
     * service and reaches its stores through {@code io.spi}, so the module is on its path but not in its descriptor.
     */
    static List<String> theCliRequiresNoStoreModule(ModuleDescriptor module) {
        if (!module.name().equals("dev.quire.cli")) {
            return List.of();
        }
        List<String> violations = new ArrayList<>();
        for (ModuleDescriptor.Requires requires : module.requires()) {
            if (requires.name().equals("dev.quire.io.s3") || requires.name().startsWith("software.amazon.awssdk")) {
                violations.add("dev.quire.cli requires " + requires.name() + "; it finds store providers as services");
            }
        }
        return violations;
    }

    /** The module requires only what the architecture allows it. */
    static List<String> requiresOnlyWhatTheArchitectureAllows(ModuleDescriptor module) {
        String name = module.name();
        if (ON_TOP.contains(name)) {
            return List.of();
        }
        Set<String> allowed = REQUIRES.get(name);
        if (allowed == null) {
            return List.of(name + " is not a module the architecture knows");
        }
        List<String> violations = new ArrayList<>();
        for (ModuleDescriptor.Requires requires : module.requires()) {
            if (!requires.name().equals("java.base") && !allowed.contains(requires.name())) {
                violations.add(name + " requires " + requires.name() + "; it may require only "
                        + new TreeSet<>(allowed));
            }
        }
        return violations;
    }

    /** The module exports its API and SPI packages, no more and no fewer. */
    static List<String> exportsOnlyItsApi(ModuleDescriptor module) {
        String name = module.name();
        Set<String> expected = EXPORTS.get(name);
        if (expected == null) {
            return ON_TOP.contains(name) ? List.of() : List.of(name + " is not a module the architecture knows");
        }
        Set<String> exported = new TreeSet<>();
        module.exports().forEach(e -> exported.add(e.source()));
        List<String> violations = new ArrayList<>();
        for (String source : exported) {
            if (!expected.contains(source)) {
                violations.add(name + " exports " + source + ", which is not its API");
            }
        }
        for (String source : new TreeSet<>(expected)) {
            if (!exported.contains(source)) {
                violations.add(name + " does not export its API package " + source);
            }
        }
        return violations;
    }

    /**
     * Every provider class lives in a package the module does not export, to anyone: {@code provides} needs no export,
     * and an exported provider is API that callers could name instead of finding it through the service.
     */
    static List<String> providersLiveInPackagesItDoesNotExport(ModuleDescriptor module) {
        Set<String> exported = new TreeSet<>();
        module.exports().forEach(e -> exported.add(e.source()));
        List<String> violations = new ArrayList<>();
        for (ModuleDescriptor.Provides provides : module.provides()) {
            for (String provider : provides.providers()) {
                String packageName = provider.substring(0, provider.lastIndexOf('.'));
                if (exported.contains(packageName)) {
                    violations.add(module.name() + " provides " + provides.service() + " with " + provider
                            + " from the exported package " + packageName);
                }
            }
        }
        return violations;
    }

    /** No {@code internal} or {@code sys} package is exported to everyone; one may be exported to named modules. */
    static List<String> internalPackagesAreNeverExportedToEveryone(ModuleDescriptor module) {
        List<String> violations = new ArrayList<>();
        for (ModuleDescriptor.Exports export : module.exports()) {
            if (isInternal(export.source()) && !export.isQualified()) {
                violations.add(module.name() + " exports " + export.source() + " to everyone");
            }
        }
        return violations;
    }

    /** A qualified export names only modules of this project: an internal package never leaves it. */
    static List<String> qualifiedExportsNameOnlyQuireModules(ModuleDescriptor module) {
        List<String> violations = new ArrayList<>();
        for (ModuleDescriptor.Exports export : module.exports()) {
            for (String target : export.targets()) {
                if (!target.startsWith("dev.quire.")) {
                    violations.add(module.name() + " exports " + export.source() + " to " + target
                            + ", which is not a Quire module");
                }
            }
        }
        return violations;
    }

    /**
     * Every {@code provides} has its {@code META-INF/services} file, listing the same classes in the same order, so
     * the module's services are found on the class path too.
     *
     * @param resources the text of a resource of the module by name, if it has one
     */
    static List<String> everyProvidedServiceHasItsServiceFile(ModuleDescriptor module,
            Function<String, Optional<String>> resources) {
        List<String> violations = new ArrayList<>();
        for (ModuleDescriptor.Provides provides : module.provides()) {
            String resource = "META-INF/services/" + provides.service();
            Optional<String> text = resources.apply(resource);
            if (text.isEmpty()) {
                violations.add(module.name() + " provides " + provides.service() + " but has no " + resource);
                continue;
            }
            List<String> listed = text.get().lines().map(l -> l.replaceAll("#.*", "").strip())
                    .filter(l -> !l.isEmpty()).toList();
            if (!listed.equals(provides.providers())) {
                violations.add(module.name() + " provides " + provides.service() + " with " + provides.providers()
                        + " but " + resource + " lists " + listed);
            }
        }
        return violations;
    }

    private static boolean isInternal(String packageName) {
        List<String> segments = List.of(packageName.split("\\."));
        return segments.contains("internal") || segments.contains("sys");
    }
}
