package dev.quire.bench.runner.protocol;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The command line of a child JVM, derived from this process so that it runs the same code the same way: the same
 * {@code java}; the runner's module by name ({@code -m dev.quire.bench.runner/...}, with this process's module path
 * when there is one, as in tests; none in the jlink image, whose modules are linked in) or, when the runner is on the
 * class path (the {@code bench} module's shaded jar), the same class path and main class; and the JVM flags that
 * change what the code can do or how fast it runs.
 */
final class JvmCommand {
    /** Flags passed on as given (they arrive as {@code --name=value}), and prefixes of single-token ones. */
    private static final List<String> PASSED_OPTIONS = List.of("--add-opens", "--add-exports", "--add-reads",
            "--add-modules", "--patch-module", "--limit-modules", "--upgrade-module-path", "--enable-native-access",
            "--illegal-native-access", "--sun-misc-unsafe-memory-access", "--enable-preview");
    private static final List<String> PASSED_PREFIXES = List.of("-Xmx", "-Xms", "-Xss", "-XX:", "-D");
    /** System properties the launcher sets itself from the command line; a copy would contradict the new one. */
    private static final List<String> LAUNCHER_PROPERTIES = List.of("-Djava.class.path=", "-Djdk.module.",
            "-Dsun.java.command=", "-Dsun.java.launcher", "-Djava.home=");

    /**
     * Flags that make a JVM write an AOT cache or its configuration (a training run): a child given them would write
     * the same files as its parent, so they stay with the parent. A cache being used ({@code -XX:AOTCache=}) is passed
     * on, so the children start as fast as the parent.
     */
    private static final List<String> TRAINING_FLAGS = List.of("-XX:AOTCacheOutput=", "-XX:AOTConfiguration=",
            "-XX:AOTMode=");

    private JvmCommand() {}

    /** The command that runs {@code mainClass} of the runner's module with {@code args} in a new JVM like this one. */
    static List<String> forChild(Class<?> mainClass, List<String> args) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Module module = mainClass.getModule();
        List<String> resolved = ModuleLayer.boot().modules().stream().map(Module::getName)
                .filter(n -> !n.startsWith("java.") && !n.startsWith("jdk.") && !n.equals(module.getName()))
                .sorted().toList();
        return build(java, ManagementFactory.getRuntimeMXBean().getInputArguments(),
                module.isNamed() ? Optional.of(module.getName()) : Optional.empty(), resolved,
                Optional.ofNullable(System.getProperty("jdk.module.path")), System.getProperty("java.class.path", ""),
                mainClass.getName(), args);
    }

    /**
     * The command line.
     *
     * @param otherModules the application modules this JVM resolved besides the runner's; the child resolves them
     *     too, so that flags naming them ({@code --enable-native-access=dev.quire.cli,...}, baked into the jlink
     *     image's launcher) name modules the child knows, and it finds the same engines
     */
    static List<String> build(String java, List<String> inputArguments, Optional<String> moduleName,
            List<String> otherModules, Optional<String> modulePath, String classPath, String mainClass,
            List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(passedOn(inputArguments));
        if (moduleName.isPresent()) {
            modulePath.filter(p -> !p.isEmpty()).ifPresent(p -> command.addAll(List.of("--module-path", p)));
            if (!otherModules.isEmpty()) {
                command.add("--add-modules=" + String.join(",", otherModules));
            }
            // A class path beside the module path (JUnit's, in tests) is harmless and keeps unnamed readers working.
            if (!classPath.isEmpty() && modulePath.isPresent()) {
                command.addAll(List.of("-cp", classPath));
            }
            command.addAll(List.of("-m", moduleName.get() + "/" + mainClass));
        } else {
            command.addAll(List.of("-cp", classPath, mainClass));
        }
        command.addAll(args);
        return command;
    }

    /** The flags of {@code inputArguments} a child needs; debugger agents, class paths and the like are left out. */
    static List<String> passedOn(List<String> inputArguments) {
        List<String> kept = new ArrayList<>();
        for (String a : inputArguments) {
            boolean option = PASSED_OPTIONS.stream().anyMatch(o -> a.equals(o) || a.startsWith(o + "="));
            boolean prefixed = PASSED_PREFIXES.stream().anyMatch(a::startsWith)
                    && LAUNCHER_PROPERTIES.stream().noneMatch(a::startsWith)
                    && TRAINING_FLAGS.stream().noneMatch(a::startsWith);
            if (option || prefixed) {
                kept.add(a);
            }
        }
        return kept;
    }
}
