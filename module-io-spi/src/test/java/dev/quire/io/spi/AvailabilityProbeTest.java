package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;

class AvailabilityProbeTest {
    private static IoProvider probing(Availability result, RuntimeException failure) {
        return new IoProvider() {
            @Override
            public String name() {
                return "probe";
            }

            @Override
            public int priority() {
                return 0;
            }

            @Override
            public boolean supports(URI uri) {
                return true;
            }

            @Override
            public Availability availability() {
                if (failure != null) {
                    throw failure;
                }
                return result;
            }

            @Override
            public ReadAt open(URI uri, IoOptions options) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void aProbeThatThrowsCountsAsUnavailableWithTheReason() {
        Availability a = IoProviders.availability(probing(null, new IllegalStateException("no kernel support")));
        assertFalse(a.available());
        assertTrue(a.reason().contains("no kernel support"), a.reason());
    }

    @Test
    void aProbeThatReturnsNothingCountsAsUnavailable() {
        assertFalse(IoProviders.availability(probing(null, null)).available());
        assertTrue(IoProviders.availability(probing(Availability.yes(), null)).available());
    }
}
