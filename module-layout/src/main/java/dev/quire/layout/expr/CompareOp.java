package dev.quire.layout.expr;

/** The six comparison operators, with the symbol the text syntax prints. */
public enum CompareOp {
    EQ("="),
    NE("!="),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as the text syntax writes it. */
    public String symbol() {
        return symbol;
    }

    /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
    public CompareOp flip() {
        return switch (this) {
            case EQ, NE -> this;
            case LT -> GT;
            case LE -> GE;
            case GT -> LT;
            case GE -> LE;
        };
    }

    /** The operator that is true exactly where this one is false (for non-null operands). */
    public CompareOp negate() {
        return switch (this) {
            case EQ -> NE;
            case NE -> EQ;
            case LT -> GE;
            case LE -> GT;
            case GT -> LE;
            case GE -> LT;
        };
    }

    /** Whether this operator holds for a three-way comparison result ({@code <0}, {@code 0}, {@code >0}). */
    public boolean test(int comparison) {
        return switch (this) {
            case EQ -> comparison == 0;
            case NE -> comparison != 0;
            case LT -> comparison < 0;
            case LE -> comparison <= 0;
            case GT -> comparison > 0;
            case GE -> comparison >= 0;
        };
    }

    /**
     * The operator as three bits: bit 0 set when it holds for "less", bit 1 for "equal", bit 2 for "greater". Kernels
     * test {@code mask >>> (signum + 1) & 1} instead of switching per row.
     */
    int mask() {
        return switch (this) {
            case EQ -> 0b010;
            case NE -> 0b101;
            case LT -> 0b001;
            case LE -> 0b011;
            case GT -> 0b100;
            case GE -> 0b110;
        };
    }
}
