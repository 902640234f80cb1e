package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.vortex.api.Expression;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where filters in Quire and in the reference mean different things, pinned so that a change on either side shows:
 * <ul>
 *   <li>Floats: the reference orders them by their IEEE 754 total order, so {@code -0.0 < 0.0} and a NaN with the
 *       sign bit set is below negative infinity; Quire documents SQL-style numeric order, {@code -0.0 = 0.0} and every
 *       NaN equal to the others and above everything.</li>
 *   <li>Unsigned columns: the reference compares only values of one dtype, and its Java API has no unsigned
 *       literals, so a u8 column cannot be filtered from Java at all; Quire compares by value.</li>
 * </ul>
 */
class ReferenceFilterDifferencesTest {
    static final DType.Struct SCHEMA = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
            new Field("f", new DType.Primitive(PType.F64, false)),
            new Field("small", new DType.Primitive(PType.U8, false)));
    static final double NEGATIVE_NAN = Double.longBitsToDouble(0xFFF8_0000_0000_0000L);
    /** Row {@code i} holds {@code VALUES[i]}. */
    static final double[] VALUES = {-0.0, 0.0, Double.NaN, NEGATIVE_NAN, Double.NEGATIVE_INFINITY, 1.5,
        Double.POSITIVE_INFINITY, -2.5};

    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void write() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < VALUES.length; i++) {
            rows.add(List.of((long) i, Double.doubleToRawLongBits(VALUES[i]), (long) (200 + i)));
        }
        StructArray batch = Values.batch(SCHEMA, rows);
        file = dir.resolve("floats.vortex");
        Quire.write(file, SCHEMA, List.of(batch), WriteOptions.defaults());
    }

    private static List<Long> quire(String filter) {
        List<Long> ids = new ArrayList<>();
        try (VortexFile f = VortexFile.open(file)) {
            f.scan().filter(filter).forEach(b -> Values.rows(b).forEach(r -> ids.add((Long) r.getFirst())));
        }
        return ids;
    }

    private static List<Long> reference(String filter) {
        return ReferenceFilter.scan(file, ReferenceFilter.translate(Expr.parse(filter), SCHEMA)).stream()
                .map(r -> (Long) r.getFirst()).toList();
    }

    @Test
    void theReferenceTellsNegativeZeroFromZero() {
        assertEquals(List.of(0L, 1L), quire("f = 0"));
        assertEquals(List.of(1L), reference("f = 0"));
        assertEquals(List.of(0L, 1L, 4L, 7L), quire("f <= 0"));
        assertEquals(List.of(0L, 1L, 3L, 4L, 7L), reference("f <= 0"), "and puts the negative NaN below zero");
    }

    @Test
    void theReferenceOrdersANegativeNanBelowMinusInfinity() {
        assertEquals(List.of(4L), quire("f < -1e308"));
        assertEquals(List.of(3L, 4L), reference("f < -1e308"));
        assertEquals(List.of(2L, 3L, 5L, 6L), quire("f > 1"), "Quire: every NaN is above everything");
        assertEquals(List.of(2L, 5L, 6L), reference("f > 1"));
        assertEquals(List.of(2L, 3L, 6L), quire("f > 1e308"));
        assertEquals(List.of(2L, 6L), reference("f > 1e308"));
    }

    @Test
    void bothAgreeWhereNeitherTheSignOfZeroNorOfNanDecides() {
        for (String filter : new String[] {"f between -3 and 2", "f = 1.5 or f = -2.5", "f >= 1.5 and f <= 1e308"}) {
            assertEquals(quire(filter), reference(filter), filter);
        }
        assertEquals(List.of(0L, 1L, 5L, 7L), quire("f between -3 and 2"));
        assertEquals(List.of(5L, 7L), quire("f = 1.5 or f = -2.5"));
        assertEquals(List.of(5L), quire("f >= 1.5 and f <= 1e308"));
    }

    @Test
    void theReferenceCannotCompareAnUnsignedColumnWithAnyLiteralOfItsJavaApi() {
        assertEquals(List.of(6L, 7L), quire("small > 205"));
        for (Expression literal : new Expression[] {Expression.literal((byte) 5), Expression.literal((short) 205),
            Expression.literal(205), Expression.literal(205L)}) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> ReferenceFilter.scan(file,
                    Expression.binary(Expression.BinaryOp.GT, Expression.column("small"), literal)));
            assertTrue(e.getMessage().contains("Cannot compare different DTypes u8"), e.getMessage());
        }
    }
}
