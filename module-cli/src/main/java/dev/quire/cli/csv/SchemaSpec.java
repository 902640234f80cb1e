package dev.quire.cli.csv;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code --schema} syntax of {@code quire convert}: a comma-separated list of {@code name:type}, each type
 * optionally followed by {@code ?} for nullable.
 *
 * <pre>
 *   id:i64, price:decimal(15,2), name:utf8?, shipped:date, seen:timestamp(ms,UTC)
 * </pre>
 *
 * Types: {@code bool}; {@code i8 i16 i32 i64 u8 u16 u32 u64}; {@code f32 f64}; {@code decimal(P,S)};
 * {@code utf8} (or {@code string}); {@code binary} (base64 text); {@code date} (ISO {@code 2024-03-01});
 * {@code timestamp}, {@code timestamp(UNIT)} or {@code timestamp(UNIT,ZONE)} with UNIT one of {@code s ms us ns}
 * (default {@code us}) and ZONE a zone id such as {@code UTC} or {@code Europe/Paris}; {@code null}. Names that
 * contain {@code , : ( ) ?} or spaces are written in backticks, with a backtick doubled. Spaces around names and
 * types are ignored.
 */
public final class SchemaSpec {
    private SchemaSpec() {}

    /** Parses a spec into column dtypes by name, in the order written. */
    public static Map<String, DType> parse(String text) {
        Map<String, DType> out = new LinkedHashMap<>();
        for (String entry : split(text, ',')) {
            String e = entry.strip();
            if (e.isEmpty()) {
                throw bad(text, "an empty entry");
            }
            int colon = separator(e);
            if (colon < 0) {
                throw bad(text, "`" + e + "` has no `:type`");
            }
            String name = name(e.substring(0, colon).strip(), text);
            DType type = type(e.substring(colon + 1).strip(), text);
            if (out.put(name, type) != null) {
                throw bad(text, "column `" + name + "` appears twice");
            }
        }
        return out;
    }

    /** The spec of a struct's fields: what {@link #parse} reads back into the same dtypes. */
    public static String format(DType.Struct schema) {
        List<String> entries = new ArrayList<>();
        for (Field f : schema.fields()) {
            entries.add(quote(f.name()) + ":" + format(f.dtype()));
        }
        return String.join(",", entries);
    }

    public static String format(DType dtype) {
        String nullable = dtype.nullable() && !(dtype instanceof DType.Null) ? "?" : "";
        String base = switch (dtype) {
            case DType.Null n -> "null";
            case DType.Bool b -> "bool";
            case DType.Primitive p -> p.ptype().displayName();
            case DType.Decimal d -> "decimal(" + d.precision() + "," + d.scale() + ")";
            case DType.Utf8 u -> "utf8";
            case DType.Binary b -> "binary";
            case DType.Struct s -> throw new InvalidArgumentException("nested structs have no --schema form");
            case DType.Extension e -> extension(e);
        };
        return base + nullable;
    }

    private static String extension(DType.Extension e) {
        Temporal.Kind k = Temporal.kind(e).orElseThrow(
                () -> new InvalidArgumentException("extension " + e.id() + " has no --schema form"));
        return switch (k.id()) {
            case Temporal.DATE_ID -> "date";
            case Temporal.TIMESTAMP_ID -> k.zone().isPresent()
                    ? "timestamp(" + k.unit().symbol() + "," + k.zone().get() + ")"
                    : k.unit() == TimeUnit.MICROSECONDS ? "timestamp" : "timestamp(" + k.unit().symbol() + ")";
            default -> throw new InvalidArgumentException(k.id() + " has no --schema form");
        };
    }

    private static DType type(String text, String whole) {
        boolean nullable = text.endsWith("?");
        String body = (nullable ? text.substring(0, text.length() - 1) : text).strip();
        String args = null;
        int paren = body.indexOf('(');
        if (paren >= 0) {
            if (!body.endsWith(")")) {
                throw bad(whole, "`" + text + "` has an unclosed `(`");
            }
            args = body.substring(paren + 1, body.length() - 1);
            body = body.substring(0, paren).strip();
        }
        String t = body.toLowerCase(Locale.ROOT);
        if (args != null && !t.equals("decimal") && !t.equals("timestamp")) {
            throw bad(whole, "`" + t + "` takes no arguments");
        }
        return switch (t) {
            case "null" -> {
                if (text.endsWith("?")) {
                    throw bad(whole, "null is always nullable; write `null`");
                }
                yield new DType.Null();
            }
            case "bool", "boolean" -> new DType.Bool(nullable);
            case "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64" ->
                    new DType.Primitive(PType.valueOf(t.toUpperCase(Locale.ROOT)), nullable);
            case "utf8", "string" -> new DType.Utf8(nullable);
            case "binary" -> new DType.Binary(nullable);
            case "date" -> Temporal.date(TimeUnit.DAYS, nullable);
            case "decimal" -> decimal(args, nullable, whole);
            case "timestamp" -> timestamp(args, nullable, whole);
            default -> throw bad(whole, "unknown type `" + t + "` (known: bool, i8..i64, u8..u64, f32, f64, "
                    + "decimal(P,S), utf8, binary, date, timestamp[(UNIT[,ZONE])], null)");
        };
    }

    private static DType decimal(String args, boolean nullable, String whole) {
        if (args == null) {
            throw bad(whole, "decimal needs a precision and a scale: decimal(P,S)");
        }
        String[] ps = args.split(",");
        if (ps.length != 2) {
            throw bad(whole, "decimal(" + args + ") needs exactly a precision and a scale");
        }
        try {
            return new DType.Decimal(Integer.parseInt(ps[0].strip()), Integer.parseInt(ps[1].strip()), nullable);
        } catch (NumberFormatException e) {
            throw bad(whole, "decimal(" + args + ") needs integer precision and scale");
        } catch (InvalidArgumentException e) {
            throw bad(whole, e.getMessage());
        }
    }

    private static DType timestamp(String args, boolean nullable, String whole) {
        if (args == null) {
            return Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), nullable);
        }
        int comma = args.indexOf(',');
        String unitText = (comma < 0 ? args : args.substring(0, comma)).strip().toLowerCase(Locale.ROOT);
        TimeUnit unit = switch (unitText) {
            case "s" -> TimeUnit.SECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            case "ns" -> TimeUnit.NANOSECONDS;
            default -> throw bad(whole, "timestamp unit must be s, ms, us or ns, not `" + unitText + "`");
        };
        Optional<String> zone = Optional.empty();
        if (comma >= 0) {
            String id = args.substring(comma + 1).strip();
            try {
                ZoneId.of(id);
            } catch (DateTimeException e) {
                throw bad(whole, "unknown time zone `" + id + "`");
            }
            zone = Optional.of(id);
        }
        return Temporal.timestamp(unit, zone, nullable);
    }

    /** The index of the `:` that separates name and type, outside backticks; -1 when there is none. */
    private static int separator(String entry) {
        boolean quoted = false;
        for (int i = 0; i < entry.length(); i++) {
            char c = entry.charAt(i);
            if (c == '`') {
                quoted = !quoted;
            } else if (c == ':' && !quoted) {
                return i;
            }
        }
        return -1;
    }

    /** Splits on {@code sep} outside backticks and parentheses. */
    private static List<String> split(String text, char sep) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '`') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')') {
                depth--;
            }
            if (c == sep && !quoted && depth == 0) {
                out.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (quoted) {
            throw bad(text, "an unclosed backtick");
        }
        out.add(current.toString());
        return out;
    }

    private static String name(String text, String whole) {
        if (text.startsWith("`")) {
            if (text.length() < 2 || !text.endsWith("`")) {
                throw bad(whole, "name " + text + " has an unclosed backtick");
            }
            return text.substring(1, text.length() - 1).replace("``", "`");
        }
        if (text.isEmpty()) {
            throw bad(whole, "a column without a name");
        }
        return text;
    }

    static String quote(String name) {
        boolean plain = !name.isEmpty() && name.strip().equals(name)
                && name.chars().noneMatch(c -> ",:()?` ".indexOf(c) >= 0);
        return plain ? name : "`" + name.replace("`", "``") + "`";
    }

    private static InvalidArgumentException bad(String spec, String problem) {
        return new InvalidArgumentException("bad --schema `" + spec + "`: " + problem);
    }
}
