package dev.quire.bench.runner.protocol;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Evicts files from the operating system's page cache: {@code open(2)}, {@code posix_fadvise(fd, 0, 0,
 * POSIX_FADV_DONTNEED)}, {@code close(2)}, called through FFM. Linux only; clean pages are dropped at once, so the
 * next run reads from the device while the JVM stays warm.
 */
public final class PageCache {
    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 0x80000;

    private PageCache() {}

    /**
     * Evicts {@code path}, or every regular file under it when it is a directory.
     *
     * @throws UnsupportedFeatureException off Linux
     * @throws QuireIoException when a file cannot be opened or the advice fails
     */
    public static void evict(Path path) {
        Libc libc = Libc.get();
        for (Path file : files(path)) {
            libc.evict(file);
        }
    }

    private static List<Path> files(Path path) {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new QuireIoException("--evict-page-cache: cannot list " + path + ": " + e.getMessage(), e);
        }
    }

    /** The bindings, made once on first use. */
    private static final class Libc {
        private static volatile Libc instance;

        private final MethodHandle open;
        private final MethodHandle fadvise;
        private final MethodHandle close;
        private final MethodHandle strerror;
        private final StructLayout callState;
        private final VarHandle errno;
        private final int dontNeed;

        // Restricted methods: the JVM enables native access for this module (see module-info).
        @SuppressWarnings("restricted")
        private Libc() {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            callState = Linker.Option.captureStateLayout();
            errno = callState.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
            // open is variadic: the mode (unused without O_CREAT) is its first variadic argument.
            open = linker.downcallHandle(find(libc, "open"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                    Linker.Option.firstVariadicArg(2), Linker.Option.captureCallState("errno"));
            // posix_fadvise returns the error number itself instead of setting errno.
            fadvise = linker.downcallHandle(find(libc, "posix_fadvise"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
            close = linker.downcallHandle(find(libc, "close"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT));
            strerror = linker.downcallHandle(find(libc, "strerror"), FunctionDescriptor.of(ValueLayout.ADDRESS,
                    ValueLayout.JAVA_INT));
            // POSIX_FADV_DONTNEED is 4 on Linux, except 6 on 64-bit s390.
            dontNeed = System.getProperty("os.arch").equals("s390x") ? 6 : 4;
        }

        static Libc get() {
            String os = System.getProperty("os.name");
            if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
                throw new UnsupportedFeatureException("--evict-page-cache needs Linux (posix_fadvise with "
                        + "POSIX_FADV_DONTNEED); this is " + os);
            }
            Libc l = instance;
            if (l == null) {
                synchronized (Libc.class) {
                    l = instance;
                    if (l == null) {
                        l = new Libc();
                        instance = l;
                    }
                }
            }
            return l;
        }

        private static MemorySegment find(SymbolLookup lookup, String name) {
            return lookup.find(name).orElseThrow(() -> new UnsupportedFeatureException("--evict-page-cache: libc "
                    + "has no " + name));
        }

        void evict(Path file) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment state = arena.allocate(callState);
                MemorySegment name = arena.allocateFrom(file.toAbsolutePath().toString());
                int fd = (int) open.invokeExact(state, name, O_RDONLY | O_CLOEXEC, 0);
                if (fd < 0) {
                    int e = (int) errno.get(state, 0L);
                    throw new QuireIoException("--evict-page-cache: cannot open " + file + ": " + describe(e));
                }
                try {
                    int e = (int) fadvise.invokeExact(fd, 0L, 0L, dontNeed);
                    if (e != 0) {
                        throw new QuireIoException("--evict-page-cache: posix_fadvise(DONTNEED) failed on " + file
                                + ": " + describe(e));
                    }
                } finally {
                    int ignored = (int) close.invokeExact(fd);
                }
            } catch (QuireIoException e) {
                throw e;
            } catch (Throwable t) {
                throw new QuireIoException("--evict-page-cache: calling libc failed on " + file + ": " + t, t);
            }
        }

        @SuppressWarnings("restricted")
        private String describe(int errorNumber) {
            try {
                MemorySegment text = (MemorySegment) strerror.invokeExact(errorNumber);
                return text.reinterpret(1024).getString(0) + " (errno " + errorNumber + ")";
            } catch (Throwable t) {
                return "errno " + errorNumber;
            }
        }
    }
}
