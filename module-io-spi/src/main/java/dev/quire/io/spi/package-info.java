/**
 * Positional reads ({@link dev.quire.io.spi.ReadAt}) and the provider SPI ({@link dev.quire.io.spi.IoProvider})
 * through which every Quire module reaches bytes: the shared {@link dev.quire.io.spi.Coalescer}, completion-driven
 * reads ({@link dev.quire.io.spi.CompletionScope}), the reader-factory hook ({@link dev.quire.io.spi.ReadAtFactory})
 * and I/O statistics ({@link dev.quire.io.spi.CountingReadAt}, {@link dev.quire.io.spi.IoStats}).
 */
package dev.quire.io.spi;
