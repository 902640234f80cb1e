package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.compress.Compressor;

/**
 * Violates: an encoding family uses the compressor above it. A test class in a main package, so that the encodings
 * layer rule judges it as it judges the module's own classes.
 */
public final class ArchFixtureEncodingNamingTheCompressor {
    Compressor compressor;
}
