package dev.quire.layout.format;

import dev.quire.errors.InvalidArgumentException;

/**
 * How a dictionary write strategy (such as the one {@code dev.quire.dictionary} provides) may encode columns. The core
 * writer only carries these options; a strategy on the module or class path reads them. Without such a module they
 * have no effect.
 *
 * @param enabled whether columns may be dictionary-encoded at all; on by default
 * @param maxBytes the most bytes of distinct values one dictionary may hold (its values' canonical size, 16-byte views
 *     of strings included); when a chunk would exceed it, the encoded prefix is kept and a new dictionary starts
 * @param maxEntries the most distinct values one dictionary may hold
 */
public record DictionaryOptions(boolean enabled, long maxBytes, int maxEntries) {
    /** 2 MiB; the reference writer uses 1 MiB. */
    public static final long DEFAULT_MAX_BYTES = 2L << 20;
    /** 65,535 values, as the reference writer: codes of one dictionary fit in 16 bits. */
    public static final int DEFAULT_MAX_ENTRIES = 65_535;

    public DictionaryOptions {
        if (maxBytes < 1) {
            throw new InvalidArgumentException("the dictionary byte cap must be positive, got " + maxBytes);
        }
        if (maxEntries < 1) {
            throw new InvalidArgumentException("the dictionary entry cap must be positive, got " + maxEntries);
        }
    }

    public static DictionaryOptions defaults() {
        return new DictionaryOptions(true, DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRIES);
    }

    public DictionaryOptions withEnabled(boolean v) {
        return new DictionaryOptions(v, maxBytes, maxEntries);
    }

    public DictionaryOptions withMaxBytes(long v) {
        return new DictionaryOptions(enabled, v, maxEntries);
    }

    public DictionaryOptions withMaxEntries(int v) {
        return new DictionaryOptions(enabled, maxBytes, v);
    }
}
