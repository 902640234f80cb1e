/**
 * The {@link dev.quire.errors.QuireException} family: one unchecked base with an {@link dev.quire.errors.ErrorCode},
 * and subclasses for malformed files, unknown encodings, plugin conflicts, I/O failures and invalid arguments.
 */
package dev.quire.errors;
