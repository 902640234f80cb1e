/**
 * What the encodings and the compressor share: the checks and buffer allocation of decoding, integers widened, narrowed
 * and summarized ({@link dev.quire.encodings.internal.IntegerStats}), patches read and written, the filter kernel over
 * integer codes, and the base of the arrays the encoders make
 * ({@link dev.quire.encodings.internal.SourceBackedArray}).
 *
 * <p>The packages of this module form layers, each using only the ones below it: this package and the generated
 * metadata messages ({@code proto}) at the bottom; then the encodings, one package per family ({@code fastlanes},
 * {@code runs}, {@code alp}, {@code strings}, {@code logical}: arrays, decoding and the encoders that build their
 * arrays), which know nothing of compression; then {@code compress}, the compressor with every scheme, which chooses
 * among the encoders.
 */
package dev.quire.encodings.internal;
