package dev.quire.layout.spi;

import java.util.List;
import java.util.Optional;

/** The array encodings on the module or class path, by wire id. */
public final class ArrayEncodings {
    private ArrayEncodings() {}

    private static final class Holder {
        static final Registry<ArrayEncoding> REGISTRY =
                Registry.load("array encoding", ArrayEncoding.class, ArrayEncoding::id);
    }

    /**
     * The encoding with this id.
     *
     * @throws dev.quire.errors.UnknownEncodingException naming the id, the ids available and the module to add
     */
    public static ArrayEncoding get(String id) {
        return Holder.REGISTRY.get(id);
    }

    public static Optional<ArrayEncoding> find(String id) {
        return Holder.REGISTRY.find(id);
    }

    /** Every id found, sorted. */
    public static List<String> ids() {
        return Holder.REGISTRY.ids();
    }
}
