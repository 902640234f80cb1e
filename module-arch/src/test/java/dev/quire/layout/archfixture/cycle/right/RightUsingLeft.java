package dev.quire.layout.archfixture.cycle.right;

import dev.quire.layout.archfixture.cycle.left.LeftUsingRight;

/** Violates, with {@link LeftUsingRight}: two sibling packages use each other. */
public final class RightUsingLeft {
    LeftUsingRight left;
}
