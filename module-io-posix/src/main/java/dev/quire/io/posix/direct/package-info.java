/**
 * Opening {@code posix} readers directly, with options given in code rather than taken from settings, and the
 * process's page-cache fast-path statistics ({@link dev.quire.io.posix.direct.PosixReaders}).
 *
 * <p>This package sits above the module's API package ({@code dev.quire.io.posix}: options, settings, the reader's
 * interface and its statistics) and its implementation ({@code dev.quire.io.posix.internal}), which both know nothing
 * of it; that keeps the packages free of cycles.
 */
package dev.quire.io.posix.direct;
