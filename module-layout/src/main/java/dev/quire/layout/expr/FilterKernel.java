package dev.quire.layout.expr;


/**
 * What an array in a non-canonical encoding may offer filter evaluation: the rows where it is valid, and the rows
 * whose value satisfies a {@link ValuePredicate}, both computed from its encoded form instead of decoding every row.
 * When a scan's filter reads a column whose array implements this interface (and whose dtype is not an extension),
 * each predicate on that column is offered to {@link #match} first; the array is decoded only if it declines.
 *
 * <p>The hook is meant for any encoding that holds its values in a smaller canonical array:
 * <ul>
 *   <li>a dictionary ({@code vortex.dict}, in {@code dev.quire.dictionary}) evaluates the predicate once on its
 *       distinct values and maps codes to the result;</li>
 *   <li>run-end ({@code vortex.runend}) evaluates it on its run values and expands the result over the runs;</li>
 *   <li>a sequence ({@code vortex.sequence}) answers a range of keys ({@link ValuePredicate#keyRange()}) by
 *       arithmetic, its values being monotonic (a constant needs no kernel: the evaluator keeps it a
 *       {@link dev.quire.layout.array.ConstantArray});</li>
 *   <li>frame-of-reference could evaluate it on a one-value array per distinct stored value, or decline.</li>
 * </ul>
 * Kernels must agree exactly with evaluation over {@link dev.quire.layout.array.Array#toCanonical()} (SQL null
 * semantics are applied by the caller: a kernel reports matches of valid rows only).
 */
public interface FilterKernel {

    /**
     * Writes the validity of rows {@code [0, n)} into {@code out} ({@code ceil(n / 64)} words, bit {@code i} of row
     * {@code i} set when the row is not null; bits at and above {@code n} zero), where {@code n} is the array's
     * length.
     */
    void validity(long[] out);

    /**
     * Writes into {@code out} the rows whose value satisfies {@code predicate} (bits of null rows may be anything,
     * bits at and above the length are ignored), or returns false, writing nothing, when this array has no shortcut
     * for it and should be decoded instead.
     */
    boolean match(ValuePredicate predicate, long[] out);

    /**
     * Like {@link #match(ValuePredicate, long[])}, but only the rows set in {@code within} ({@code ceil(n / 64)}
     * words, which the kernel must not modify) need a correct bit: the bits of other rows may be anything. A filter evaluating its conjuncts one after
     * the other passes the rows that are still candidates, so an array can skip the work for rows already ruled out
     * (read only the codes of those rows, say). The default ignores {@code within}.
     */
    default boolean match(ValuePredicate predicate, long[] within, long[] out) {
        return match(predicate, out);
    }
}
