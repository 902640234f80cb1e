package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluation over one batch: finds each column a bound expression reads (once, however often it is named), in
 * its canonical encoding or as a {@link ConstantArray}, with the rows where it is valid: valid itself and inside
 * valid structs all the way up. A column whose encoding offers a {@link FilterKernel} is kept encoded (unless the
 * evaluation was asked not to use kernels): predicates ask the kernel first, and the column is decoded only when
 * something needs its canonical form.
 */
final class EvalContext {
    /**
     * A column of the batch: a canonical array (extensions unwrapped to their storage) or a constant, or an encoded
     * array with a filter kernel, decoded on first use of {@link #array()}.
     */
    static final class Col {
        private Array array;
        private final long[] valid;
        private final FilterKernel kernel;
        private final Array encoded;

        Col(Array array, long[] valid) {
            this.array = array;
            this.valid = valid;
            this.kernel = null;
            this.encoded = null;
        }

        Col(FilterKernel kernel, Array encoded, long[] valid) {
            this.kernel = kernel;
            this.encoded = encoded;
            this.valid = valid;
        }

        /** The column canonical (or constant), decoded on first use. */
        Array array() {
            if (array == null) {
                array = canonicalStorage(encoded);
            }
            return array;
        }

        /** The rows where the column is valid; read only (when every row is, the array is shared). */
        long[] valid() {
            return valid;
        }

        /** The column's filter kernel, or null when it is canonical. */
        FilterKernel kernel() {
            return kernel;
        }
    }

    final StructArray batch;
    final int n;
    final int words;
    /** Whether encoded columns are kept encoded for their kernels; when false every column is decoded. */
    private final boolean useKernels;
    /** The rows whose result matters ({@link #words} words), or null for all: kernels may skip the others. */
    final long[] within;
    private final Map<FieldPath, Col> columns = new HashMap<>();

    EvalContext(StructArray batch, boolean useKernels) {
        this(batch, useKernels, null);
    }

    /**
     * An evaluation whose result is read only at the rows set in {@code within} (null for all): results at other rows
     * may be anything, so the caller must clear them.
     */
    EvalContext(StructArray batch, boolean useKernels, long[] within) {
        if (batch.length() > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("batches of more than " + Integer.MAX_VALUE + " rows cannot be"
                    + " filtered at once, this one has " + batch.length());
        }
        this.batch = batch;
        this.n = (int) batch.length();
        this.words = Bits.words(n);
        this.useKernels = useKernels;
        this.within = within;
    }

    Col column(FieldPath path, DType expected) {
        Col c = columns.get(path);
        if (c == null) {
            c = resolve(path, expected);
            columns.put(path, c);
        }
        return c;
    }

    private Col resolve(FieldPath path, DType expected) {
        Array current = batch;
        // Until a validity says otherwise every row is valid: the shared words of RowMask.all, which are never
        // written, so they are copied before the first change. Columns without nulls then cost no array per batch.
        long[] allValid = RowMask.all(n).words();
        long[] valid = hasNulls(batch.validity()) ? Bits.valid(batch.validity(), n) : allValid;
        List<String> parts = path.parts();
        for (int k = 0; k < parts.size(); k++) {
            String name = parts.get(k);
            if (current instanceof ConstantArray constant) {
                if (!(constant.dtype() instanceof DType.Struct struct)) {
                    throw notStruct(path, k, constant.dtype());
                }
                int index = indexOf(struct, path, k);
                DType fieldType = struct.field(index).dtype();
                Scalar s = constant.scalar();
                if (s.isNull()) {
                    valid = new long[words];
                    current = new ConstantArray(Scalar.nullOf(fieldType.withNullable(true)), n);
                } else {
                    current = new ConstantArray((Scalar) ((List<?>) s.value()).get(index), n);
                }
                continue;
            }
            Array canonical = current.toCanonical();
            if (!(canonical instanceof StructArray struct)) {
                throw notStruct(path, k, canonical.dtype());
            }
            if (k > 0 && hasNulls(struct.validity())) {
                valid = valid == allValid ? valid.clone() : valid;
                Bits.andValidity(valid, struct.validity(), n);
            }
            current = struct.field(indexOf(struct.dtype(), path, k));
        }
        checkType(path, current.dtype(), expected);
        Array leaf = leaf(current);
        if (useKernels && leaf instanceof FilterKernel kernel && !isCanonicalKind(leaf) && !(leaf instanceof ConstantArray)) {
            // A column whose type is not nullable has no null to mark: no validity to build and join per batch.
            if (leaf.dtype().nullable()) {
                long[] bits = new long[words];
                kernel.validity(bits);
                valid = valid == allValid ? valid.clone() : valid;
                Bits.andInto(valid, bits);
            }
            return new Col(kernel, leaf, valid);
        }
        Validity leafValidity = validityOf(leaf);
        if (hasNulls(leafValidity)) {
            valid = valid == allValid ? valid.clone() : valid;
            Bits.andValidity(valid, leafValidity, n);
        }
        return new Col(leaf, valid);
    }

    /** Whether a validity may mark some row null: neither non-nullable nor all valid. */
    private static boolean hasNulls(Validity validity) {
        return !(validity instanceof Validity.NonNullable || validity instanceof Validity.AllValid);
    }

    private int indexOf(DType.Struct struct, FieldPath path, int k) {
        return struct.indexOf(path.parts().get(k)).orElseThrow(() -> new InvalidArgumentException(
                "the batch has no column `" + path + "`: `" + path.parts().get(k) + "` is not one of "
                        + struct.names()));
    }

    private static InvalidArgumentException notStruct(FieldPath path, int k, DType dtype) {
        return new InvalidArgumentException("the batch has no column `" + path + "`: `"
                + new FieldPath(path.parts().subList(0, k)) + "` is " + dtype + ", not a struct");
    }

    private static void checkType(FieldPath path, DType actual, DType expected) {
        boolean ok = expected instanceof DType.Struct ? actual instanceof DType.Struct
                : actual.withNullable(false).equals(expected.withNullable(false));
        if (!ok) {
            throw new InvalidArgumentException("column `" + path + "` of the batch is " + actual
                    + ", but the expression was bound to " + expected);
        }
    }

    /**
     * Unwraps extensions to their storage and canonicalises, but keeps constants constant (and arrays with a filter
     * kernel encoded, when kernels are used).
     */
    private Array leaf(Array a) {
        while (true) {
            if (a instanceof ExtensionArray e) {
                a = e.storage();
            } else if (a instanceof ConstantArray c) {
                if (c.dtype() instanceof DType.Extension ext) {
                    Scalar s = c.scalar();
                    DType storage = ext.storage();
                    return new ConstantArray(s.isNull() ? Scalar.nullOf(storage.withNullable(true))
                            : new Scalar(storage, s.value()), n);
                }
                return c;
            } else if (isCanonicalKind(a)) {
                return a;
            } else if (useKernels && a instanceof FilterKernel && !(a.dtype() instanceof DType.Extension)) {
                return a;
            } else {
                a = a.toCanonical();
            }
        }
    }

    private static boolean isCanonicalKind(Array a) {
        return a instanceof PrimitiveArray || a instanceof BoolArray || a instanceof VarBinViewArray
                || a instanceof DecimalArray || a instanceof StructArray || a instanceof NullArray;
    }

    /** {@code a} canonical, extensions unwrapped to their storage. */
    static Array canonicalStorage(Array a) {
        while (true) {
            if (a instanceof ExtensionArray e) {
                a = e.storage();
            } else if (isCanonicalKind(a)) {
                return a;
            } else {
                a = a.toCanonical();
            }
        }
    }

    /** The validity of a canonical array or a constant. */
    static Validity validityOf(Array leaf) {
        return switch (leaf) {
            case ConstantArray c -> c.scalar().isNull() ? Validity.ALL_INVALID : Validity.ALL_VALID;
            case NullArray x -> Validity.ALL_INVALID;
            case PrimitiveArray p -> p.validity();
            case BoolArray b -> b.validity();
            case VarBinViewArray b -> b.validity();
            case DecimalArray d -> d.validity();
            case StructArray s -> s.validity();
            default -> throw new InvalidArgumentException("cannot filter on a column encoded as " + leaf.encodingId());
        };
    }

    /** A one-row canonical array holding a non-null scalar, so that kernels can evaluate constants. */
    static Array single(Scalar scalar) {
        ArrayBuilder b = ArrayBuilder.forType(scalar.dtype());
        b.appendScalar(scalar);
        return b.finish();
    }
}
