package dev.quire.io.store.archfixture;

import dev.quire.layout.file.VortexFile;

/** Violates: the store layer uses something besides the JDK, io.spi and base. */
public final class StoreNamingLayout {
    public Class<?> file() {
        return VortexFile.class;
    }
}
