package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.format.ArrayStats;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A predicate on one column. Subclasses supply {@link #match}: the rows whose (valid) value satisfies the predicate,
 * over a canonical array. This class masks the result with validity, and evaluates a {@link ConstantArray} column
 * once, on a one-row array, instead of expanding it.
 */
abstract sealed class LeafNode implements Node, ValuePredicate
        permits LeafNode.IsNull, LeafNode.BoolColumn, LeafNode.BytesCompare, LeafNode.BytesIn, LeafNode.Like,
                RangeNode, SetNode {
    final FieldPath path;
    final DType dtype;

    LeafNode(FieldPath path, DType dtype) {
        this.path = path;
        this.dtype = dtype;
    }

    /**
     * Sets the bits of rows {@code [0, n)} whose value satisfies the predicate, writing every word of {@code out};
     * bits of invalid rows may be anything. {@code canonical} is the column's canonical array (extensions unwrapped).
     */
    abstract void match(Array canonical, int n, long[] valid, long[] out);

    /** Whether a valid row that does not match is NULL rather than FALSE ({@code x in (1, null)}). */
    boolean nonMatchIsNull() {
        return false;
    }

    /** The values the predicate may take on valid rows of the zone. */
    abstract int pruneValid(ArrayStats stats);

    /** Evaluates this predicate over any canonical array of the column's values, for encoded arrays' kernels. */
    @Override
    public long[] matches(Array values) {
        Array canonical = EvalContext.canonicalStorage(values);
        if (canonical.length() > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("cannot match more than " + Integer.MAX_VALUE
                    + " values at once, got " + canonical.length());
        }
        int n = (int) canonical.length();
        long[] valid = Bits.valid(EvalContext.validityOf(canonical), n);
        long[] out = new long[Bits.words(n)];
        if (n > 0) {
            match(canonical, n, valid, out);
        }
        for (int i = 0; i < out.length; i++) {
            out[i] &= valid[i];
        }
        return out;
    }

    @Override
    public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
        EvalContext.Col col = ctx.column(path, dtype);
        long[] valid = col.valid();
        // The matches are found in t itself (cleared: kernels and matchers only set bits), then masked in place, so a
        // predicate allocates nothing per batch; FALSE rows are written only when someone reads them.
        long[] m = t;
        Arrays.fill(m, 0L);
        // An encoded column (a dictionary, say) may answer from its encoded form; otherwise evaluate the values.
        boolean answered = col.kernel() != null
                && (ctx.within == null ? col.kernel().match(this, m) : col.kernel().match(this, ctx.within, m));
        if (!answered) {
            matchDecoded(col, ctx.n, valid, m);
        }
        if (needFalse) {
            boolean nonMatchIsNull = nonMatchIsNull();
            for (int i = 0; i < m.length; i++) {
                f[i] = nonMatchIsNull ? 0 : ~m[i] & valid[i];
            }
        }
        for (int i = 0; i < m.length; i++) {
            t[i] = m[i] & valid[i];
        }
    }

    /** Matches a canonical column, or a constant one once. */
    private void matchDecoded(EvalContext.Col col, int n, long[] valid, long[] m) {
        if (col.array() instanceof ConstantArray constant) {
            Scalar s = constant.scalar();
            if (!s.isNull()) {
                long[] one = new long[1];
                match(EvalContext.single(s), 1, new long[] {1L}, one);
                Arrays.fill(m, (one[0] & 1) != 0 ? -1L : 0L);
            }
        } else {
            match(col.array(), n, valid, m);
        }
    }

    @Override
    public int prune(PruneContext ctx) {
        PruneContext.Facts facts = ctx.facts(path);
        int out = facts.mayBeNull() ? NULL : 0;
        if (facts.mayBeValid()) {
            out |= pruneValid(facts.stats());
        }
        return out;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + path + ")";
    }

    static Optional<byte[]> bytesOf(Optional<Scalar> s) {
        return s.flatMap(x -> switch (x.value()) {
            case String str -> Optional.of(str.getBytes(StandardCharsets.UTF_8));
            case byte[] b -> Optional.of(b);
            case null, default -> Optional.empty();
        });
    }

    static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /**
     * The smallest byte string above every string that begins with {@code prefix}, or empty when there is none
     * (the prefix is all {@code 0xFF}).
     */
    static Optional<byte[]> successor(byte[] prefix) {
        for (int k = prefix.length - 1; k >= 0; k--) {
            if (prefix[k] != (byte) 0xFF) {
                byte[] s = Arrays.copyOf(prefix, k + 1);
                s[k]++;
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** {@code column is [not] null}: never NULL itself. */
    static final class IsNull extends LeafNode {
        private final boolean negated;

        IsNull(FieldPath path, DType dtype, boolean negated) {
            super(path, dtype);
            this.negated = negated;
        }

        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            long[] valid = ctx.column(path, dtype).valid();
            long[] ones = Bits.ones(ctx.n);
            for (int i = 0; i < valid.length; i++) {
                long isNull = ones[i] & ~valid[i];
                t[i] = negated ? valid[i] : isNull;
                f[i] = negated ? isNull : valid[i];
            }
        }

        /** Not used: {@link #eval} reads validity alone. */
        @Override
        void match(Array canonical, int n, long[] valid, long[] out) {
            Arrays.fill(out, 0L);
        }

        @Override
        int pruneValid(ArrayStats stats) {
            return negated ? TRUE : FALSE;
        }

        @Override
        public int prune(PruneContext ctx) {
            PruneContext.Facts facts = ctx.facts(path);
            int isNull = (facts.mayBeNull() ? TRUE : 0) | (facts.mayBeValid() ? FALSE : 0);
            return negated ? Node.notOutcomes(isNull) : isNull;
        }
    }

    /** A bool column used as a predicate. */
    static final class BoolColumn extends LeafNode {
        BoolColumn(FieldPath path, DType dtype) {
            super(path, dtype);
        }

        @Override
        void match(Array canonical, int n, long[] valid, long[] out) {
            long[] bits = Bits.of(((BoolArray) canonical).bits());
            System.arraycopy(bits, 0, out, 0, out.length);
        }

        @Override
        int pruneValid(ArrayStats stats) {
            boolean maxTrue = stats.max().map(s -> !Boolean.FALSE.equals(s.value())).orElse(true);
            boolean minFalse = stats.min().map(s -> !Boolean.TRUE.equals(s.value())).orElse(true);
            return (maxTrue ? TRUE : 0) | (minFalse ? FALSE : 0);
        }
    }

    /** A utf8 or binary column compared with bytes, in unsigned byte order. */
    static final class BytesCompare extends LeafNode {
        private final CompareOp op;
        private final byte[] literal;

        BytesCompare(FieldPath path, DType dtype, CompareOp op, byte[] literal) {
            super(path, dtype);
            this.op = op;
            this.literal = literal;
        }

        @Override
        void match(Array canonical, int n, long[] valid, long[] out) {
            Kernels.Views v = new Kernels.Views((VarBinViewArray) canonical);
            switch (op) {
                case EQ -> Kernels.equalsBytes(v, n, valid, literal, out);
                case NE -> {
                    Kernels.equalsBytes(v, n, valid, literal, out);
                    for (int i = 0; i < out.length; i++) {
                        out[i] = ~out[i];
                    }
                }
                default -> Kernels.compareBytes(v, n, valid, literal, op.mask(), out);
            }
        }

        @Override
        int pruneValid(ArrayStats stats) {
            return pruneCompare(op, literal, stats);
        }

        /** {@code =} and {@code !=}: a value is decided by its length unless that is the literal's. */
        @Override
        public Optional<BytesPredicate> bytesPredicate() {
            return switch (op) {
                case EQ -> Optional.of(new Equal(literal, false));
                case NE -> Optional.of(new Equal(literal, true));
                default -> Optional.empty();
            };
        }

        static int pruneCompare(CompareOp op, byte[] lit, ArrayStats stats) {
            Optional<byte[]> min = bytesOf(stats.min());
            Optional<byte[]> max = bytesOf(stats.max());
            boolean eqPossible = min.map(m -> compare(m, lit) <= 0).orElse(true)
                    && max.map(m -> compare(lit, m) <= 0).orElse(true);
            boolean allEqual = min.isPresent() && max.isPresent() && compare(min.get(), lit) == 0
                    && compare(max.get(), lit) == 0;
            boolean canTrue;
            boolean canFalse;
            switch (op) {
                case EQ -> {
                    canTrue = eqPossible;
                    canFalse = !allEqual;
                }
                case NE -> {
                    canTrue = !allEqual;
                    canFalse = eqPossible;
                }
                case LT -> {
                    canTrue = min.map(m -> compare(m, lit) < 0).orElse(true);
                    canFalse = max.map(m -> compare(m, lit) >= 0).orElse(true);
                }
                case LE -> {
                    canTrue = min.map(m -> compare(m, lit) <= 0).orElse(true);
                    canFalse = max.map(m -> compare(m, lit) > 0).orElse(true);
                }
                case GT -> {
                    canTrue = max.map(m -> compare(m, lit) > 0).orElse(true);
                    canFalse = min.map(m -> compare(m, lit) <= 0).orElse(true);
                }
                default -> {
                    canTrue = max.map(m -> compare(m, lit) >= 0).orElse(true);
                    canFalse = min.map(m -> compare(m, lit) < 0).orElse(true);
                }
            }
            return (canTrue ? TRUE : 0) | (canFalse ? FALSE : 0);
        }
    }

    /**
     * Whether {@code bytes} at {@code offset} begin with {@code lit}: a plain loop, since literals are short and a
     * bulk compare's set-up costs more than it saves on a few bytes.
     */
    static boolean startsWith(byte[] bytes, int offset, byte[] lit) {
        for (int k = 0; k < lit.length; k++) {
            if (bytes[offset + k] != lit[k]) {
                return false;
            }
        }
        return true;
    }

    /** Equality (or, negated, inequality) with one literal, value by value. */
    record Equal(byte[] literal, boolean negated) implements BytesPredicate {
        @Override
        public int leadingBytes() {
            return literal.length;
        }

        @Override
        public int byLength(int length) {
            return length != literal.length ? (negated ? MATCH : NO_MATCH) : UNDECIDED;
        }

        @Override
        public boolean test(byte[] bytes, int offset, int length) {
            return startsWith(bytes, offset, literal) != negated;
        }

        @Override
        public Optional<LeadingLiteral> leadingLiteral() {
            return Optional.of(new LeadingLiteral(literal, negated));
        }
    }

    /** Membership in a list of literals, value by value: only literals of the value's length are compared. */
    record AnyEqual(List<byte[]> literals, int longest, boolean[] lengths) implements BytesPredicate {
        static AnyEqual of(List<byte[]> literals) {
            int longest = 0;
            for (byte[] v : literals) {
                longest = Math.max(longest, v.length);
            }
            boolean[] lengths = new boolean[longest + 1];
            for (byte[] v : literals) {
                lengths[v.length] = true;
            }
            return new AnyEqual(literals, longest, lengths);
        }

        @Override
        public int leadingBytes() {
            return longest;
        }

        @Override
        public int byLength(int length) {
            return length <= longest && lengths[length] ? UNDECIDED : NO_MATCH;
        }

        @Override
        public boolean test(byte[] bytes, int offset, int length) {
            for (byte[] v : literals) {
                if (v.length == length && startsWith(bytes, offset, v)) {
                    return true;
                }
            }
            return false;
        }

        /** A list of one literal is equality with it; longer lists compare more than one literal. */
        @Override
        public Optional<LeadingLiteral> leadingLiteral() {
            return literals.size() == 1 ? Optional.of(new LeadingLiteral(literals.getFirst(), false))
                    : Optional.empty();
        }
    }

    /** A {@code like} pattern, value by value: simple shapes look at few bytes, others at all of them. */
    record LikeBytes(LikePattern pattern) implements BytesPredicate {
        @Override
        public int leadingBytes() {
            return switch (pattern.shape) {
                case EXACT, PREFIX -> pattern.literal.length;
                case ANY -> 0;
                default -> Integer.MAX_VALUE;
            };
        }

        @Override
        public int byLength(int length) {
            return switch (pattern.shape) {
                case ANY -> MATCH;
                case EXACT -> length == pattern.literal.length ? UNDECIDED : NO_MATCH;
                case PREFIX, SUFFIX, CONTAINS -> length >= pattern.literal.length ? UNDECIDED : NO_MATCH;
                case GENERAL -> UNDECIDED;
            };
        }

        @Override
        public boolean test(byte[] bytes, int offset, int length) {
            byte[] lit = pattern.literal;
            return switch (pattern.shape) {
                case PREFIX, EXACT -> startsWith(bytes, offset, lit);
                default -> pattern.matches(MemorySegment.ofArray(bytes), offset, length);
            };
        }

        /** {@code prefix%} and patterns without wildcards compare the leading bytes with their literal, no more. */
        @Override
        public Optional<LeadingLiteral> leadingLiteral() {
            return switch (pattern.shape) {
                case PREFIX, EXACT -> Optional.of(new LeadingLiteral(pattern.literal, false));
                default -> Optional.empty();
            };
        }

        /** {@code prefix%} rules out only values shorter than its literal; a pattern without wildcards needs the
         * length to be the literal's. */
        @Override
        public boolean literalIsPrefix() {
            return pattern.shape == LikePattern.Shape.PREFIX;
        }
    }

    /** A utf8 or binary column in a list of byte strings. */
    static final class BytesIn extends LeafNode {
        private final List<byte[]> values;
        private final boolean hasNull;

        BytesIn(FieldPath path, DType dtype, List<byte[]> values, boolean hasNull) {
            super(path, dtype);
            this.values = values;
            this.hasNull = hasNull;
        }

        @Override
        boolean nonMatchIsNull() {
            return hasNull;
        }

        @Override
        public Optional<BytesPredicate> bytesPredicate() {
            return Optional.of(AnyEqual.of(values));
        }

        @Override
        void match(Array canonical, int n, long[] valid, long[] out) {
            Kernels.Views v = new Kernels.Views((VarBinViewArray) canonical);
            long[] one = new long[out.length];
            for (byte[] value : values) {
                Kernels.equalsBytes(v, n, valid, value, one);
                for (int i = 0; i < out.length; i++) {
                    out[i] |= one[i];
                }
            }
        }

        @Override
        int pruneValid(ArrayStats stats) {
            Optional<byte[]> min = bytesOf(stats.min());
            Optional<byte[]> max = bytesOf(stats.max());
            boolean canTrue = false;
            boolean onlyMember = false;
            for (byte[] v : values) {
                boolean inside = min.map(m -> compare(m, v) <= 0).orElse(true)
                        && max.map(m -> compare(v, m) <= 0).orElse(true);
                canTrue |= inside;
                onlyMember |= min.isPresent() && max.isPresent() && compare(min.get(), v) == 0
                        && compare(max.get(), v) == 0;
            }
            return (canTrue ? TRUE : 0) | (onlyMember ? 0 : hasNull ? NULL : FALSE);
        }
    }

    /** {@code like}, {@code ilike} and {@code starts_with} on a utf8 (or, for prefixes, binary) column. */
    static final class Like extends LeafNode {
        private final LikePattern pattern;

        Like(FieldPath path, DType dtype, LikePattern pattern) {
            super(path, dtype);
            this.pattern = pattern;
        }

        @Override
        void match(Array canonical, int n, long[] valid, long[] out) {
            Kernels.like(new Kernels.Views((VarBinViewArray) canonical), n, valid, pattern, out);
        }

        @Override
        public Optional<BytesPredicate> bytesPredicate() {
            return Optional.of(new LikeBytes(pattern));
        }

        @Override
        int pruneValid(ArrayStats stats) {
            switch (pattern.shape) {
                case ANY -> {
                    return TRUE;
                }
                case EXACT -> {
                    return BytesCompare.pruneCompare(CompareOp.EQ, pattern.literal, stats);
                }
                default -> { }
            }
            byte[] p = pattern.prefix;
            if (p.length == 0) {
                return TRUE | FALSE;
            }
            Optional<byte[]> min = bytesOf(stats.min());
            Optional<byte[]> max = bytesOf(stats.max());
            Optional<byte[]> succ = successor(p);
            boolean canTrue = max.map(m -> compare(m, p) >= 0).orElse(true)
                    && (succ.isEmpty() || min.map(m -> compare(m, succ.get()) < 0).orElse(true));
            boolean allPrefixed = min.isPresent() && max.isPresent() && compare(min.get(), p) >= 0
                    && succ.isPresent() && compare(max.get(), succ.get()) < 0;
            boolean canFalse = pattern.shape != LikePattern.Shape.PREFIX || !allPrefixed;
            return (canTrue ? TRUE : 0) | (canFalse ? FALSE : 0);
        }
    }
}
