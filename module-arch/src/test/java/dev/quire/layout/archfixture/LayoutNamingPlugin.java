package dev.quire.layout.archfixture;

import dev.quire.testplugin.internal.SplitEveryLayout;

/** Violates: layout names a plugin instead of finding it through ServiceLoader. */
public final class LayoutNamingPlugin {
    public Object vtable() {
        return new SplitEveryLayout();
    }
}
