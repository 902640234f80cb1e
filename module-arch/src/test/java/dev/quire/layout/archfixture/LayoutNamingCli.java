package dev.quire.layout.archfixture;

import dev.quire.cli.archfixture.FakeCli;

/** Violates: something below the CLI depends on it. */
public final class LayoutNamingCli {
    public Object cli() {
        return new FakeCli();
    }
}
