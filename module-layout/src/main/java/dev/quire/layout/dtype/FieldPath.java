package dev.quire.layout.dtype;

import dev.quire.errors.InvalidArgumentException;
import java.util.ArrayList;
import java.util.List;

/**
 * A path to a (possibly nested) struct field, such as {@code address.city}. In text form, parts are separated by
 * dots; a part that contains a dot or a backtick is written in backticks, with backticks doubled.
 */
public record FieldPath(List<String> parts) {
    public FieldPath {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new InvalidArgumentException("a field path needs at least one part");
        }
    }

    public static FieldPath of(String... parts) {
        return new FieldPath(List.of(parts));
    }

    /** Parses the text form. */
    public static FieldPath parse(String text) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int i = 0;
        boolean expectPart = true;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (expectPart && c == '`') {
                i++;
                while (true) {
                    if (i >= text.length()) {
                        throw new InvalidArgumentException("unclosed backtick in field path `" + text + "`");
                    }
                    char q = text.charAt(i);
                    if (q == '`') {
                        if (i + 1 < text.length() && text.charAt(i + 1) == '`') {
                            current.append('`');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    current.append(q);
                    i++;
                }
                expectPart = false;
                if (i < text.length() && text.charAt(i) != '.') {
                    throw new InvalidArgumentException("expected `.` at position " + i + " of field path " + text);
                }
            } else if (c == '.') {
                if (current.isEmpty() && expectPart) {
                    throw new InvalidArgumentException("empty part at position " + i + " of field path `" + text
                            + "`");
                }
                parts.add(current.toString());
                current.setLength(0);
                expectPart = true;
                i++;
            } else {
                current.append(c);
                expectPart = false;
                i++;
            }
        }
        if (expectPart) {
            throw new InvalidArgumentException("field path `" + text + "` ends without a field name");
        }
        parts.add(current.toString());
        return new FieldPath(parts);
    }

    public String head() {
        return parts.getFirst();
    }

    /** The path without its first part; empty when this is a single part. */
    public java.util.Optional<FieldPath> tail() {
        return parts.size() == 1 ? java.util.Optional.empty()
                : java.util.Optional.of(new FieldPath(parts.subList(1, parts.size())));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (String p : parts) {
            if (!sb.isEmpty()) {
                sb.append('.');
            }
            if (p.contains(".") || p.contains("`") || p.isEmpty()) {
                sb.append('`').append(p.replace("`", "``")).append('`');
            } else {
                sb.append(p);
            }
        }
        return sb.toString();
    }
}
