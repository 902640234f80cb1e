package dev.quire.io.uring.sys;

import dev.quire.io.uring.internal.UringReadAt;

/** Violates: the ring's system calls (the lowest layer of uring) name a reader, from the layer above. */
public final class ArchFixtureSysNamingTheReader {
    public String describe(UringReadAt reader) {
        return reader.name();
    }
}
