/** The {@code posix} I/O provider: positional reads of local files. */
module dev.quire.io.posix {
    requires transitive dev.quire.io.spi;

    exports dev.quire.io.posix;

    provides dev.quire.io.spi.IoProvider with dev.quire.io.posix.PosixIoProvider;
}
