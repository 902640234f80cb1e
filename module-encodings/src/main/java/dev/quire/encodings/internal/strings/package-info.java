/**
 * Utf8 and binary encodings that decode to views: FSST (static symbol-table compression) and varbin (values back to
 * back, delimited by offsets).
 */
package dev.quire.encodings.internal.strings;
