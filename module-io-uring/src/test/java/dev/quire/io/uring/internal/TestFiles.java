package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/** Files of random bytes, byte-for-byte checks of what was read, and counts of what the process holds open. */
final class TestFiles {
    private TestFiles() {}

    static byte[] write(Path file, int size, long seed) throws IOException {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        Files.write(file, bytes);
        return bytes;
    }

    /** Fails naming the first byte of {@code read} that differs from the file's at {@code offset}. */
    static void assertBytes(byte[] file, long offset, long length, MemorySegment read, String what) {
        assertEquals(length, read.byteSize(), what + ": length");
        for (int i = 0; i < length; i++) {
            byte b = read.get(ValueLayout.JAVA_BYTE, i);
            if (b != file[(int) offset + i]) {
                fail(what + ": byte " + i + " of the read at offset " + offset + " is " + b + ", the file has "
                        + file[(int) offset + i]);
            }
        }
    }

    /** This process's descriptors open on something under {@code dir}. */
    static long descriptorsUnder(Path dir) throws IOException {
        Path root = dir.toRealPath();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).startsWith(root);
                } catch (IOException e) {
                    return false;
                }
            }).count();
        }
    }

    /** This process's io_uring descriptors and mappings ({@code anon_inode:[io_uring]}). */
    static long uringResources() throws IOException {
        long maps;
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            maps = lines.filter(l -> l.contains("io_uring")).count();
        }
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return maps + fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().contains("io_uring");
                } catch (IOException e) {
                    return false;
                }
            }).count();
        }
    }

    /** Waits until {@code condition} holds, failing with {@code what} after a generous minute. */
    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("never happened: " + what);
            }
            Thread.sleep(5);
        }
    }
}
