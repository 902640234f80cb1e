/**
 * Local-file I/O providers: {@code mmap} (zero-copy reads of a mapping, preferred) and {@code posix} (positional reads
 * through libc with an inline page-cache fast path, optional {@code O_DIRECT}, page-cache eviction).
 *
 * <p>The exported packages are what callers use. {@code dev.quire.io.posix} holds the providers' settings
 * ({@link dev.quire.io.posix.PosixSettings}, {@link dev.quire.io.posix.PosixOptions}), the libc reader's interface and
 * its fast path's statistics ({@link dev.quire.io.posix.PosixReadAt}, {@link dev.quire.io.posix.FastPathStats}) and
 * page-cache eviction ({@link dev.quire.io.posix.PosixPageCache}); {@code dev.quire.io.posix.direct} opens
 * {@code posix} readers directly, with options given in code, and reports the process's fast-path statistics
 * ({@link dev.quire.io.posix.direct.PosixReaders}). The providers themselves are reached through
 * {@link dev.quire.io.spi.IoProviders}; their readers, pools and shared mappings ({@code dev.quire.io.posix.internal})
 * are not exported, so they can change without breaking callers.
 *
 * <p>The packages form layers without cycles: {@code internal} implements the API package
 * {@code dev.quire.io.posix}, and {@code direct} opens readers through {@code internal}; the API package names neither
 * of them.
 *
 * <p>The libc bindings ({@code dev.quire.io.posix.sys}) call restricted FFM methods: run with
 * {@code --enable-native-access=dev.quire.io.posix}.
 */
module dev.quire.io.posix {
    requires transitive dev.quire.io.spi;

    exports dev.quire.io.posix;
    exports dev.quire.io.posix.direct;
    // The libc bindings and shared file mappings, for the uring provider alone (the tiered provider will be added when
    // it exists: a qualified export may only name modules that are there).
    exports dev.quire.io.posix.sys to dev.quire.io.uring;

    provides dev.quire.io.spi.IoProvider with dev.quire.io.posix.internal.MmapIoProvider,
            dev.quire.io.posix.internal.PosixIoProvider;
}
