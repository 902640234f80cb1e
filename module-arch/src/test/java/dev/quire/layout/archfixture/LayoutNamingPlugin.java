package dev.quire.layout.archfixture;

import dev.quire.testplugin.archfixture.FakePluginLayout;

/** Violates: layout names a plugin instead of finding it in its context. */
public final class LayoutNamingPlugin {
    public Object vtable() {
        return new FakePluginLayout();
    }
}
