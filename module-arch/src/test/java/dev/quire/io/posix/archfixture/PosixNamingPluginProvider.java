package dev.quire.io.posix.archfixture;

import dev.quire.testplugin.internal.io.archfixture.FakeIoProvider;

/** Violates: one provider module names another (and posix uses more than io.spi). */
public final class PosixNamingPluginProvider {
    public Object other() {
        return new FakeIoProvider();
    }
}
