package dev.quire.dictionary.archfixture;

import dev.quire.layout.internal.layouts.FlatLayout;

/** Violates: the dictionary uses a layout internal other than the trusted array factories. */
public final class DictionaryUsingLayoutInternals {
    public Object flat() {
        return new FlatLayout();
    }
}
