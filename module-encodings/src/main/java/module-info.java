/**
 * The compressed array encodings of default Vortex files (FastLanes bit-packing, frame of reference, ALP, FSST,
 * run-end, sparse, sequence, ...), found by the core through {@link java.util.ServiceLoader}. The module reaches the
 * core only through its exported SPI packages; the core does not know it.
 */
module dev.quire.encodings {
    requires dev.quire.layout;
    requires com.google.protobuf;

    // Generated protobuf messages use reflection for descriptors and text formatting.
    opens dev.quire.encodings.internal.proto to com.google.protobuf;

    // The writer's compressor; its schemes are internal, listed in the compressor itself.
    provides dev.quire.layout.spi.ArrayCompressor with dev.quire.encodings.internal.compress.Compressor;

    provides dev.quire.layout.spi.ArrayEncoding with
            // FastLanes, sequence, run-end, sparse, zigzag
            dev.quire.encodings.internal.fastlanes.BitPackedEncoding,
            dev.quire.encodings.internal.fastlanes.FrameOfReferenceEncoding,
            dev.quire.encodings.internal.fastlanes.DeltaEncoding,
            dev.quire.encodings.internal.fastlanes.RleEncoding,
            dev.quire.encodings.internal.runs.SequenceEncoding,
            dev.quire.encodings.internal.runs.RunEndEncoding,
            dev.quire.encodings.internal.runs.SparseEncoding,
            dev.quire.encodings.internal.runs.ZigZagEncoding,
            // strings, floats and logical types
            dev.quire.encodings.internal.alp.AlpEncoding,
            dev.quire.encodings.internal.alp.AlpRdEncoding,
            dev.quire.encodings.internal.strings.FsstEncoding,
            dev.quire.encodings.internal.strings.VarBinEncoding,
            dev.quire.encodings.internal.logical.ByteBoolEncoding,
            dev.quire.encodings.internal.logical.MaskedEncoding,
            dev.quire.encodings.internal.logical.DecimalBytePartsEncoding,
            dev.quire.encodings.internal.logical.DateTimePartsEncoding;

}
