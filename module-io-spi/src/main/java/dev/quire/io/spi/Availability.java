package dev.quire.io.spi;

import java.util.Objects;

/** Whether a provider can serve reads on this machine, and if not, why (for {@code quire io} and error messages). */
public record Availability(boolean available, String reason) {
    public Availability {
        Objects.requireNonNull(reason, "reason is null");
    }

    public static Availability yes() {
        return new Availability(true, "");
    }

    public static Availability no(String reason) {
        return new Availability(false, reason);
    }
}
