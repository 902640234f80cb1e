/**
 * Dictionary encoding: {@link dev.quire.dictionary.DictArray} (the {@code vortex.dict} array, with its
 * {@link dev.quire.dictionary.DictEncoding}), {@link dev.quire.dictionary.DictLayout} (the {@code vortex.dict}
 * layout) and {@link dev.quire.dictionary.DictionaryStrategy} (the write strategy), all found by Quire through
 * {@link java.util.ServiceLoader}.
 */
package dev.quire.dictionary;
