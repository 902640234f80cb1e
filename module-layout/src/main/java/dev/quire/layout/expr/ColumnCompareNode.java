package dev.quire.layout.expr;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Two columns compared row by row. Values are loaded 64 rows at a time into key buffers (a constant column fills its
 * buffer once, without being expanded), then compared in a loop per mode: integers of any widths and signedness,
 * floats of any widths (total order, NaN largest), integers against floats (exactly), decimals of one scale, and
 * byte strings.
 */
final class ColumnCompareNode implements Node {
    enum Mode { INTS, FLOATS, INT_FLOAT, DECIMALS, BYTES }

    private final Mode mode;
    private final CompareOp op;
    private final FieldPath leftPath;
    private final FieldPath rightPath;
    private final DType leftType;
    private final DType rightType;
    private final Domain left;
    private final Domain right;

    /** For {@link Mode#INT_FLOAT} the integer column must be on the left; the binder swaps and flips. */
    ColumnCompareNode(Mode mode, CompareOp op, FieldPath leftPath, DType leftType, FieldPath rightPath,
            DType rightType) {
        this.mode = mode;
        this.op = op;
        this.leftPath = leftPath;
        this.rightPath = rightPath;
        this.leftType = leftType;
        this.rightType = rightType;
        this.left = Domain.of(leftType);
        this.right = Domain.of(rightType);
    }

    @Override
    public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
        EvalContext.Col a = ctx.column(leftPath, leftType);
        EvalContext.Col b = ctx.column(rightPath, rightType);
        long[] valid = a.valid().clone();
        Bits.andInto(valid, b.valid());
        long[] m = new long[ctx.words];
        switch (mode) {
            case INTS -> ints(a.array(), b.array(), ctx.n, m);
            case FLOATS -> floats(a.array(), b.array(), ctx.n, m);
            case INT_FLOAT -> intFloat(a.array(), b.array(), ctx.n, m);
            case DECIMALS -> decimals(a.array(), b.array(), ctx.n, m);
            case BYTES -> bytes(a.array(), b.array(), ctx.n, valid, m);
        }
        for (int i = 0; i < m.length; i++) {
            t[i] = m[i] & valid[i];
            f[i] = ~m[i] & valid[i];
        }
    }

    /** Fills {@code buf} with keys of rows {@code [row, row + count)}: integers raw, floats as f64 keys. */
    private static void keys(Array a, Domain d, boolean f64Keys, int row, int count, long[] buf) {
        if (a instanceof ConstantArray c) {
            Arrays.fill(buf, 0, count, constantKey(c.scalar(), f64Keys));
            return;
        }
        MemorySegment values = ((PrimitiveArray) a).values();
        if (f64Keys) {
            Kernels.loadF64Keys(values, d.keyKind(), row, count, buf);
        } else {
            Kernels.loadKeys(values, d.keyKind(), row, count, buf);
        }
    }

    private static long constantKey(Scalar s, boolean f64Keys) {
        Object v = s.value();
        if (v == null) {
            return 0; // a null constant: every row is invalid, so the key is never used
        }
        if (f64Keys) {
            return Coercion.keyF64(((Number) v).doubleValue());
        }
        return (Long) v;
    }

    private void ints(Array a, Array b, int n, long[] out) {
        boolean au = left.ptype() == PType.U64;
        boolean bu = right.ptype() == PType.U64;
        long[] x = new long[64];
        long[] y = new long[64];
        int mask = op.mask();
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int count = Math.min(64, n - row);
            keys(a, left, false, row, count, x);
            keys(b, right, false, row, count, y);
            long bits = 0;
            for (int j = 0; j < count; j++) {
                int c = Kernels.compareInts(x[j], au, y[j], bu);
                bits |= (long) (mask >>> (Integer.signum(c) + 1) & 1) << j;
            }
            out[w] = bits;
        }
    }

    private void floats(Array a, Array b, int n, long[] out) {
        long[] x = new long[64];
        long[] y = new long[64];
        int mask = op.mask();
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int count = Math.min(64, n - row);
            keys(a, left, true, row, count, x);
            keys(b, right, true, row, count, y);
            long bits = 0;
            for (int j = 0; j < count; j++) {
                bits |= (long) (mask >>> (Long.signum(Long.compare(x[j], y[j])) + 1) & 1) << j;
            }
            out[w] = bits;
        }
    }

    private void intFloat(Array a, Array b, int n, long[] out) {
        boolean u64 = left.ptype() == PType.U64;
        long[] x = new long[64];
        double[] y = new double[64];
        int mask = op.mask();
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int count = Math.min(64, n - row);
            keys(a, left, false, row, count, x);
            if (b instanceof ConstantArray c) {
                Arrays.fill(y, 0, count, c.scalar().isNull() ? 0 : ((Number) c.scalar().value()).doubleValue());
            } else {
                Kernels.loadDoubles(((PrimitiveArray) b).values(), right.keyKind(), row, count, y);
            }
            long bits = 0;
            for (int j = 0; j < count; j++) {
                int c = Kernels.compareIntDouble(x[j], u64, y[j]);
                bits |= (long) (mask >>> (Integer.signum(c) + 1) & 1) << j;
            }
            out[w] = bits;
        }
    }

    /** Decimals of one scale: unscaled values as four limbs each, whatever their storage widths. */
    private void decimals(Array a, Array b, int n, long[] out) {
        long[] x = new long[4 * 64];
        long[] y = new long[4 * 64];
        int mask = op.mask();
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int count = Math.min(64, n - row);
            limbs(a, left.scale(), row, count, x);
            limbs(b, right.scale(), row, count, y);
            long bits = 0;
            for (int j = 0; j < count; j++) {
                int c = Kernels.compareLimbs(x, 4 * j, y, 4 * j);
                bits |= (long) (mask >>> (Integer.signum(c) + 1) & 1) << j;
            }
            out[w] = bits;
        }
    }

    private static void limbs(Array a, int scale, int row, int count, long[] buf) {
        if (a instanceof ConstantArray c) {
            long[] l = c.scalar().isNull() ? new long[4] : RangeNode.limbs(((BigDecimal) c.scalar().value())
                    .setScale(scale, RoundingMode.UNNECESSARY).unscaledValue());
            for (int j = 0; j < count; j++) {
                System.arraycopy(l, 0, buf, 4 * j, 4);
            }
            return;
        }
        DecimalArray d = (DecimalArray) a;
        Kernels.loadLimbs(d.values(), d.valueWidth(), row, count, buf);
    }

    private void bytes(Array a, Array b, int n, long[] valid, long[] out) {
        Kernels.Views va = a instanceof VarBinViewArray v ? new Kernels.Views(v) : null;
        Kernels.Views vb = b instanceof VarBinViewArray v ? new Kernels.Views(v) : null;
        MemorySegment ca = va == null ? constantBytes(a) : MemorySegment.NULL;
        MemorySegment cb = vb == null ? constantBytes(b) : MemorySegment.NULL;
        int mask = op.mask();
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long ok = valid[w];
            long bits = 0;
            for (int j = 0; j < end; j++) {
                if ((ok >>> j & 1) == 0) {
                    continue;
                }
                int i = row + j;
                int la = va == null ? (int) ca.byteSize() : va.length(i);
                int lb = vb == null ? (int) cb.byteSize() : vb.length(i);
                MemorySegment sa = va == null ? ca : va.segment(i, la);
                MemorySegment sb = vb == null ? cb : vb.segment(i, lb);
                long oa = va == null ? 0 : va.offset(i, la);
                long ob = vb == null ? 0 : vb.offset(i, lb);
                int c = Kernels.compareBytes(sa, oa, la, sb, ob, lb);
                bits |= (long) (mask >>> (Integer.signum(c) + 1) & 1) << j;
            }
            out[w] = bits;
        }
    }

    private static MemorySegment constantBytes(Array a) {
        Object v = ((ConstantArray) a).scalar().value();
        byte[] bytes = switch (v) {
            case String s -> s.getBytes(StandardCharsets.UTF_8);
            case byte[] b -> b;
            case null, default -> new byte[0];
        };
        return MemorySegment.ofArray(bytes);
    }

    @Override
    public int prune(PruneContext ctx) {
        PruneContext.Facts a = ctx.facts(leftPath);
        PruneContext.Facts b = ctx.facts(rightPath);
        int out = a.mayBeNull() || b.mayBeNull() ? NULL : 0;
        if (a.mayBeValid() && b.mayBeValid()) {
            out |= pruneValid(a, b);
        }
        return out;
    }

    /** For key-ordered columns, compares the zones' key ranges; otherwise anything is possible. */
    private int pruneValid(PruneContext.Facts a, PruneContext.Facts b) {
        if (mode != Mode.INTS && mode != Mode.FLOATS) {
            return TRUE | FALSE;
        }
        if (mode == Mode.FLOATS && left.ptype() != right.ptype()) {
            return TRUE | FALSE; // keys of different float types are not comparable
        }
        BigInteger[] x = RangeNode.zoneKeys(left, a.stats());
        BigInteger[] y = RangeNode.zoneKeys(right, b.stats());
        int less = x[0].compareTo(y[1]) < 0 ? 1 : 0;            // some x < some y
        int equal = x[0].compareTo(y[1]) <= 0 && y[0].compareTo(x[1]) <= 0 ? 2 : 0; // ranges overlap
        int greater = x[1].compareTo(y[0]) > 0 ? 4 : 0;         // some x > some y
        int possible = less | equal | greater;
        int holds = op.mask();
        return ((possible & holds) != 0 ? TRUE : 0) | ((possible & ~holds & 7) != 0 ? FALSE : 0);
    }

    @Override
    public String toString() {
        return "Compare(" + leftPath + " " + op.symbol() + " " + rightPath + ")";
    }
}
