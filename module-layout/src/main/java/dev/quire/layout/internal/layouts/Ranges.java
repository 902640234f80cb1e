package dev.quire.layout.internal.layouts;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.spi.LayoutReader;

/** Row-range argument checks shared by the built-in readers. */
final class Ranges {
    private Ranges() {}

    static void check(LayoutReader reader, long from, long to) {
        if (from < 0 || to < from || to > reader.rowCount()) {
            throw new InvalidArgumentException("rows [" + from + ", " + to + ") are outside layout "
                    + reader.layout().path() + " of " + reader.rowCount() + " rows");
        }
    }
}
