package dev.quire.testplugin.internal.io.archfixture;

/** Stands in for an I/O provider of the test plugin, which no other provider may name. */
public final class FakeIoProvider {}
