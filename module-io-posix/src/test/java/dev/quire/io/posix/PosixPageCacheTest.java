package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.direct.PosixReaders;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@EnabledOnOs(value = OS.LINUX, disabledReason = "posix_fadvise through FFM is Linux only")
class PosixPageCacheTest {
    @TempDir
    Path dir;

    @Test
    void anEvictedFileReadsTheSameBytes() throws IOException {
        byte[] data = new byte[300_000];
        new Random(5).nextBytes(data);
        Path file = Files.write(dir.resolve("f"), data);
        assertTrue(PosixPageCache.availability().available());
        try (PosixReadAt in = PosixReaders.openLibc(file, PosixOptions.defaults())) {
            in.readFully(0, data.length, 8);
            PosixPageCache.evict(file);
            PosixPageCache.evict(file);
            assertEquals(-1, in.readFully(0, data.length, 8).mismatch(MemorySegment.ofArray(data)));
            PosixPageCache.evict(file, 4096, 100_000);
            assertEquals(-1, in.readFully(0, data.length, 8).mismatch(MemorySegment.ofArray(data)));
        }
    }

    @Test
    void aMissingFileOrADirectoryFailsNamingIt() throws IOException {
        Path missing = dir.resolve("missing");
        QuireIoException e = assertThrows(QuireIoException.class, () -> PosixPageCache.evict(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        QuireIoException d = assertThrows(QuireIoException.class, () -> PosixPageCache.evict(dir));
        InvalidArgumentException r = assertThrows(InvalidArgumentException.class,
                () -> PosixPageCache.evict(missing, -1, 10));
        assertTrue(r.getMessage().contains("offset -1"), r.getMessage());
        assertTrue(d.getMessage().contains("not a regular file"), d.getMessage());
    }
}
