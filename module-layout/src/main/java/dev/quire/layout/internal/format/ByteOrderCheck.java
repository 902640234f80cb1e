package dev.quire.layout.internal.format;

import dev.quire.errors.UnsupportedFeatureException;
import java.nio.ByteOrder;

/**
 * Refuses big-endian hosts before a file is read or written. Vortex stores every value little-endian, and Quire's
 * decoders and encoders hand values between heap arrays ({@code long[]}, {@code int[]}, ...) and little-endian views
 * of the same memory; on a big-endian JVM that would silently swap every value's bytes, so it stops with a clear error
 * instead.
 */
public final class ByteOrderCheck {
    private ByteOrderCheck() {}

    /**
     * Checks this JVM's native byte order.
     *
     * @throws UnsupportedFeatureException on a big-endian host, naming its architecture
     */
    public static void requireLittleEndianHost() {
        require(ByteOrder.nativeOrder(), System.getProperty("os.arch", "unknown"));
    }

    /** Checks {@code order}, the native order of an {@code arch} host (separate for tests). */
    static void require(ByteOrder order, String arch) {
        if (!ByteOrder.LITTLE_ENDIAN.equals(order)) {
            throw new UnsupportedFeatureException("Quire reads and writes Vortex files only on little-endian hosts;"
                    + " this JVM runs on " + arch + ", whose native byte order is " + order);
        }
    }
}
