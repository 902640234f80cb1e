package dev.quire.bench;

import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.direct.PosixReaders;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.SplittableRandom;

/** Files of random bytes for the posix read benchmarks, cached in {@link CanonicalData#dataDir()}. */
final class PosixBenchData {
    private PosixBenchData() {}

    /** A file of {@code bytes} random bytes named after {@code name}, written once. */
    static Path ensure(String name, long bytes) {
        Path file = CanonicalData.dataDir().resolve("posix-" + name + "-" + bytes + ".bin").toAbsolutePath();
        if (Files.exists(file)) {
            return file;
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "writing-", ".bin");
            SplittableRandom random = new SplittableRandom(bytes);
            byte[] block = new byte[1 << 20];
            try (OutputStream out = Files.newOutputStream(tmp)) {
                for (long done = 0; done < bytes; done += block.length) {
                    for (int i = 0; i < block.length; i += 8) {
                        long v = random.nextLong();
                        for (int j = 0; j < 8; j++) {
                            block[i + j] = (byte) (v >>> (8 * j));
                        }
                    }
                    out.write(block, 0, (int) Math.min(block.length, bytes - done));
                }
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the whole file once, so its pages are in the page cache. */
    static void warm(Path file) {
        try (PosixReadAt in = PosixReaders.openLibc(file, PosixOptions.defaults().withFastPath(false))) {
            MemorySegment chunk = MemorySegment.ofArray(new byte[1 << 20]);
            for (long offset = 0; offset < in.size(); offset += chunk.byteSize()) {
                long n = Math.min(chunk.byteSize(), in.size() - offset);
                in.readExactAt(chunk.asSlice(0, n), offset);
            }
        }
    }
}
