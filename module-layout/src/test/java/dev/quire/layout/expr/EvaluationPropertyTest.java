package dev.quire.layout.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.FieldPath;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random batches (every dtype, random encodings and nulls) and random predicates from a seed, evaluated by the engine
 * and by {@link Reference} row by row. Each predicate is checked as is, negated (which exposes its FALSE rows) and
 * under {@code is null} (its NULL rows), so all three values must agree. A failure names the seed and the predicate.
 */
class EvaluationPropertyTest {
    private static final int SEEDS = 400;

    @Test
    void evaluationAgreesWithTheReferenceOnEveryRow() {
        int checked = 0;
        int selected = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            Random r = new Random(seed);
            int rows = r.nextInt(10) == 0 ? r.nextInt(4) : 1 + r.nextInt(150);
            Fixture.Batch batch = Fixture.batch(r, rows);
            Reference reference = new Reference(Fixture.PATHS, batch.values());
            for (int k = 0; k < 3; k++) {
                Expr e = Fixture.predicate(r, 3, batch);
                assertEquals(e, Expr.parse(e.toString()), "seed " + seed + ": " + e);
                for (Expr variant : new Expr[] {e, e.not(), new Expr.IsNull(e)}) {
                    selected += check(seed, variant, batch, reference);
                    checked++;
                }
            }
        }
        // The generator must not be degenerate: predicates select some rows and leave others.
        assertEquals(SEEDS * 9, checked);
        if (selected < SEEDS * 50) {
            fail("only " + selected + " rows selected in " + checked + " evaluations");
        }
    }

    private static int check(long seed, Expr e, Fixture.Batch batch, Reference reference) {
        RowMask mask;
        try {
            mask = e.bind(Fixture.SCHEMA).evaluate(batch.array());
        } catch (InvalidArgumentException x) {
            throw new AssertionError("seed " + seed + ": `" + e + "` failed: " + x.getMessage(), x);
        }
        assertEquals(batch.rows(), mask.length());
        for (int row = 0; row < batch.rows(); row++) {
            Boolean expected = reference.eval(e, row);
            if (mask.get(row) != Boolean.TRUE.equals(expected)) {
                throw new AssertionError("seed " + seed + ", row " + row + ": `" + e + "` is " + expected
                        + " by the reference, but the mask has " + mask.get(row) + "; values: " + values(e, batch,
                        row));
            }
        }
        return (int) mask.countOnes();
    }

    private static String values(Expr e, Fixture.Batch batch, int row) {
        StringBuilder sb = new StringBuilder();
        for (FieldPath p : e.columns()) {
            Object v = batch.values().get(p)[row];
            sb.append(p).append('=').append(v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : v)
                    .append(' ');
        }
        return sb.toString();
    }
}
