/**
 * Dictionary encoding for Quire, as a plugin of {@code dev.quire.layout}: the {@code vortex.dict} array encoding and
 * layout (read and written as Vortex 0.76 does), and a column write strategy that dictionary-encodes columns where it
 * pays, within a configurable cap ({@link dev.quire.layout.format.DictionaryOptions}). Filters on dictionary columns
 * are evaluated once per dictionary on its values, through {@link dev.quire.layout.expr.FilterKernel}.
 */
module dev.quire.dictionary {
    requires dev.quire.layout;
    requires com.google.protobuf;

    // Nothing is exported: Quire reaches the dictionary through the services below, and no caller needs its classes.

    // Generated protobuf messages use reflection for descriptors and text formatting.
    opens dev.quire.dictionary.internal.proto to com.google.protobuf;

    provides dev.quire.layout.spi.ArrayEncoding with dev.quire.dictionary.internal.DictEncoding;
    provides dev.quire.layout.spi.LayoutVTable with dev.quire.dictionary.internal.DictLayout;
    provides dev.quire.layout.spi.ColumnStrategy with dev.quire.dictionary.internal.DictionaryStrategy;
}
