/**
 * The I/O service-provider interface: positional reads of one file ({@link dev.quire.io.spi.ReadAt}, future-based and
 * completion-based through a {@link dev.quire.io.spi.CompletionScope}), the {@link dev.quire.io.spi.Coalescer} that
 * merges neighbouring reads for every provider, providers discovered through {@link java.util.ServiceLoader}
 * ({@link dev.quire.io.spi.IoProvider}, {@link dev.quire.io.spi.IoProviders}), I/O statistics
 * ({@link dev.quire.io.spi.CountingReadAt}, {@link dev.quire.io.spi.IoStats}), and the
 * {@link dev.quire.errors.QuireException} family that every Quire module throws.
 */
module dev.quire.io.spi {
    exports dev.quire.io.spi;
    exports dev.quire.errors;

    uses dev.quire.io.spi.IoProvider;
}
