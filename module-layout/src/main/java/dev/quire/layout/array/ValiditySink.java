package dev.quire.layout.array;

/** Builds a {@link Validity}; no bits are kept until the first null arrives. */
final class ValiditySink {
    private final boolean nullable;
    private long length;
    private BitSink bits;

    ValiditySink(boolean nullable) {
        this.nullable = nullable;
    }

    void append(boolean valid) {
        if (!valid) {
            materialize();
        }
        if (bits != null) {
            bits.append(valid);
        }
        length++;
    }

    void appendMany(boolean valid, long count) {
        if (!valid && count > 0) {
            materialize();
        }
        if (bits != null) {
            bits.appendMany(valid, count);
        }
        length += count;
    }

    void append(Validity src, long from, long to) {
        switch (src) {
            case Validity.NonNullable n -> appendMany(true, to - from);
            case Validity.AllValid a -> appendMany(true, to - from);
            case Validity.AllInvalid a -> appendMany(false, to - from);
            case Validity.Mask m -> {
                materialize();
                bits.appendBits(m.bits(), from, to);
                length += to - from;
            }
        }
    }

    private void materialize() {
        if (!nullable) {
            throw new dev.quire.errors.InvalidArgumentException("null appended to a non-nullable builder");
        }
        if (bits == null) {
            bits = new BitSink();
            bits.appendMany(true, length);
        }
    }

    long byteSize() {
        return bits == null ? 0 : (length + 7) / 8;
    }

    Validity take() {
        Validity out;
        if (!nullable) {
            out = Validity.NON_NULLABLE;
        } else if (bits == null) {
            out = Validity.ALL_VALID;
        } else {
            out = new Validity.Mask(bits.take());
        }
        bits = null;
        length = 0;
        return out;
    }
}
