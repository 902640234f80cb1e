package dev.quire.testplugin.archfixture;

/** Stands in for a class of the test plugin, which layout may find through its context but never name. */
public final class FakePluginLayout {}
