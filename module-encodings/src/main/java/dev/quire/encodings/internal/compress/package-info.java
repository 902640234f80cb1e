/**
 * The writer's compressor: {@link dev.quire.encodings.internal.compress.Compressor} samples each chunk, estimates the
 * {@link dev.quire.encodings.internal.compress.Scheme schemes} of its value class and writes the smallest cascade; the
 * schemes and the encoders that build encoded arrays live beside the encodings they write.
 */
package dev.quire.encodings.internal.compress;
