package dev.quire.testplugin.internal.io;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import java.lang.foreign.MemorySegment;
import java.net.URI;

/**
 * Serves {@code quire-test-pattern:<size>} URIs: {@code size} bytes where byte {@code i} is {@link #byteAt(long)}.
 * Two providers read the scheme ({@link PatternIoProvider} and the lower-priority {@link Fallback}), so tests can see
 * which one the registry picks.
 */
public class PatternIoProvider implements IoProvider {
    public static final String NAME = "test-pattern";
    public static final String SCHEME = "quire-test-pattern";
    public static final int PRIORITY = 50;

    public static byte byteAt(long i) {
        return (byte) (i * 31 + 7);
    }

    public static URI uri(long size) {
        return URI.create(SCHEME + ":" + size);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean supports(URI uri) {
        return SCHEME.equalsIgnoreCase(uri.getScheme());
    }

    @Override
    public Availability availability() {
        return Availability.yes();
    }

    @Override
    public ReadAt open(URI uri, IoOptions options) {
        if (!supports(uri)) {
            throw new InvalidArgumentException(name() + " reads " + SCHEME + ": URIs only, got " + uri);
        }
        int size;
        try {
            size = Integer.parseInt(uri.getSchemeSpecificPart());
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("expected " + SCHEME + ":<size>, got " + uri, e);
        }
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = byteAt(i);
        }
        return new InMemoryReadAt(name() + ":" + uri, MemorySegment.ofArray(bytes));
    }

    /** The same scheme at a lower priority: chosen only by name. */
    public static final class Fallback extends PatternIoProvider {
        public static final String NAME = "test-pattern-fallback";
        public static final int PRIORITY = 5;

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public int priority() {
            return PRIORITY;
        }
    }
}
