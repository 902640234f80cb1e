package dev.quire.errors;

import java.util.Collection;
import java.util.List;

/**
 * A file names an array encoding or layout id that no module provides. The message lists the ids that are
 * available and which Quire module would provide the missing one, when that is known.
 */
public class UnknownEncodingException extends QuireException {
    private final String id;

    public UnknownEncodingException(String kind, String id, Collection<String> available, String hint) {
        super(ErrorCode.UNKNOWN_ENCODING, "unknown " + kind + " `" + id + "`"
                + (hint.isEmpty() ? "" : " (" + hint + ")")
                + "; available: " + List.copyOf(available).stream().sorted().toList());
        this.id = id;
    }

    /** The id the file names, such as {@code fastlanes.bitpacked}. */
    public String id() {
        return id;
    }
}
