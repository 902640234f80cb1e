package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.Engines;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Table;
import dev.quire.errors.QuireException;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.spi.Layout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Quire reading the reference's lineitem file: the file is the {@code vortex-jni} engine's (written with the
 * reference's default, compressed, encodings), and the reading is done by the engine named {@code quire}, found
 * through {@link java.util.ServiceLoader}, which reads any Vortex file.
 *
 * <p>Quire decodes an encoding only when a module on the path provides it. Before reading, this engine
 * collects the array encodings and layouts the file's columns use ({@link #missingEncodings}) and compares them with
 * those Quire has on the path; when some are missing, {@link #open} fails with an
 * {@link UnsupportedFeatureException} naming them, never with wrong data.
 * {@link #unavailableReason()} finds the same thing up front from a small probe file (lineitem at scale factor
 * 0.001 written by the reference into a temporary directory), so the runner skips the engine with that reason.
 */
public final class QuireRefFileEngine implements Engine {
    /** The engine's name on the command line and in reports. */
    public static final String NAME = "quire-ref-file";

    /** The name of the engine that reads the file. */
    public static final String READER = "quire";

    private static final double PROBE_SCALE_FACTOR = 0.001;
    private static final String FLAT = "vortex.flat";

    private final VortexJniEngine reference = new VortexJniEngine();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Probe.REASON;
    }

    /** True: the file is read by Quire's engine, through the I/O provider {@code --io} chooses. */
    @Override
    public boolean readsThroughIoProviders() {
        return true;
    }

    @Override
    public String writerVersion() {
        return reference.writerVersion();
    }

    /** The reference's file, prepared by the {@code vortex-jni} engine. */
    @Override
    public Path prepare(Dataset dataset) throws IOException {
        return reference.prepare(dataset);
    }

    @Override
    public Table open(Path file, EngineOptions options) throws IOException {
        List<String> missing = missingEncodings(file);
        if (!missing.isEmpty()) {
            throw new UnsupportedFeatureException(unreadable(file, missing));
        }
        Engine quire = reader().orElseThrow(() -> new UnsupportedFeatureException(noReader()));
        return quire.open(file, options);
    }

    /**
     * The array encodings and layouts that {@code file}'s columns use and no module on the path provides, sorted;
     * empty when Quire can read every column of the file. The layout tree is walked from the footer and every flat
     * layout's array tree is read (its flatbuffer, not its values), because the footer's lists name every encoding
     * the writer knew, not only those it used. The answer is kept per file for the process.
     */
    public static List<String> missingEncodings(Path file) {
        return MISSING.computeIfAbsent(file.toAbsolutePath(), QuireRefFileEngine::walk);
    }

    private static final Map<Path, List<String>> MISSING = new ConcurrentHashMap<>();

    private static List<String> walk(Path file) {
        Set<String> arrays = Set.copyOf(QuireContext.defaults().arrayEncodingIds());
        Set<String> layouts = Set.copyOf(QuireContext.defaults().layoutIds());
        Set<String> missing = new TreeSet<>();
        try (VortexFile f = VortexFile.open(file)) {
            Deque<Layout> pending = new ArrayDeque<>();
            pending.push(f.layout());
            while (!pending.isEmpty()) {
                Layout layout = pending.pop();
                if (layout.encodingId().equals(FLAT)) {
                    collect(f.arrayTree(layout), arrays, missing);
                }
                for (int i = 0; i < layout.childCount(); i++) {
                    String id = layout.childEncodingId(i);
                    if (layouts.contains(id)) {
                        pending.push(layout.child(i));
                    } else {
                        missing.add(id);
                    }
                }
            }
        } catch (UnknownEncodingException e) {
            missing.add(e.id());
        }
        return List.copyOf(missing);
    }

    private static void collect(ArrayEncodingTree tree, Set<String> known, Set<String> missing) {
        if (!known.contains(tree.encodingId())) {
            missing.add(tree.encodingId());
        }
        for (ArrayEncodingTree child : tree.children()) {
            collect(child, known, missing);
        }
    }

    private static String unreadable(Path file, List<String> missing) {
        return "Quire cannot decode the reference's default encodings with the modules on the path (the compressed"
                + " encodings are in module-encodings): " + file.getFileName() + " uses " + missing;
    }

    private static String noReader() {
        return "no engine named " + READER + " on the path (it comes with module-bench-runner)";
    }

    /**
     * Quire's engine from the path, looked up once per process: a look-up instantiates every engine provider, which
     * would otherwise be a fixed cost of every measured run.
     */
    private static Optional<Engine> reader() {
        return Reader.ENGINE;
    }

    private static final class Reader {
        static final Optional<Engine> ENGINE = Engines.discovered().stream()
                .filter(e -> e.name().equals(READER))
                .findFirst();
    }

    /** Checks once per process whether Quire reads what the reference's default writer writes. */
    private static final class Probe {
        static final Optional<String> REASON = probe();

        private static Optional<String> probe() {
            VortexJniEngine reference = new VortexJniEngine();
            Optional<String> referenceReason = reference.unavailableReason();
            if (referenceReason.isPresent()) {
                return Optional.of("it reads the vortex-jni engine's file, and " + referenceReason.get());
            }
            try {
                Path dir = Files.createTempDirectory("quire-ref-file-probe");
                try {
                    Path file = reference.prepare(new Dataset(PROBE_SCALE_FACTOR, dir));
                    try {
                        List<String> missing = missingEncodings(file);
                        if (!missing.isEmpty()) {
                            return Optional.of(unreadable(file, missing));
                        }
                    } finally {
                        Files.deleteIfExists(file);
                        Files.deleteIfExists(file.getParent());
                    }
                } finally {
                    Files.deleteIfExists(dir);
                }
            } catch (IOException e) {
                return Optional.of("the probe file could not be written: " + e);
            } catch (QuireException e) {
                return Optional.of("Quire cannot open the reference's file: " + e.getMessage());
            }
            return reader().isPresent() ? Optional.empty() : Optional.of(noReader());
        }
    }
}
