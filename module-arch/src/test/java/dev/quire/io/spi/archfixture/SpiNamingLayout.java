package dev.quire.io.spi.archfixture;

import dev.quire.layout.file.VortexFile;
import java.nio.file.Path;

/** Violates: io.spi depends on something other than the JDK. */
public final class SpiNamingLayout {
    public long rows(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return file.rowCount();
        }
    }
}
