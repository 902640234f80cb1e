package dev.quire.errors;

import java.util.List;
import java.util.Objects;

/**
 * Two or more plugins claim the same id: two array encodings named {@code vortex.alp}, two I/O providers named
 * {@code posix}. Reading a file with the wrong one would give wrong data, so a plugin set with such a conflict is not
 * built at all. The message names every claimant with the module (or class-path location) it came from.
 */
public class PluginConflictException extends QuireException {
    private final String kind;
    private final String id;
    private final List<String> claimants;

    /**
     * @param kind what the plugins are, such as {@code array encoding}
     * @param id the id they all claim
     * @param claimants each claimant's class and where it came from, such as
     *     {@code com.example.Alp (module com.example.alp)}
     * @param remedy how to choose, appended to the message (may be empty)
     */
    public PluginConflictException(String kind, String id, List<String> claimants, String remedy) {
        super(ErrorCode.PLUGIN_CONFLICT, claimants.size() + " " + kind + "s claim id `" + id + "`: "
                + String.join(" and ", claimants) + "; remove all but one from the module or class path"
                + (remedy.isEmpty() ? "" : ", or " + remedy));
        this.kind = Objects.requireNonNull(kind, "kind is null");
        this.id = Objects.requireNonNull(id, "id is null");
        this.claimants = List.copyOf(claimants);
    }

    /** What the plugins are, such as {@code array encoding}. */
    public String kind() {
        return kind;
    }

    /** The id they claim. */
    public String id() {
        return id;
    }

    /** Each claimant's class name and origin, in the order they were found. */
    public List<String> claimants() {
        return claimants;
    }
}
