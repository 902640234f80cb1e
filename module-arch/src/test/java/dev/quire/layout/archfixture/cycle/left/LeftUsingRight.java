package dev.quire.layout.archfixture.cycle.left;

import dev.quire.layout.archfixture.cycle.right.RightUsingLeft;

/** Violates, with {@link RightUsingLeft}: two sibling packages use each other. */
public final class LeftUsingRight {
    RightUsingLeft right;
}
