package dev.quire.layout.archfixture.cycle;

import dev.quire.layout.archfixture.cycle.child.ChildUsingParent;

/** Violates, with {@link ChildUsingParent}: a package and its subpackage use each other. */
public final class ParentUsingChild {
    ChildUsingParent child;
}
