/**
 * The {@code uring} I/O provider: positional reads of local files through one io_uring shared by the process, reached
 * from pure Java through the Foreign Function and Memory API ({@code io_uring_setup}, {@code io_uring_enter} and
 * {@code io_uring_register} as raw system calls, the rings mapped with {@code mmap}). Reads are completion-driven: a
 * {@link dev.quire.io.spi.CompletionScope} is served from the completion queue, with no thread or future per read.
 *
 * <p>{@code dev.quire.io.uring} holds the settings ({@link dev.quire.io.uring.UringSettings},
 * {@link dev.quire.io.uring.UringOptions}); {@code dev.quire.io.uring.direct} opens readers with options given in code
 * and says whether io_uring works here ({@link dev.quire.io.uring.direct.UringReaders}). The provider, its rings and
 * readers ({@code internal}) and the ring's system calls ({@code sys}) are not exported. The packages form layers
 * without cycles: {@code sys} and the API package at the bottom, {@code internal} above them, {@code direct} on top.
 *
 * <p>The system calls go through {@code dev.quire.io.posix}'s libc bindings: run with
 * {@code --enable-native-access=dev.quire.io.posix}.
 */
module dev.quire.io.uring {
    requires transitive dev.quire.io.spi;
    requires dev.quire.io.posix;

    exports dev.quire.io.uring;
    exports dev.quire.io.uring.direct;

    provides dev.quire.io.spi.IoProvider with dev.quire.io.uring.internal.UringIoProvider;
}
