/**
 * Local-file I/O providers: {@code mmap} (zero-copy reads of a mapping, preferred) and {@code posix} (positional reads
 * through libc with an inline page-cache fast path, optional {@code O_DIRECT}, page-cache eviction).
 *
 * <p>The exported package is what callers use: the providers' settings ({@link dev.quire.io.posix.PosixSettings},
 * {@link dev.quire.io.posix.PosixOptions}), {@code posix} readers opened directly with the fast path's statistics
 * ({@link dev.quire.io.posix.PosixReaders}, {@link dev.quire.io.posix.PosixReadAt},
 * {@link dev.quire.io.posix.FastPathStats}) and page-cache eviction ({@link dev.quire.io.posix.PosixPageCache}). The
 * providers themselves are reached through {@link dev.quire.io.spi.IoProviders}; their readers, pools and shared
 * mappings ({@code dev.quire.io.posix.internal}) are not exported, so they can change without breaking callers.
 *
 * <p>The libc bindings ({@code dev.quire.io.posix.sys}) call restricted FFM methods: run with
 * {@code --enable-native-access=dev.quire.io.posix}.
 */
module dev.quire.io.posix {
    requires transitive dev.quire.io.spi;

    exports dev.quire.io.posix;
    // dev.quire.io.posix.sys (libc bindings) is for the uring and tiered modules alone; it will be exported to them
    // (`exports dev.quire.io.posix.sys to dev.quire.io.uring, dev.quire.io.tiered`) when they exist, since a
    // qualified export may only name modules that are there.

    provides dev.quire.io.spi.IoProvider with dev.quire.io.posix.internal.MmapIoProvider,
            dev.quire.io.posix.internal.PosixIoProvider;
}
