package dev.quire.layout.dtype;

import dev.quire.errors.MalformedFileException;

/** Units of the temporal extension types, numbered as in their one-byte metadata. */
public enum TimeUnit {
    NANOSECONDS("ns"),
    MICROSECONDS("us"),
    MILLISECONDS("ms"),
    SECONDS("s"),
    DAYS("days");

    private final String symbol;

    TimeUnit(String symbol) {
        this.symbol = symbol;
    }

    public int code() {
        return ordinal();
    }

    public String symbol() {
        return symbol;
    }

    public static TimeUnit fromCode(int code) {
        TimeUnit[] all = values();
        if (code < 0 || code >= all.length) {
            throw new MalformedFileException("unknown time unit code " + code);
        }
        return all[code];
    }
}
