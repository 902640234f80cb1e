/**
 * The I/O service-provider interface: positional reads of one file ({@link dev.quire.io.spi.ReadAt}, future-based and
 * completion-based through a {@link dev.quire.io.spi.CompletionScope}), the {@link dev.quire.io.spi.Coalescer} that
 * merges neighbouring reads for every provider, providers discovered through {@link java.util.ServiceLoader}
 * ({@link dev.quire.io.spi.IoProvider}) and held, with the settings that choose and configure them, in an immutable
 * {@link dev.quire.io.spi.IoProviders} (nothing here reads a system property or keeps a global registry), and I/O
 * statistics ({@link dev.quire.io.spi.CountingReadAt}, {@link dev.quire.io.spi.IoStats}).
 */
module dev.quire.io.spi {
    requires transitive dev.quire.base;

    exports dev.quire.io.spi;

    uses dev.quire.io.spi.IoProvider;
}
