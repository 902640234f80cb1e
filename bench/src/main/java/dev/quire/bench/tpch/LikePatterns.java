package dev.quire.bench.tpch;

import dev.quire.errors.InvalidArgumentException;
import java.util.Optional;

/**
 * Quire's {@code like} patterns (any escape character, or none) rewritten with a backslash as the escape character,
 * which is what the reference's {@code like} and the SQL the DuckDB engine sends ({@code ESCAPE '\'}) use.
 */
final class LikePatterns {
    private LikePatterns() {}

    /** {@code pattern} with {@code escape} replaced by backslash escapes, and literal backslashes escaped. */
    static String withBackslashEscape(String pattern, Optional<Character> escape) {
        StringBuilder out = new StringBuilder(pattern.length() + 4);
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (escape.isPresent() && ch == escape.get()) {
                if (++i == pattern.length()) {
                    throw new InvalidArgumentException("like pattern '" + pattern + "' ends with its escape character");
                }
                char next = pattern.charAt(i);
                if (next == '%' || next == '_' || next == '\\') {
                    out.append('\\');
                }
                out.append(next);
            } else if (ch == '\\') {
                out.append("\\\\");
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    /** A pattern matching values that start with {@code prefix}. */
    static String prefix(String prefix) {
        StringBuilder out = new StringBuilder(prefix.length() + 4);
        for (int i = 0; i < prefix.length(); i++) {
            char ch = prefix.charAt(i);
            if (ch == '%' || ch == '_' || ch == '\\') {
                out.append('\\');
            }
            out.append(ch);
        }
        return out.append('%').toString();
    }
}
