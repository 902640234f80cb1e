/**
 * libc through the Foreign Function and Memory API: {@code open}, {@code close}, {@code pread}, {@code preadv2},
 * {@code fstat} and {@code posix_fadvise}, each with {@code errno} captured, and {@link
 * dev.quire.io.posix.sys.NativeFile}, an open file descriptor that reads into heap or native segments. Linux on
 * x86-64 and AArch64 only ({@link dev.quire.io.posix.sys.Libc#unavailableReason()} says why not elsewhere).
 *
 * <p>Meant for the providers that need raw system calls ({@code uring}, {@code tiered}); not exported yet, because a
 * qualified export may only name modules that exist.
 */
package dev.quire.io.posix.sys;
