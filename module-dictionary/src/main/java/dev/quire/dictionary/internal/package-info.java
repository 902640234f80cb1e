/**
 * Dictionary encoding: {@link dev.quire.dictionary.internal.DictArray} (the {@code vortex.dict} array, with its
 * {@link dev.quire.dictionary.internal.DictEncoding}), {@link dev.quire.dictionary.internal.DictLayout} (the
 * {@code vortex.dict} layout) and {@link dev.quire.dictionary.internal.DictionaryStrategy} (the write strategy with
 * its {@link dev.quire.dictionary.internal.DictionaryEncoder}), all found by Quire through
 * {@link java.util.ServiceLoader}. Nothing here is exported: the module is reached only through the SPI it provides.
 */
package dev.quire.dictionary.internal;
