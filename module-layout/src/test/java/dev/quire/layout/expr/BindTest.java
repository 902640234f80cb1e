package dev.quire.layout.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Binding type-checks before any data is read, and says exactly what is wrong. */
class BindTest {
    static final DType.Struct SCHEMA = new DType.Struct(List.of(
            new Field("a", DType.primitive(PType.I64, true)),
            new Field("u", DType.primitive(PType.U8, false)),
            new Field("f", DType.primitive(PType.F32, true)),
            new Field("flag", DType.bool(true)),
            new Field("s", DType.utf8(true)),
            new Field("bin", DType.binary(true)),
            new Field("d2", new DType.Decimal(10, 2, true)),
            new Field("d3", new DType.Decimal(10, 3, true)),
            new Field("day", Temporal.date(TimeUnit.DAYS, true)),
            new Field("ts", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), true)),
            new Field("tsz", Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.of("Mars/Olympus_Mons"), true)),
            new Field("tsutc", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), true)),
            new Field("tod", Temporal.time(TimeUnit.MILLISECONDS, true)),
            new Field("st", new DType.Struct(List.of(new Field("x", DType.primitive(PType.I32, true)),
                    new Field("y", DType.utf8(false))), true)),
            new Field("ext", new DType.Extension("my.ext", DType.primitive(PType.I64, true), new byte[0])),
            new Field("nothing", new DType.Null())), false);

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "zz = 1|no column `zz`: `zz` is not one of [a, u, f, flag, s, bin, d2, d3, day, ts, tsz, tsutc, tod, st, ext,"
                + " nothing]",
        "st.z = 1|no column `st.z`: `z` is not one of [x, y] (the fields of `st`)",
        "a.b = 1|no column `a.b`: `a` is i64?, not a struct",
        "s < 24|cannot compare `s` (utf8?) with 24: utf8 compares with strings (in `s < 24`)",
        "24 > s|cannot compare `s` (utf8?) with 24: utf8 compares with strings (in `24 > s`)",
        "a = 'x'|cannot compare `a` (i64?) with 'x': numbers compare with numbers (in `a = 'x'`)",
        "a = true|cannot compare `a` (i64?) with true: numbers compare with numbers (in `a = true`)",
        "flag = 1|cannot compare `flag` (bool?) with 1: bools compare with true, false and conditions",
        "st = 1|cannot compare `st` (struct{x: i32?, y: utf8}?) with 1: structs cannot be compared; compare their"
                + " fields",
        "s = a|cannot compare `s` (utf8?) with `a` (i64?) (in `s = a`)",
        "s = bin|cannot compare `s` (utf8?) with `bin` (binary?) (in `s = bin`)",
        "d2 < d3|cannot compare `d2` (decimal(10,2)?) with `d3` (decimal(10,3)?): decimal columns compare only at the"
                + " same scale",
        "a < d2|cannot compare `a` (i64?) with `d2` (decimal(10,2)?) (in `a < d2`)",
        "day < ts|cannot compare `day` (date(days)?) with `ts` (timestamp(us)?): temporal columns compare only with"
                + " the same kind, unit and zoning",
        "ts < tsutc|temporal columns compare only with the same kind, unit and zoning",
        "day = 5|cannot compare `day` (date(days)?) with 5: dates compare with date '...' and timestamp '...' literals",
        "tod = date '2000-01-01'|times compare with time '...' literals",
        "ts = 5|timestamps compare with timestamp '...' and date '...' literals",
        "ts = timestamp '2000-01-01 00:00+01:00'|a timestamp with an offset is an instant, and the column has no time"
                + " zone",
        "day = timestamp '2000-01-01 00:00Z'|a timestamp with an offset is an instant, and dates have no time zone",
        "day = '1994-13-01'|cannot read '1994-13-01' as a date or timestamp to compare with `day` (date(days)?)",
        "tod < 'noon'|cannot read 'noon' as a time to compare with `tod` (time(ms)?)",
        "tsz = date '2000-01-01'|column `tsz` has the unknown time zone 'Mars/Olympus_Mons'",
        "bin = 5|binary compares with strings and x'..' bytes",
        "s = x'00'|utf8 compares with strings",
        "ext = 1|values of extension my.ext cannot be compared",
        "a|`a` is i64?, not a boolean: a filter needs a condition, such as `a = ...`",
        "st.y|`st.y` is utf8, not a boolean",
        "5|the literal 5 is not a boolean",
        "(a < 1) = 5|cannot compare the condition `a < 1` with 5: a condition compares only with booleans",
        "flag in (true, 2)|cannot compare `flag` (bool?) with 2: a boolean compares only with true and false",
        "a in (1, 'x')|cannot compare `a` (i64?) with 'x': numbers compare with numbers (in `a in (1, 'x')`)",
        "5 in (1, 'x')|cannot compare 5 with 'x' (in `5 in (1, 'x')`)",
        "a like 'x%'|like needs a utf8 value, found `a` (i64?) (in `a like 'x%'`)",
        "bin ilike 'x%'|ilike needs a utf8 value, found `bin` (binary?)",
        "starts_with(a, 'x')|starts_with needs a utf8 value and a string prefix",
        "starts_with(s, x'00')|starts_with needs a utf8 value and a string prefix",
        "starts_with(s, 5)|the prefix of starts_with must be a string or bytes, not 5",
        "1 < 'a'|cannot compare 1 with 'a' (in `1 < 'a'`)",
        "a between 1 and 'z'|cannot compare `a` (i64?) with 'z'",
        "st.x = 1 and st.y = 2|cannot compare `st.y` (utf8) with 2",
    })
    void bindingErrorsNameTheProblem(String text, String message) {
        Expr e = Expr.parse(text);
        InvalidArgumentException x = assertThrows(InvalidArgumentException.class, () -> e.bind(SCHEMA));
        assertFalse(x instanceof ExpressionSyntaxException, x.getMessage());
        assertEquals(ErrorCode.INVALID_ARGUMENT, x.code());
        assertTrue(x.getMessage().contains(message), "expected \"" + message + "\" in \"" + x.getMessage() + "\"");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a < 300 and u < 300 and u = -1",
        "f = 0.1 and f < f64 'NaN' and f in (1, 2.5, null)",
        "flag and not flag = (a > 1)",
        "s like 'a%' or s ilike 'B_' or starts_with(s, 'x') or s > 'q'",
        "bin = 'abc' or bin < x'00' or starts_with(bin, x'ff') or starts_with(bin, 'z')",
        "d2 = 1.005 or d2 between 1 and d2 or d2 = d2",
        "day >= date '1994-01-01' and day < '1995-01-01' and ts > timestamp '1994-01-01 12:00:00'",
        "tsutc = timestamp '2000-01-01 00:00:00+05:30' and tod = time '12:00:00' and tod > '11:00'",
        "st.x is null or st is not null or st.y = 'a'",
        "ext is null and nothing is null and nothing = 5 and nothing like 'a' and a = null",
        "ts < timestamp '+999999999-12-31 23:59:59' and tsutc > timestamp '-999999999-01-01 00:00:00'",
        "a = f and a < u and f >= u",
    })
    void wellTypedExpressionsBind(String text) {
        BoundExpr e = Expr.parse(text).bind(SCHEMA);
        assertEquals(Expr.parse(text), e.expr());
        assertEquals(text, e.toString());
        assertEquals(SCHEMA, e.schema());
    }

    @Test
    void boundExpressionsListTheColumnsTheyRead() {
        BoundExpr e = Expr.parse("a between u and 5 and st.x in (1, 2) or s like 'x%' or a > 1 or st.y is null")
                .bind(SCHEMA);
        assertEquals(List.of(FieldPath.of("a"), FieldPath.of("u"), FieldPath.of("st", "x"), FieldPath.of("s"),
                FieldPath.of("st", "y")), e.columns());
        assertEquals(List.of(), Expr.parse("1 < 2").bind(SCHEMA).columns());
    }
}
