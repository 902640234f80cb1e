package dev.quire.layout.archfixture.cycle.child;

import dev.quire.layout.archfixture.cycle.ParentUsingChild;

/** Violates, with {@link ParentUsingChild}: a package and its subpackage use each other. */
public final class ChildUsingParent {
    ParentUsingChild parent;
}
