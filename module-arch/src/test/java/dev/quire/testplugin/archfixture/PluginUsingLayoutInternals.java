package dev.quire.testplugin.archfixture;

import dev.quire.layout.internal.layouts.FlatLayout;

/** Violates: a module outside layout uses layout's internals (compiles only because this is the class path). */
public final class PluginUsingLayoutInternals {
    public Object flat() {
        return new FlatLayout();
    }
}
