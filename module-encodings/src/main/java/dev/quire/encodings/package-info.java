/**
 * The compressed array encodings of default Vortex files, provided to the core through
 * {@link dev.quire.layout.spi.ArrayEncoding} and {@link java.util.ServiceLoader}: nothing here is called directly.
 * Put this module on the module path (or the class path) and Quire reads files that use them.
 */
package dev.quire.encodings;
