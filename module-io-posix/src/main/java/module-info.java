/** Local-file I/O providers: {@code mmap} (zero-copy reads of a mapping, preferred) and {@code posix} (positional reads). */
module dev.quire.io.posix {
    requires transitive dev.quire.io.spi;

    exports dev.quire.io.posix;

    provides dev.quire.io.spi.IoProvider with dev.quire.io.posix.MmapIoProvider, dev.quire.io.posix.PosixIoProvider;
}
