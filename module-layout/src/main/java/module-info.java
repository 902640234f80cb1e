/**
 * Quire's core: dtypes, arrays, the array-encoding and layout SPIs, the Vortex file reader and writer, and scans.
 */
module dev.quire.layout {
    requires transitive dev.quire.io.spi;
    requires transitive dev.quire.splits;
    requires flatbuffers.java;
    requires org.lz4.java;
    requires com.google.protobuf;

    exports dev.quire.layout;
    exports dev.quire.layout.array;
    exports dev.quire.layout.dtype;
    exports dev.quire.layout.expr;
    exports dev.quire.layout.file;
    exports dev.quire.layout.format;
    exports dev.quire.layout.scan;
    exports dev.quire.layout.spi;

    // Generated protobuf messages use reflection for descriptors and text formatting.
    opens dev.quire.layout.internal.proto to com.google.protobuf;

    uses dev.quire.layout.spi.ArrayEncoding;
    uses dev.quire.layout.spi.LayoutVTable;
    uses dev.quire.layout.spi.ColumnStrategy;
    uses dev.quire.layout.spi.ArrayCompressor;

    provides dev.quire.layout.spi.ArrayEncoding with
            dev.quire.layout.internal.encodings.PrimitiveEncoding,
            dev.quire.layout.internal.encodings.BoolEncoding,
            dev.quire.layout.internal.encodings.VarBinViewEncoding,
            dev.quire.layout.internal.encodings.StructEncoding,
            dev.quire.layout.internal.encodings.NullEncoding,
            dev.quire.layout.internal.encodings.ConstantEncoding,
            dev.quire.layout.internal.encodings.DecimalEncoding,
            dev.quire.layout.internal.encodings.ExtensionEncoding;
    provides dev.quire.layout.spi.LayoutVTable with
            dev.quire.layout.internal.layouts.FlatLayout,
            dev.quire.layout.internal.layouts.ChunkedLayout,
            dev.quire.layout.internal.layouts.StructLayout,
            dev.quire.layout.internal.layouts.ZonedLayout,
            dev.quire.layout.internal.layouts.ZonedLayout.Legacy;
}
