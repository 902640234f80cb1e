package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A hand-written recursive-descent parser of the expression syntax described on {@link Expr}. Precedence, loosest
 * first: {@code or}, {@code and}, {@code not}, predicates (comparison, between, in, is, like), primaries.
 * Comparisons do not chain: {@code a < b < c} is an error.
 */
final class ExprParser {
    /** How deeply parentheses and {@code not}s may nest, so that hostile input cannot exhaust the stack. */
    static final int MAX_DEPTH = 256;

    private enum Kind { IDENT, QUOTED, STRING, NUMBER, HEX, LPAREN, RPAREN, COMMA, DOT, OP, EOF }

    /** A token; {@code text} is the unescaped name, string content, number text or operator symbol. */
    private record Token(Kind kind, String text, int start) {}

    private final String input;
    private final List<Token> tokens;
    private int next;
    private int depth;

    ExprParser(String input) {
        this.input = input;
        this.tokens = lex(input);
    }

    Expr parse() {
        Expr e = parseOr();
        Token t = peek();
        if (t.kind != Kind.EOF) {
            throw error("unexpected " + describe(t) + " after a complete expression", t.start);
        }
        return e;
    }

    // ---------------------------------------------------------------- grammar

    private Expr parseOr() {
        enter();
        Expr left = parseAnd();
        while (acceptKeyword("or")) {
            left = new Expr.Or(left, parseAnd());
        }
        depth--;
        return left;
    }

    private Expr parseAnd() {
        Expr left = parseNot();
        while (acceptKeyword("and")) {
            left = new Expr.And(left, parseNot());
        }
        return left;
    }

    private Expr parseNot() {
        if (acceptKeyword("not")) {
            enter();
            Expr e = new Expr.Not(parseNot());
            depth--;
            return e;
        }
        return parsePredicate();
    }

    private Expr parsePredicate() {
        Expr left = parsePrimary();
        Token t = peek();
        if (t.kind == Kind.OP) {
            next++;
            return new Expr.Compare(operator(t), left, parsePrimary());
        }
        if (isKeyword(t, "is")) {
            next++;
            boolean not = acceptKeyword("not");
            expectKeyword("null");
            return not ? new Expr.IsNotNull(left) : new Expr.IsNull(left);
        }
        boolean negated = false;
        if (isKeyword(t, "not")) {
            Token after = peek(1);
            if (!isKeyword(after, "between") && !isKeyword(after, "in") && !isKeyword(after, "like")
                    && !isKeyword(after, "ilike")) {
                throw error("expected between, in, like or ilike after not, found " + describe(after), after.start);
            }
            next++;
            negated = true;
            t = peek();
        }
        Expr e;
        if (isKeyword(t, "between")) {
            next++;
            Expr low = parsePrimary();
            expectKeyword("and");
            e = new Expr.Between(left, low, parsePrimary());
        } else if (isKeyword(t, "in")) {
            next++;
            e = new Expr.In(left, parseInList());
        } else if (isKeyword(t, "like") || isKeyword(t, "ilike")) {
            next++;
            e = parseLike(left, isKeyword(t, "ilike"));
        } else {
            return left;
        }
        return negated ? new Expr.Not(e) : e;
    }

    private List<Literal> parseInList() {
        expect(Kind.LPAREN, "'(' to start the in-list");
        List<Literal> values = new ArrayList<>();
        if (peek().kind == Kind.RPAREN) {
            next++;
            return values;
        }
        while (true) {
            Token t = peek();
            if (!(parsePrimary() instanceof Literal lit)) {
                throw error("in-lists hold literals only, found " + describe(t), t.start);
            }
            values.add(lit);
            if (peek().kind == Kind.COMMA) {
                next++;
            } else {
                expect(Kind.RPAREN, "',' or ')' in the in-list");
                return values;
            }
        }
    }

    private Expr parseLike(Expr value, boolean caseInsensitive) {
        Token pattern = expect(Kind.STRING, "a string pattern after like");
        Optional<Character> escape = Optional.of(Expr.DEFAULT_ESCAPE);
        if (acceptKeyword("escape")) {
            Token esc = expect(Kind.STRING, "a string after escape");
            if (esc.text.length() > 1) {
                throw error("the escape must be one character or '' for none, found '" + esc.text + "'", esc.start);
            }
            escape = esc.text.isEmpty() ? Optional.empty() : Optional.of(esc.text.charAt(0));
        }
        try {
            return new Expr.Like(value, pattern.text, escape, caseInsensitive);
        } catch (InvalidArgumentException e) {
            throw error(e.getMessage(), pattern.start);
        }
    }

    private Expr parsePrimary() {
        Token t = peek();
        switch (t.kind) {
            case LPAREN -> {
                next++;
                Expr e = parseOr();
                Token close = peek();
                if (close.kind != Kind.RPAREN) {
                    throw error("expected ')' to close the '(' at position " + t.start + ", found " + describe(close),
                            close.start);
                }
                next++;
                return e;
            }
            case STRING -> {
                next++;
                return new Literal.Str(t.text);
            }
            case NUMBER -> {
                next++;
                return new Literal.Num(new BigDecimal(t.text));
            }
            case HEX -> {
                next++;
                return new Literal.Bin(HexFormat.of().parseHex(t.text));
            }
            case IDENT -> {
                return parseWord(t);
            }
            case QUOTED -> {
                return parsePath();
            }
            default -> throw error("expected an expression, found " + describe(t), t.start);
        }
    }

    /** An unquoted word: a keyword literal, a typed literal, a function call or the start of a column path. */
    private Expr parseWord(Token t) {
        String word = t.text.toLowerCase(Locale.ROOT);
        Token after = peek(1);
        switch (word) {
            case "true", "false" -> {
                next++;
                return new Literal.Bool(word.equals("true"));
            }
            case "null" -> {
                next++;
                return new Literal.Null();
            }
            default -> { }
        }
        if (after.kind == Kind.STRING) {
            switch (word) {
                case "date", "time", "timestamp" -> {
                    next += 2;
                    return temporal(word, after);
                }
                default -> {
                    Optional<PType> ptype = ptypeNamed(word);
                    if (ptype.isPresent()) {
                        next += 2;
                        return typed(ptype.get(), after);
                    }
                }
            }
        }
        if (after.kind == Kind.LPAREN) {
            next++;
            if (word.equals("starts_with")) {
                return parseStartsWith();
            }
            if (word.equals("decimal")) {
                return parseDecimal();
            }
            throw error("unknown function `" + t.text + "`; the only function is starts_with", t.start);
        }
        if (ExprPrinter.RESERVED.contains(word)) {
            throw error("expected an expression, found " + describe(t), t.start);
        }
        return parsePath();
    }

    private Expr parsePath() {
        List<String> parts = new ArrayList<>();
        while (true) {
            Token t = peek();
            if (t.kind == Kind.QUOTED || t.kind == Kind.IDENT && !ExprPrinter.RESERVED.contains(
                    t.text.toLowerCase(Locale.ROOT))) {
                next++;
                parts.add(t.text);
            } else {
                throw error("expected a field name, found " + describe(t), t.start);
            }
            if (peek().kind != Kind.DOT) {
                return new Expr.Column(new FieldPath(parts));
            }
            next++;
        }
    }

    private Expr parseStartsWith() {
        // the '(' is the current token
        next++;
        Expr value = parseOr();
        expect(Kind.COMMA, "',' between the arguments of starts_with");
        Token p = peek();
        if (!(parsePrimary() instanceof Literal prefix)) {
            throw error("the prefix of starts_with must be a literal, found " + describe(p), p.start);
        }
        expect(Kind.RPAREN, "')' after the arguments of starts_with");
        return new Expr.StartsWith(value, prefix);
    }

    /** {@code decimal(p, s) 'digits'}; the '(' is the current token. */
    private Expr parseDecimal() {
        next++;
        Token p = expect(Kind.NUMBER, "the precision of the decimal");
        expect(Kind.COMMA, "',' between precision and scale");
        Token s = expect(Kind.NUMBER, "the scale of the decimal");
        expect(Kind.RPAREN, "')' after the scale");
        Token value = expect(Kind.STRING, "a string with the decimal's value");
        DType.Decimal dtype;
        try {
            dtype = new DType.Decimal(smallInt(p), smallInt(s), false);
        } catch (InvalidArgumentException e) {
            throw error(e.getMessage(), p.start);
        }
        try {
            return new Literal.Typed(new Scalar(dtype, new BigDecimal(value.text.strip())));
        } catch (NumberFormatException e) {
            throw error("invalid decimal '" + value.text + "'", value.start);
        } catch (InvalidArgumentException e) {
            throw error(e.getMessage(), value.start);
        }
    }

    private int smallInt(Token t) {
        try {
            return new BigDecimal(t.text).intValueExact();
        } catch (ArithmeticException e) {
            throw error("expected a small integer, found " + t.text, t.start);
        }
    }

    private Literal temporal(String word, Token text) {
        String s = text.text.strip();
        try {
            switch (word) {
                case "date" -> {
                    return new Literal.Date(LocalDate.parse(s));
                }
                case "time" -> {
                    return new Literal.Time(LocalTime.parse(s));
                }
                default -> {
                    return timestamp(s);
                }
            }
        } catch (DateTimeParseException e) {
            String form = switch (word) {
                case "date" -> "YYYY-MM-DD";
                case "time" -> "HH:MM[:SS[.fraction]]";
                default -> "YYYY-MM-DD[ HH:MM[:SS[.fraction]]][Z|+HH:MM]";
            };
            throw error("invalid " + word + " '" + text.text + "', expected " + form, text.start);
        }
    }

    /** Reads a timestamp in the forms {@link Literal.Timestamp} prints, and a bare date (midnight). */
    static Literal.Timestamp timestamp(String s) {
        s = s.replaceFirst(" ", "T");
        if (s.indexOf('T') < 0) {
            return new Literal.Timestamp(LocalDate.parse(s).atStartOfDay(), Optional.empty());
        }
        try {
            return new Literal.Timestamp(LocalDateTime.parse(s), Optional.empty());
        } catch (DateTimeParseException e) {
            OffsetDateTime t = OffsetDateTime.parse(s);
            return new Literal.Timestamp(t.toLocalDateTime(), Optional.of(t.getOffset()));
        }
    }

    /** A date literal when the text is a date, else a timestamp literal. */
    static Literal dateOrTimestamp(String s) {
        String text = s.strip();
        try {
            return new Literal.Date(LocalDate.parse(text));
        } catch (DateTimeParseException e) {
            return timestamp(text);
        }
    }

    private Literal typed(PType ptype, Token text) {
        String s = text.text.strip();
        DType.Primitive dtype = new DType.Primitive(ptype, false);
        try {
            Object value = switch (ptype) {
                case F16, F32 -> Float.parseFloat(s);
                case F64 -> Double.parseDouble(s);
                default -> {
                    BigInteger v = new BigInteger(s);
                    if (!Coercion.fits(v, ptype)) {
                        throw error(s + " does not fit " + ptype.displayName(), text.start);
                    }
                    yield v.longValue();
                }
            };
            return new Literal.Typed(new Scalar(dtype, value));
        } catch (NumberFormatException e) {
            throw error("invalid " + ptype.displayName() + " '" + text.text + "'", text.start);
        }
    }

    static Optional<PType> ptypeNamed(String word) {
        for (PType p : PType.values()) {
            if (p.displayName().equals(word)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static CompareOp operator(Token t) {
        return switch (t.text) {
            case "=", "==" -> CompareOp.EQ;
            case "!=", "<>" -> CompareOp.NE;
            case "<" -> CompareOp.LT;
            case "<=" -> CompareOp.LE;
            case ">" -> CompareOp.GT;
            default -> CompareOp.GE;
        };
    }

    // ---------------------------------------------------------------- token helpers

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("expression nested more than " + MAX_DEPTH + " levels deep", peek().start);
        }
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(next + ahead, tokens.size() - 1));
    }

    private static boolean isKeyword(Token t, String keyword) {
        return t.kind == Kind.IDENT && t.text.equalsIgnoreCase(keyword);
    }

    private boolean acceptKeyword(String keyword) {
        if (isKeyword(peek(), keyword)) {
            next++;
            return true;
        }
        return false;
    }

    private void expectKeyword(String keyword) {
        Token t = peek();
        if (!isKeyword(t, keyword)) {
            throw error("expected " + keyword + ", found " + describe(t), t.start);
        }
        next++;
    }

    private Token expect(Kind kind, String what) {
        Token t = peek();
        if (t.kind != kind) {
            throw error("expected " + what + ", found " + describe(t), t.start);
        }
        next++;
        return t;
    }

    private static String describe(Token t) {
        return switch (t.kind) {
            case EOF -> "the end of the input";
            case STRING -> "the string '" + t.text.replace("'", "''") + "'";
            case NUMBER -> "the number " + t.text;
            case HEX -> "the bytes x'" + t.text + "'";
            case IDENT -> ExprPrinter.RESERVED.contains(t.text.toLowerCase(Locale.ROOT))
                    ? "the keyword " + t.text.toLowerCase(Locale.ROOT) : "`" + t.text + "`";
            case QUOTED -> "`" + t.text.replace("`", "``") + "`";
            default -> "'" + t.text + "'";
        };
    }

    private ExpressionSyntaxException error(String reason, int position) {
        return new ExpressionSyntaxException(reason, input, position);
    }

    // ---------------------------------------------------------------- lexer

    static boolean isIdentifierStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (true) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                out.add(new Token(Kind.EOF, "", n));
                return out;
            }
            char c = s.charAt(i);
            int start = i;
            Kind previous = out.isEmpty() ? Kind.EOF : out.getLast().kind;
            boolean afterName = previous == Kind.IDENT || previous == Kind.QUOTED || previous == Kind.RPAREN;
            if (c == '(' || c == ')' || c == ',') {
                out.add(new Token(c == '(' ? Kind.LPAREN : c == ')' ? Kind.RPAREN : Kind.COMMA, String.valueOf(c),
                        start));
                i++;
            } else if (c == '.' && (afterName || i + 1 >= n || !isDigit(s.charAt(i + 1)))) {
                out.add(new Token(Kind.DOT, ".", start));
                i++;
            } else if (c == '\'') {
                StringBuilder text = new StringBuilder();
                i = quoted(s, i, '\'', text, "string literal");
                out.add(new Token(Kind.STRING, text.toString(), start));
            } else if (c == '`') {
                StringBuilder text = new StringBuilder();
                i = quoted(s, i, '`', text, "quoted name");
                out.add(new Token(Kind.QUOTED, text.toString(), start));
            } else if (isDigit(c) || c == '.' || c == '-' && i + 1 < n
                    && (isDigit(s.charAt(i + 1)) || s.charAt(i + 1) == '.')) {
                i = number(s, i);
                out.add(new Token(Kind.NUMBER, s.substring(start, i), start));
            } else if (isIdentifierStart(c)) {
                while (i < n && isIdentifierPart(s.charAt(i))) {
                    i++;
                }
                String word = s.substring(start, i);
                if (word.equalsIgnoreCase("x") && i < n && s.charAt(i) == '\'') {
                    StringBuilder text = new StringBuilder();
                    int quote = i;
                    i = quoted(s, i, '\'', text, "bytes literal");
                    String hex = text.toString();
                    if (hex.length() % 2 != 0 || !hex.chars().allMatch(h -> Character.digit(h, 16) >= 0)) {
                        throw error("a bytes literal holds an even number of hex digits, found '" + hex + "'", quote);
                    }
                    out.add(new Token(Kind.HEX, hex, start));
                } else {
                    out.add(new Token(Kind.IDENT, word, start));
                }
            } else if (c == '=' || c == '<' || c == '>' || c == '!') {
                String op;
                String two = i + 1 < n ? s.substring(i, i + 2) : "";
                if (two.equals("<=") || two.equals(">=") || two.equals("!=") || two.equals("<>")
                        || two.equals("==")) {
                    op = two;
                } else if (c == '!') {
                    throw error("unexpected '!'; write != or not", i);
                } else {
                    op = String.valueOf(c);
                }
                out.add(new Token(Kind.OP, op, start));
                i += op.length();
            } else {
                throw error("unexpected character '" + c + "'", i);
            }
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Reads a quoted run starting at the opening quote; a doubled quote stands for one. Returns the end. */
    private int quoted(String s, int open, char quote, StringBuilder text, String what) {
        int i = open + 1;
        while (true) {
            if (i >= s.length()) {
                throw error("unclosed " + what, open);
            }
            char c = s.charAt(i);
            if (c == quote) {
                if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
                    text.append(quote);
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            text.append(c);
            i++;
        }
    }

    /** Reads {@code -?digits[.digits][e[+-]digits]} (digits on one side of the point at least). Returns the end. */
    private int number(String s, int start) {
        int i = start;
        int n = s.length();
        if (s.charAt(i) == '-') {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            throw error("malformed number", start);
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int expDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                expDigits++;
            }
            if (expDigits == 0) {
                throw error("malformed number: the exponent has no digits", start);
            }
        }
        if (i < n && (isIdentifierPart(s.charAt(i)) || s.charAt(i) == '.')) {
            throw error("malformed number", start);
        }
        try {
            new BigDecimal(s.substring(start, i));
        } catch (NumberFormatException e) {
            throw error("number out of range", start);
        }
        return i;
    }
}
