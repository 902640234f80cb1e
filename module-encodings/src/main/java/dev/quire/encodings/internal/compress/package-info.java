/**
 * The writer's compressor: {@link dev.quire.encodings.internal.compress.Compressor} samples each chunk, estimates the
 * {@link dev.quire.encodings.internal.compress.Scheme schemes} of its value class and writes the smallest cascade.
 * Every scheme lives here, with the framework they share; the encoders that build the encoded arrays live beside the
 * encodings they write, in the packages below this one, which know nothing of compression.
 */
package dev.quire.encodings.internal.compress;
