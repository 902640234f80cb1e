/**
 * libc through the Foreign Function and Memory API: {@code open}, {@code close}, {@code pread}, {@code preadv2},
 * {@code fstat}, {@code posix_fadvise}, {@code mmap}, {@code munmap}, {@code eventfd}, {@code write} and raw
 * {@code syscall}, each with {@code errno} captured, and {@link
 * dev.quire.io.posix.sys.NativeFile}, an open file descriptor that reads into heap or native segments. Linux on
 * x86-64 and AArch64 only ({@link dev.quire.io.posix.sys.Libc#unavailableReason()} says why not elsewhere).
 *
 * <p>Exported to the {@code uring} provider alone, which needs raw system calls; the {@code tiered} provider will be
 * added when it exists.
 */
package dev.quire.io.posix.sys;
