package dev.quire.encodings.internal;

import dev.quire.layout.QuireContext;

/** The plugins tests compress and measure with: every plugin on the test's module path. */
public final class Plugins {
    private Plugins() {}

    public static final dev.quire.layout.spi.Plugins ALL = QuireContext.defaults();
}
