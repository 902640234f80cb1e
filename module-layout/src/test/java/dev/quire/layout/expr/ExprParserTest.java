package dev.quire.layout.expr;

import static dev.quire.layout.expr.Expr.col;
import static dev.quire.layout.expr.Expr.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExprParserTest {

    private static Expr num(String s) {
        return new Literal.Num(new BigDecimal(s));
    }

    @Test
    void comparisonsOfEveryOperator() {
        assertEquals(col("a").eq(1), Expr.parse("a = 1"));
        assertEquals(col("a").eq(1), Expr.parse("a == 1"));
        assertEquals(col("a").ne(1), Expr.parse("a != 1"));
        assertEquals(col("a").ne(1), Expr.parse("a <> 1"));
        assertEquals(col("a").lt(1), Expr.parse("a<1"));
        assertEquals(col("a").le(1), Expr.parse("a <= 1"));
        assertEquals(col("a").gt(1), Expr.parse("a > 1"));
        assertEquals(col("a").ge(1), Expr.parse("a >= 1"));
        assertEquals(new Expr.Compare(CompareOp.LT, lit(1), col("b")), Expr.parse("1 < b"));
        assertEquals(col("a").le(col("b.c")), Expr.parse("a <= b.c"));
    }

    @Test
    void conjunctsAreTheOperandsOfNestedAndsLeftToRight() {
        assertEquals(List.of(col("a").eq(1)), col("a").eq(1).conjuncts());
        Expr or = Expr.parse("a = 1 or b = 2");
        assertEquals(List.of(or), or.conjuncts(), "an or is one conjunct");
        assertEquals(List.of(col("a").eq(1), col("b").eq(2), col("c").eq(3), or),
                Expr.parse("(a = 1 and (b = 2 and c = 3)) and (a = 1 or b = 2)").conjuncts());
        assertEquals(List.of(col("a").gt(1), Expr.not(col("b").eq(2).and(col("c").eq(3)))),
                Expr.parse("a > 1 and not (b = 2 and c = 3)").conjuncts(), "an and under a not stays whole");
    }

    @Test
    void theIssueExample() {
        Expr e = Expr.parse("l_shipdate >= date '1994-01-01' and l_quantity < 24");
        assertEquals(col("l_shipdate").ge(LocalDate.of(1994, 1, 1)).and(col("l_quantity").lt(24)), e);
        assertEquals("l_shipdate >= date '1994-01-01' and l_quantity < 24", e.toString());
        assertEquals(List.of(FieldPath.of("l_shipdate"), FieldPath.of("l_quantity")), e.columns());
    }

    @Test
    void predicatesOfEveryKind() {
        assertEquals(col("a").between(1, 5), Expr.parse("a between 1 and 5"));
        assertEquals(col("a").between(1, 5).not(), Expr.parse("a not between 1 and 5"));
        assertEquals(col("a").in(1, 2, 3), Expr.parse("a in (1, 2, 3)"));
        assertEquals(col("a").in("x", Literal.nullValue()), Expr.parse("a IN ('x',NULL)"));
        assertEquals(new Expr.In(col("a"), List.of()), Expr.parse("a in ()"));
        assertEquals(col("a").in(1).not(), Expr.parse("a not in (1)"));
        assertEquals(col("a").isNull(), Expr.parse("a is null"));
        assertEquals(col("a").isNotNull(), Expr.parse("a IS NOT NULL"));
        assertEquals(col("s").like("ab%"), Expr.parse("s like 'ab%'"));
        assertEquals(col("s").ilike("ab%"), Expr.parse("s ILIKE 'ab%'"));
        assertEquals(col("s").like("ab%").not(), Expr.parse("s not like 'ab%'"));
        assertEquals(new Expr.Like(col("s"), "a!%%", Optional.of('!'), false),
                Expr.parse("s like 'a!%%' escape '!'"));
        assertEquals(new Expr.Like(col("s"), "a\\", Optional.empty(), true), Expr.parse("s ilike 'a\\' escape ''"));
        assertEquals(col("s").startsWith("ab"), Expr.parse("starts_with(s, 'ab')"));
        assertEquals(col("b").startsWith(new byte[] {0, (byte) 0xFF}), Expr.parse("STARTS_WITH(b, x'00ff')"));
        assertEquals(col("flag"), Expr.parse("flag"));
        assertEquals(col("flag").not(), Expr.parse("not flag"));
        assertEquals(lit(true), Expr.parse("TRUE"));
    }

    @Test
    void literalsOfEveryKind() {
        assertEquals(num("-5"), ((Expr.Compare) Expr.parse("a > -5")).right());
        assertEquals(num("-5"), ((Expr.Compare) Expr.parse("a>-5")).right());
        assertEquals(num("1.50"), ((Expr.Compare) Expr.parse("a = 1.50")).right());
        assertEquals(num("0.5"), ((Expr.Compare) Expr.parse("a = .5")).right());
        assertEquals(num("1E+10"), ((Expr.Compare) Expr.parse("a = 1e10")).right());
        assertEquals(num("-2.5E-3"), ((Expr.Compare) Expr.parse("a = -2.5E-3")).right());
        assertEquals(num("12345678901234567890123"),
                ((Expr.Compare) Expr.parse("a = 12345678901234567890123")).right());
        assertEquals(lit("it's"), ((Expr.Compare) Expr.parse("a = 'it''s'")).right());
        assertEquals(lit(""), ((Expr.Compare) Expr.parse("a = ''")).right());
        assertEquals(lit(false), ((Expr.Compare) Expr.parse("a = False")).right());
        assertEquals(Literal.nullValue(), ((Expr.Compare) Expr.parse("a = null")).right());
        assertEquals(lit(LocalDate.of(2024, 2, 29)), ((Expr.Compare) Expr.parse("a = DATE '2024-02-29'")).right());
        assertEquals(lit(LocalTime.of(12, 30, 1, 500_000_000)),
                ((Expr.Compare) Expr.parse("a = time '12:30:01.5'")).right());
        assertEquals(lit(LocalDateTime.of(1994, 1, 1, 0, 0)),
                ((Expr.Compare) Expr.parse("a = timestamp '1994-01-01'")).right());
        assertEquals(lit(LocalDateTime.of(1994, 1, 1, 8, 15, 0, 123_456_789)),
                ((Expr.Compare) Expr.parse("a = timestamp '1994-01-01 08:15:00.123456789'")).right());
        assertEquals(new Literal.Timestamp(LocalDateTime.of(1994, 1, 1, 8, 15), Optional.of(ZoneOffset.ofHours(2))),
                ((Expr.Compare) Expr.parse("a = timestamp '1994-01-01T08:15+02:00'")).right());
        assertEquals(new Literal.Timestamp(LocalDateTime.of(1994, 1, 1, 8, 15), Optional.of(ZoneOffset.UTC)),
                ((Expr.Compare) Expr.parse("a = timestamp '1994-01-01 08:15:00Z'")).right());
        assertEquals(lit(new byte[] {(byte) 0xAB, 1}), ((Expr.Compare) Expr.parse("a = X'AB01'")).right());
        assertEquals(lit(new Scalar(DType.primitive(PType.U64, false), -1L)),
                ((Expr.Compare) Expr.parse("a = u64 '18446744073709551615'")).right());
        assertEquals(lit(new Scalar(DType.primitive(PType.F64, false), Double.NaN)),
                ((Expr.Compare) Expr.parse("a = f64 'NaN'")).right());
        assertEquals(lit(new Scalar(DType.primitive(PType.F32, false), Float.NEGATIVE_INFINITY)),
                ((Expr.Compare) Expr.parse("a = F32 '-Infinity'")).right());
        assertEquals(lit(new Scalar(new DType.Decimal(5, 2, false), new BigDecimal("3.5"))),
                ((Expr.Compare) Expr.parse("a = decimal(5, 2) '3.50'")).right());
    }

    @Test
    void precedenceIsOrAndNotPredicatePrimary() {
        Expr a = col("a").eq(1);
        Expr b = col("b").eq(2);
        Expr c = col("c").eq(3);
        assertEquals(a.or(b.and(c)), Expr.parse("a = 1 or b = 2 and c = 3"));
        assertEquals(a.and(b).or(c), Expr.parse("a = 1 and b = 2 or c = 3"));
        assertEquals(a.not().and(b), Expr.parse("not a = 1 and b = 2"));
        assertEquals(a.and(b).not(), Expr.parse("not (a = 1 and b = 2)"));
        assertEquals(a.not().not(), Expr.parse("not not a = 1"));
        assertEquals(a.or(b).and(c), Expr.parse("(a = 1 or b = 2) and c = 3"));
        assertEquals(col("x").between(1, 5).and(col("y")), Expr.parse("x between 1 and 5 and y"));
        assertEquals(a.and(b).and(c), Expr.parse("a = 1 and b = 2 and c = 3"));
        assertEquals(a.and(b.and(c)), Expr.parse("a = 1 and (b = 2 and c = 3)"));
        assertEquals(new Expr.Compare(CompareOp.EQ, col("x").lt(5), lit(true)), Expr.parse("(x < 5) = true"));
    }

    @Test
    void namesAreIdentifiersBacktickQuotedOrDotted() {
        assertEquals(col(FieldPath.of("a", "b", "c")), Expr.parse("a.b.c"));
        assertEquals(col(FieldPath.of("a.b", "c")), Expr.parse("`a.b`.c"));
        assertEquals(col(FieldPath.of("we`ird name")), Expr.parse("`we``ird name`"));
        assertEquals(col(FieldPath.of("and")), Expr.parse("`and`"));
        assertEquals(col(FieldPath.of("")), Expr.parse("``"));
        assertEquals(col(FieldPath.of("date")).eq(1), Expr.parse("date = 1"));
        assertEquals(col(FieldPath.of("x")).eq(1), Expr.parse("x = 1"));
        assertEquals(col(FieldPath.of("ünïcode_1")), Expr.parse("ünïcode_1"));
        assertEquals(col(FieldPath.of("s", "date")), Expr.parse("s . date"));
    }

    @Test
    void printingQuotesWhatTheParserWouldNotReadAsAName() {
        assertEquals("`and` = 1", col(FieldPath.of("and")).eq(1).toString());
        assertEquals("`date` = 1", col(FieldPath.of("date")).eq(1).toString());
        assertEquals("`a.b`.c = 'it''s'", col(FieldPath.of("a.b", "c")).eq("it's").toString());
        assertEquals("`1x` is null", col(FieldPath.of("1x")).isNull().toString());
        assertEquals("`sp ace` is not null", col(FieldPath.of("sp ace")).isNotNull().toString());
        assertEquals("not (a or b)", col("a").or(col("b")).not().toString());
        assertEquals("a or (b or c)", col("a").or(col("b").or(col("c"))).toString());
        assertEquals("a or b or c", col("a").or(col("b")).or(col("c")).toString());
        assertEquals("s like 'a\\%' escape '!'",
                new Expr.Like(col("s"), "a\\%", Optional.of('!'), false).toString());
        assertEquals("x in (1, 'a', null)", col("x").in(1, "a", Literal.nullValue()).toString());
        assertEquals("f64 'NaN'", lit(Double.NaN).toString());
        assertEquals("0.1", lit(0.1).toString());
        assertEquals("decimal(10,2) '1.50'",
                lit(new Scalar(new DType.Decimal(10, 2, true), new BigDecimal("1.5"))).toString());
        assertEquals("timestamp '2000-01-02 03:04:05.006+01:00'",
                lit(java.time.OffsetDateTime.of(2000, 1, 2, 3, 4, 5, 6_000_000, ZoneOffset.ofHours(1))).toString());
        assertEquals("time '10:00:00'", lit(LocalTime.of(10, 0)).toString());
    }

    /** Input, error position, and a fragment of the reason. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a =|3|expected an expression, found the end of the input",
        "a = = 1|4|expected an expression, found '='",
        "(a = 1 and b|12|expected ')' to close the '(' at position 0",
        "a = 'abc|4|unclosed string literal",
        "`abc = 1|0|unclosed quoted name",
        "a = 1 b|6|unexpected `b` after a complete expression",
        "a < b < c|6|unexpected '<'",
        "a not 5|6|expected between, in, like or ilike after not",
        "a between 1 or 2|12|expected and, found the keyword or",
        "a in (1, b)|9|in-lists hold literals only",
        "a in 1|5|expected '(' to start the in-list",
        "a in (1 2)|8|expected ',' or ')' in the in-list",
        "a is 5|5|expected null, found the number 5",
        "a like b|7|expected a string pattern after like",
        "a like 'x\\'|7|ends with its escape character",
        "a like 'x' escape 'ab'|18|the escape must be one character",
        "foo(a)|0|unknown function `foo`",
        "starts_with(a, b)|15|the prefix of starts_with must be a literal",
        "a = date '1994-13-01'|9|invalid date '1994-13-01', expected YYYY-MM-DD",
        "a = timestamp 'noon'|14|invalid timestamp 'noon'",
        "a = u8 '300'|7|300 does not fit u8",
        "a = i32 'x'|8|invalid i32 'x'",
        "a = decimal(3, 1) '12.34'|18|is not exact at the scale of decimal(3,1)",
        "a = decimal(100, 1) '1'|12|decimal precision must be 1..76",
        "a = x'abc'|5|even number of hex digits",
        "a = 1e|4|the exponent has no digits",
        "a = 12abc|4|malformed number",
        "a = 1.2.3|4|malformed number",
        "a ! b|2|unexpected '!'",
        "a = #|4|unexpected character '#'",
        "and = 1|0|expected an expression, found the keyword and",
        "a.and = 1|2|expected a field name, found the keyword and",
        "a. = 1|3|expected a field name, found '='",
        "a - b|2|unexpected character '-'",
        "not|3|expected an expression",
    })
    void errorsPointAtTheirPosition(String input, int position, String reason) {
        ExpressionSyntaxException e = assertThrows(ExpressionSyntaxException.class, () -> Expr.parse(input));
        assertEquals(position, e.position(), e.getMessage());
        assertTrue(e.reason().contains(reason), e.getMessage());
        assertEquals(input, e.input());
        assertEquals(ErrorCode.INVALID_ARGUMENT, e.code());
        assertInstanceOf(InvalidArgumentException.class, e);
        String[] lines = e.getMessage().split("\n");
        assertEquals(3, lines.length, e.getMessage());
        assertEquals(e.reason() + " at position " + position, lines[0]);
        assertEquals("  " + input, lines[1]);
        assertEquals("  " + " ".repeat(position) + "^", lines[2]);
    }

    @Test
    void caretLinesUpUnderControlCharacters() {
        ExpressionSyntaxException e = assertThrows(ExpressionSyntaxException.class, () -> Expr.parse("a =\n\t)"));
        assertEquals(5, e.position());
        assertEquals("expected an expression, found ')' at position 5\n  a =  )\n       ^", e.getMessage());
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String deep = "(".repeat(10_000) + "a" + ")".repeat(10_000);
        ExpressionSyntaxException e = assertThrows(ExpressionSyntaxException.class, () -> Expr.parse(deep));
        assertTrue(e.reason().contains("nested more than"), e.getMessage());
        String nots = "not ".repeat(10_000) + "a";
        assertThrows(ExpressionSyntaxException.class, () -> Expr.parse(nots));
        assertEquals(col("a"), Expr.parse("(".repeat(100) + "a" + ")".repeat(100)));
    }

    @Test
    void javaValuesBecomeLiterals() {
        assertEquals(num("7"), lit(7));
        assertEquals(num("7"), lit((short) 7));
        assertEquals(num("7"), lit(7L));
        assertEquals(num("0.1"), lit(0.1));
        assertEquals(num("0.1"), lit(0.1f));
        assertEquals(lit("c"), lit('c'));
        assertEquals(num("123456789012345678901234567890"),
                lit(new java.math.BigInteger("123456789012345678901234567890")));
        assertThrows(InvalidArgumentException.class, () -> lit(null));
        assertThrows(InvalidArgumentException.class, () -> lit(new Object()));
        assertThrows(InvalidArgumentException.class, () -> col("a").eq(null));
        assertThrows(InvalidArgumentException.class, () -> new Literal.Typed(
                new Scalar(new DType.Decimal(3, 1, false), new BigDecimal("1.25"))));
        assertThrows(InvalidArgumentException.class, () -> new Literal.Typed(new Scalar(DType.utf8(false), "x")));
        assertThrows(InvalidArgumentException.class, () -> new Literal.Typed(
                new Scalar(DType.primitive(PType.U8, false), 256L)));
        assertThrows(InvalidArgumentException.class, () -> new Literal.Typed(
                new Scalar(DType.primitive(PType.I8, false), -129L)));
        assertThrows(InvalidArgumentException.class, () -> col("s").like("ab\\"));
        assertEquals(Expr.allOf(), lit(true));
        assertEquals(Expr.anyOf(), lit(false));
        assertEquals(col("a").and(col("b")).and(col("c")), Expr.allOf(col("a"), col("b"), col("c")));
        assertEquals(col("a").or(col("b")), Expr.anyOf(List.of(col("a"), col("b"))));
        assertEquals(Expr.not(col("a")), col("a").not());
    }

    @Test
    void scalarsBecomeTheirLiterals() {
        assertEquals(lit("x"), Literal.of(new Scalar(DType.utf8(true), "x")));
        assertEquals(lit(true), Literal.of(new Scalar(DType.bool(false), true)));
        assertEquals(Literal.nullValue(), Literal.of(Scalar.nullOf(DType.utf8(true))));
        assertEquals(lit(LocalDate.of(1970, 1, 11)), Literal.of(new Scalar(
                dev.quire.layout.dtype.Temporal.date(dev.quire.layout.dtype.TimeUnit.DAYS, false), 10L)));
        assertEquals(new Literal.Timestamp(LocalDateTime.of(1970, 1, 1, 0, 0, 1), Optional.of(ZoneOffset.UTC)),
                Literal.of(new Scalar(dev.quire.layout.dtype.Temporal.timestamp(
                        dev.quire.layout.dtype.TimeUnit.MILLISECONDS, Optional.of("Europe/Paris"), false), 1000L)));
        assertEquals(lit(LocalTime.of(0, 0, 2)), Literal.of(new Scalar(dev.quire.layout.dtype.Temporal.time(
                dev.quire.layout.dtype.TimeUnit.SECONDS, false), 2L)));
        InvalidArgumentException far = assertThrows(InvalidArgumentException.class, () -> Literal.of(new Scalar(
                dev.quire.layout.dtype.Temporal.date(dev.quire.layout.dtype.TimeUnit.DAYS, false), Long.MAX_VALUE)));
        assertTrue(far.getMessage().contains("is outside the dates java.time represents"), far.getMessage());
        assertThrows(InvalidArgumentException.class, () -> Literal.of(new Scalar(dev.quire.layout.dtype.Temporal
                .time(dev.quire.layout.dtype.TimeUnit.SECONDS, false), 86_400L)));
        Scalar half = new Scalar(DType.primitive(PType.F16, false), 0.1f);
        assertEquals(Float.float16ToFloat(Float.floatToFloat16(0.1f)),
                ((Literal.Typed) Literal.of(half)).scalar().value());
    }

    @Test
    void printedTextParsesBackToTheSameTree() {
        for (long seed = 0; seed < 500; seed++) {
            Random random = new Random(seed);
            Expr e = RandomExprs.anyTree(random, 4);
            String text = e.toString();
            Expr back;
            try {
                back = Expr.parse(text);
            } catch (ExpressionSyntaxException x) {
                throw new AssertionError("seed " + seed + ": " + x.getMessage(), x);
            }
            assertEquals(e, back, "seed " + seed + ": " + text);
            assertEquals(text, back.toString(), "seed " + seed);
        }
    }
}
