/**
 * Encodings that store a logical type in another physical shape: bools as bytes, a nullable array as values plus a
 * mask, decimals as integers, timestamps as days, seconds and subseconds.
 */
package dev.quire.encodings.internal.logical;
