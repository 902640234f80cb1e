package dev.quire.layout.spi;

import java.util.List;
import java.util.Optional;

/** The layouts on the module or class path, by wire id. */
public final class LayoutVTables {
    private LayoutVTables() {}

    private static final class Holder {
        static final Registry<LayoutVTable> REGISTRY =
                Registry.load("layout", LayoutVTable.class, LayoutVTable::id);
    }

    /**
     * The layout with this id.
     *
     * @throws dev.quire.errors.UnknownEncodingException naming the id, the ids available and the module to add
     */
    public static LayoutVTable get(String id) {
        return Holder.REGISTRY.get(id);
    }

    public static Optional<LayoutVTable> find(String id) {
        return Holder.REGISTRY.find(id);
    }

    /** Every id found, sorted. */
    public static List<String> ids() {
        return Holder.REGISTRY.ids();
    }
}
