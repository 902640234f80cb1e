/**
 * The I/O service-provider interface: positional reads of one file ({@link dev.quire.io.spi.ReadAt}), providers
 * discovered through {@link java.util.ServiceLoader} ({@link dev.quire.io.spi.IoProvider},
 * {@link dev.quire.io.spi.IoProviders}), and the {@link dev.quire.errors.QuireException} family that every Quire
 * module throws.
 */
module dev.quire.io.spi {
    exports dev.quire.io.spi;
    exports dev.quire.errors;

    uses dev.quire.io.spi.IoProvider;
}
