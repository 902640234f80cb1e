/**
 * Positional reads ({@link dev.quire.io.spi.ReadAt}) and the provider SPI ({@link dev.quire.io.spi.IoProvider})
 * through which every Quire module reaches bytes.
 */
package dev.quire.io.spi;
