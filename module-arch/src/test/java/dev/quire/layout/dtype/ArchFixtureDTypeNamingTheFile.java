package dev.quire.layout.dtype;

import dev.quire.layout.file.VortexFile;
import java.nio.file.Path;

/**
 * Violates: a class of layout's lowest layer uses its highest. A test class in a main package, so that layout's layer
 * rule judges it as it judges the module's own classes.
 */
public final class ArchFixtureDTypeNamingTheFile {
    public DType dtype(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return file.dtype();
        }
    }
}
