package dev.quire.cli;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Opening inputs with messages that name the path as the user wrote it. */
final class Inputs {
    private Inputs() {}

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
