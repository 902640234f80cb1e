package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;

/**
 * Builds canonical arrays of one dtype, value by value or by copying slices of other arrays. Builders are not
 * thread-safe; {@link #finish()} hands the array over and leaves the builder empty for reuse.
 */
public abstract class ArrayBuilder {
    ArrayBuilder() {}

    /** A builder for {@code dtype}. */
    public static ArrayBuilder forType(DType dtype) {
        return switch (dtype) {
            case DType.Null n -> new NullBuilder();
            case DType.Bool b -> new BoolBuilder(b);
            case DType.Primitive p -> new PrimitiveBuilder(p);
            case DType.Decimal d -> new DecimalBuilder(d);
            case DType.Utf8 u -> new VarBinViewBuilder(u);
            case DType.Binary b -> new VarBinViewBuilder(b);
            case DType.Struct s -> new StructBuilder(s);
            case DType.Extension e -> new ExtensionBuilder(e);
        };
    }

    public abstract DType dtype();

    /** The number of values appended since the last {@link #finish()}. */
    public abstract long length();

    /** The bytes the canonical array built so far occupies (values, views, data and validity). */
    public abstract long byteSize();

    public abstract void appendNull();

    public void appendNulls(long count) {
        for (long i = 0; i < count; i++) {
            appendNull();
        }
    }

    /** Appends the values {@code [from, to)} of {@code src}, which must have this builder's dtype. */
    public final void append(Array src, long from, long to) {
        if (!src.dtype().equals(dtype())) {
            throw new InvalidArgumentException("cannot append " + src.dtype() + " values to a " + dtype()
                    + " builder");
        }
        if (from < 0 || to < from || to > src.length()) {
            throw new InvalidArgumentException("range [" + from + ", " + to + ") of an array of " + src.length());
        }
        appendCanonical(src.toCanonical(), from, to);
    }

    public final void append(Array src) {
        append(src, 0, src.length());
    }

    abstract void appendCanonical(Array canonical, long from, long to);

    /** Appends one value given as a scalar of this builder's dtype (or a null). */
    public abstract void appendScalar(Scalar value);

    public abstract Array finish();

    void checkNullable() {
        if (!dtype().nullable()) {
            throw new InvalidArgumentException("null appended to a builder of non-nullable " + dtype());
        }
    }
}
