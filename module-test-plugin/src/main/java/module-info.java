/**
 * A third-party plugin for tests: an array encoding ({@code quire.test.frame_of_reference}), layouts
 * ({@code quire.test.split_every}, which offers splits inside its rows; {@code quire.test.segment}, a leaf that offers
 * none; {@code quire.test.concat}, a parent of many children) and I/O providers, declared here and in
 * {@code META-INF/services} like any plugin outside Quire. It proves that Quire finds plugins through
 * {@link java.util.ServiceLoader} on the module path and on the class path, and that every hook of the layout SPI
 * serves a layout built only from the exported SPI packages.
 */
module dev.quire.testplugin {
    requires transitive dev.quire.layout;

    // Nothing is exported: like any plugin, this one is reached through its providers alone, which live in
    // dev.quire.testplugin.internal and dev.quire.testplugin.internal.io.

    provides dev.quire.layout.spi.ArrayEncoding with dev.quire.testplugin.internal.FrameOfReferenceEncoding;
    provides dev.quire.layout.spi.LayoutVTable with
            dev.quire.testplugin.internal.SplitEveryLayout,
            dev.quire.testplugin.internal.SegmentLayout,
            dev.quire.testplugin.internal.ConcatLayout;
    provides dev.quire.io.spi.IoProvider with
            dev.quire.testplugin.internal.io.PatternIoProvider,
            dev.quire.testplugin.internal.io.PatternIoProvider.Fallback,
            dev.quire.testplugin.internal.io.UnavailableIoProvider;
}
