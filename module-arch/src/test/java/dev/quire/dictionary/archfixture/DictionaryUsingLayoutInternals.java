package dev.quire.dictionary.archfixture;

import dev.quire.layout.internal.layouts.FlatLayout;

/** Violates: the dictionary, like any plugin, uses a layout internal. */
public final class DictionaryUsingLayoutInternals {
    public Object flat() {
        return new FlatLayout();
    }
}
