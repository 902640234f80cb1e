package dev.quire.cli;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Opening inputs with messages that name the path as the user wrote it. */
final class Inputs {
    private Inputs() {}

    /** A scheme followed by {@code ://}: a URL, not a local path (a drive letter has one letter before its colon). */
    private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+://.*");

    /**
     * {@code location} as a URI when it is written as a URL ({@code https://host/a.vortex}, {@code s3://b/k}); empty
     * for a local path.
     *
     * @throws InvalidArgumentException when it starts like a URL but is not a well-formed URI
     */
    static Optional<URI> url(String location) {
        if (!URL.matcher(location).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new URI(location));
        } catch (URISyntaxException e) {
            throw new InvalidArgumentException("`" + location + "` is not a well-formed URL: " + e.getMessage(), e);
        }
    }

    static void checkReadableFile(Path path) {
        if (!Files.exists(path)) {
            throw new QuireIoException("no such file: " + path);
        }
        if (Files.isDirectory(path)) {
            throw new InvalidArgumentException(path + " is a directory, not a file");
        }
        if (!Files.isReadable(path)) {
            throw new QuireIoException("cannot read " + path + ": permission denied");
        }
    }

    /**
     * Splits a comma-separated list of column paths. Commas inside backticks belong to a name ({@code `a,b`.c}), as
     * dots do; the paths themselves are parsed by the scan.
     */
    static List<String> columnList(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '`') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                out.add(current.toString().strip());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        out.add(current.toString().strip());
        for (String column : out) {
            if (column.isEmpty()) {
                throw new InvalidArgumentException("empty column name in `" + text + "`");
            }
        }
        return out;
    }
}
