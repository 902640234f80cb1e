/**
 * ALP (adaptive lossless floating point) and ALP-RD ("real doubles"): floats stored as scaled integers, or split into
 * dictionary-coded high bits and raw low bits, each with patches for the values that do not fit.
 */
package dev.quire.encodings.internal.alp;
