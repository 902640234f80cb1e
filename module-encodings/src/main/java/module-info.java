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
}
