package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@code like} pattern compiled once. Simple shapes match on bytes: exact, {@code prefix%}, {@code %suffix},
 * {@code %infix%} and {@code %}. Any other pattern, and every case-insensitive one, runs a general matcher over code
 * points: {@code _} is one code point, {@code %} any run of them, and a byte that is not part of valid UTF-8 counts as
 * one character of its own (so it matches {@code _} but no pattern character).
 */
final class LikePattern {
    enum Shape { EXACT, PREFIX, SUFFIX, CONTAINS, ANY, GENERAL }

    /** General-matcher tokens besides code points. */
    private static final int ONE = -1;
    private static final int MANY = -2;

    final Shape shape;
    /** The literal bytes of the simple shapes. */
    final byte[] literal;
    /** The general matcher's tokens: code points (folded when case-insensitive), {@link #ONE}, {@link #MANY}. */
    private final int[] tokens;
    private final boolean caseInsensitive;
    /** The literal bytes every match begins with (case-sensitive patterns only), for zone pruning. */
    final byte[] prefix;

    private LikePattern(Shape shape, byte[] literal, int[] tokens, boolean caseInsensitive, byte[] prefix) {
        this.shape = shape;
        this.literal = literal;
        this.tokens = tokens;
        this.caseInsensitive = caseInsensitive;
        this.prefix = prefix;
    }

    /** @throws InvalidArgumentException when the pattern ends with a lone escape character */
    static void checkEscapes(String pattern, Optional<Character> escape) {
        if (escape.isEmpty()) {
            return;
        }
        char e = escape.get();
        for (int i = 0; i < pattern.length(); i++) {
            if (pattern.charAt(i) == e) {
                if (i + 1 == pattern.length()) {
                    throw new InvalidArgumentException("like pattern '" + pattern + "' ends with its escape character '"
                            + e + "'");
                }
                i++;
            }
        }
    }

    /** A pattern that matches values beginning with {@code prefix} (for {@code starts_with}). */
    static LikePattern startingWith(byte[] prefix) {
        return new LikePattern(prefix.length == 0 ? Shape.ANY : Shape.PREFIX, prefix.clone(), new int[0], false,
                prefix.clone());
    }

    static LikePattern compile(String pattern, Optional<Character> escape, boolean caseInsensitive) {
        checkEscapes(pattern, escape);
        // Tokens as code points, with ONE and MANY; runs of MANY collapse into one.
        List<Integer> toks = new ArrayList<>();
        int i = 0;
        while (i < pattern.length()) {
            int cp = pattern.codePointAt(i);
            i += Character.charCount(cp);
            if (escape.isPresent() && cp == escape.get()) {
                int lit = pattern.codePointAt(i);
                i += Character.charCount(lit);
                toks.add(lit);
            } else if (cp == '%') {
                if (toks.isEmpty() || toks.getLast() != MANY) {
                    toks.add(MANY);
                }
            } else if (cp == '_') {
                toks.add(ONE);
            } else {
                toks.add(cp);
            }
        }
        int[] tokens = toks.stream().mapToInt(Integer::intValue).toArray();
        int leading = 0;
        while (leading < tokens.length && tokens[leading] >= 0) {
            leading++;
        }
        byte[] prefix = caseInsensitive ? new byte[0] : utf8(tokens, 0, leading);
        if (caseInsensitive) {
            for (int k = 0; k < tokens.length; k++) {
                if (tokens[k] >= 0) {
                    tokens[k] = fold(tokens[k]);
                }
            }
            return new LikePattern(Shape.GENERAL, new byte[0], tokens, true, prefix);
        }
        int wildcards = 0;
        boolean hasOne = false;
        for (int t : tokens) {
            if (t < 0) {
                wildcards++;
                hasOne |= t == ONE;
            }
        }
        int n = tokens.length;
        Shape shape = Shape.GENERAL;
        byte[] literal = new byte[0];
        if (!hasOne) {
            if (wildcards == 0) {
                shape = Shape.EXACT;
                literal = utf8(tokens, 0, n);
            } else if (n == 1) {
                shape = Shape.ANY;
            } else if (wildcards == 1 && tokens[n - 1] == MANY) {
                shape = Shape.PREFIX;
                literal = utf8(tokens, 0, n - 1);
            } else if (wildcards == 1 && tokens[0] == MANY) {
                shape = Shape.SUFFIX;
                literal = utf8(tokens, 1, n);
            } else if (wildcards == 2 && tokens[0] == MANY && tokens[n - 1] == MANY) {
                shape = Shape.CONTAINS;
                literal = utf8(tokens, 1, n - 1);
            }
        }
        return new LikePattern(shape, literal, tokens, false, prefix);
    }

    private static byte[] utf8(int[] codePoints, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int k = from; k < to; k++) {
            sb.appendCodePoint(codePoints[k]);
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Simple case folding: upper then lower case, per code point, as {@link String#equalsIgnoreCase} does. */
    static int fold(int cp) {
        return Character.toLowerCase(Character.toUpperCase(cp));
    }

    /** Whether the {@code len} bytes at {@code off} of {@code seg} match; any shape. */
    boolean matches(MemorySegment seg, long off, int len) {
        return switch (shape) {
            case EXACT -> len == literal.length && Kernels.equalBytes(seg, off, literal, 0, literal.length);
            case PREFIX -> len >= literal.length && Kernels.equalBytes(seg, off, literal, 0, literal.length);
            case SUFFIX -> len >= literal.length
                    && Kernels.equalBytes(seg, off + len - literal.length, literal, 0, literal.length);
            case CONTAINS -> Kernels.indexOf(seg, off, len, literal) >= 0;
            case ANY -> true;
            case GENERAL -> general(seg, off, len);
        };
    }

    boolean matches(byte[] value) {
        return matches(MemorySegment.ofArray(value), 0, value.length);
    }

    /**
     * The general matcher: the classic greedy scan with backtracking to the last {@code %}, over code points, which
     * is exact because every token consumes exactly one code point.
     */
    boolean general(MemorySegment seg, long off, int len) {
        int[] t = tokens;
        int p = 0;
        int s = 0;
        int starP = -1;
        int starS = 0;
        while (s < len) {
            if (p < t.length && t[p] == MANY) {
                starP = p++;
                starS = s;
                continue;
            }
            if (p < t.length) {
                long unit = unitAt(seg, off, s, len);
                int cp = (int) unit;
                int width = (int) (unit >>> 32);
                if (t[p] == ONE || t[p] == (caseInsensitive && cp >= 0 ? fold(cp) : cp)) {
                    s += width;
                    p++;
                    continue;
                }
            }
            if (starP < 0) {
                return false;
            }
            p = starP + 1;
            starS += (int) (unitAt(seg, off, starS, len) >>> 32);
            s = starS;
        }
        while (p < t.length && t[p] == MANY) {
            p++;
        }
        return p == t.length;
    }

    /**
     * The code point at byte {@code s} and its width in bytes, as {@code width << 32 | (cp & 0xFFFFFFFF)}. A byte
     * that does not start a valid UTF-8 sequence is one unit whose code point is {@code -1 - byte}, which no pattern
     * token equals.
     */
    static long unitAt(MemorySegment seg, long off, int s, int len) {
        int b0 = seg.get(ValueLayout.JAVA_BYTE, off + s) & 0xFF;
        if (b0 < 0x80) {
            return 1L << 32 | b0;
        }
        int width;
        int cp;
        int min;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            width = 2;
            cp = b0 & 0x1F;
            min = 0x80;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            width = 3;
            cp = b0 & 0x0F;
            min = 0x800;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            width = 4;
            cp = b0 & 0x07;
            min = 0x10000;
        } else {
            return invalid(b0);
        }
        if (s + width > len) {
            return invalid(b0);
        }
        for (int k = 1; k < width; k++) {
            int b = seg.get(ValueLayout.JAVA_BYTE, off + s + k) & 0xFF;
            if ((b & 0xC0) != 0x80) {
                return invalid(b0);
            }
            cp = cp << 6 | b & 0x3F;
        }
        if (cp < min || cp > 0x10FFFF || cp >= 0xD800 && cp <= 0xDFFF) {
            return invalid(b0);
        }
        return (long) width << 32 | cp;
    }

    private static long invalid(int b0) {
        return 1L << 32 | (-1 - b0) & 0xFFFFFFFFL;
    }
}
