/**
 * The plugin interfaces of Quire's layout module: array encodings ({@link dev.quire.layout.spi.ArrayEncoding}) and
 * layouts ({@link dev.quire.layout.spi.LayoutVTable}), both found through {@link java.util.ServiceLoader} and keyed
 * by the wire ids written in Vortex footers; and the writer's hooks: column strategies
 * ({@link dev.quire.layout.spi.ColumnStrategy}) and the array compressor ({@link dev.quire.layout.spi.ArrayCompressor}).
 */
package dev.quire.layout.spi;
