package dev.quire.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;

/**
 * The Quire modules on this module's test class path, found by their compiled {@code module-info.class} rather than by
 * a class of each, so that finding them does not depend on where classes live; and each module's main classes as
 * ArchUnit imports them.
 */
final class QuireModules {
    private QuireModules() {}

    /** Every module of the project that holds main code ({@code module-arch} and {@code module-compat} hold tests). */
    static final Set<String> EXPECTED = Set.of("dev.quire.base", "dev.quire.io.spi", "dev.quire.splits",
            "dev.quire.io.posix", "dev.quire.io.uring", "dev.quire.io.store", "dev.quire.io.s3", "dev.quire.layout",
            "dev.quire.encodings", "dev.quire.dictionary", "dev.quire.testplugin", "dev.quire.bench.runner", "dev.quire.cli",
            "dev.quire.bench");

    /** A descriptor is no class of a package; no rule is about it. */
    private static final ImportOption NO_MODULE_INFO = location -> !location.contains("/module-info.class");

    private static final Map<String, ModuleReference> FOUND = Collections.unmodifiableMap(find());
    private static final Map<String, JavaClasses> CLASSES = new ConcurrentHashMap<>();

    /** The Quire modules found, by name. */
    static Map<String, ModuleReference> found() {
        return FOUND;
    }

    /** The main classes of one module (its jar or class directory), and nothing else. */
    static JavaClasses mainClasses(String module) {
        return CLASSES.computeIfAbsent(module, name -> importLocations(List.of(location(FOUND.get(name)))));
    }

    /** The main classes of every module found, in one import. */
    static JavaClasses mainClasses() {
        return CLASSES.computeIfAbsent("", name -> importLocations(
                FOUND.values().stream().map(QuireModules::location).toList()));
    }

    private static Path location(ModuleReference ref) {
        return Path.of(ref.location().orElseThrow());
    }

    private static JavaClasses importLocations(List<Path> locations) {
        List<JarFile> jars = new ArrayList<>();
        try {
            List<Location> all = new ArrayList<>();
            for (Path location : locations) {
                if (Files.isDirectory(location)) {
                    all.add(Location.of(location));
                } else {
                    JarFile jar = new JarFile(location.toFile());
                    jars.add(jar);
                    all.add(Location.of(jar));
                }
            }
            return new ClassFileImporter().withImportOption(NO_MODULE_INFO).importLocations(all);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (JarFile jar : jars) {
                try {
                    jar.close();
                } catch (IOException ignored) {
                    // the classes are read already
                }
            }
        }
    }

    private static Map<String, ModuleReference> find() {
        Map<String, ModuleReference> modules = new TreeMap<>();
        try {
            Enumeration<URL> descriptors = QuireModules.class.getClassLoader().getResources("module-info.class");
            while (descriptors.hasMoreElements()) {
                URL url = descriptors.nextElement();
                String name;
                try (InputStream in = url.openStream()) {
                    name = ModuleDescriptor.read(in).name();
                }
                if (!name.startsWith("dev.quire.")) {
                    continue;
                }
                for (ModuleReference ref : ModuleFinder.of(root(url)).findAll()) {
                    ModuleReference previous = modules.put(ref.descriptor().name(), ref);
                    if (previous != null) {
                        throw new IllegalStateException(name + " is on the class path twice: " + previous.location()
                                + " and " + ref.location());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return modules;
    }

    /** The jar or class directory a {@code module-info.class} resource was found in. */
    private static Path root(URL descriptor) throws IOException {
        try {
            if (descriptor.getProtocol().equals("jar")) {
                return Path.of(((JarURLConnection) descriptor.openConnection()).getJarFileURL().toURI());
            }
            return Path.of(descriptor.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IOException(descriptor.toString(), e);
        }
    }
}
