/**
 * Factories of canonical arrays for trusted callers inside Quire (exported to {@code dev.quire.dictionary} alone).
 */
package dev.quire.layout.internal.array;
