package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import java.util.Objects;

/** Which values of an array are null. */
public sealed interface Validity {

    boolean isValid(long index);

    /** The number of nulls among {@code length} values. */
    long nullCount(long length);

    Validity slice(long from, long to);

    /** Whether this validity can belong to an array of a nullable dtype. */
    default boolean isNullable() {
        return !(this instanceof NonNullable);
    }

    /** The dtype is not nullable: every value is valid. */
    record NonNullable() implements Validity {
        @Override
        public boolean isValid(long index) {
            return true;
        }

        @Override
        public long nullCount(long length) {
            return 0;
        }

        @Override
        public Validity slice(long from, long to) {
            return this;
        }
    }

    /** The dtype is nullable, but every value is valid. */
    record AllValid() implements Validity {
        @Override
        public boolean isValid(long index) {
            return true;
        }

        @Override
        public long nullCount(long length) {
            return 0;
        }

        @Override
        public Validity slice(long from, long to) {
            return this;
        }
    }

    /** Every value is null. */
    record AllInvalid() implements Validity {
        @Override
        public boolean isValid(long index) {
            return false;
        }

        @Override
        public long nullCount(long length) {
            return length;
        }

        @Override
        public Validity slice(long from, long to) {
            return this;
        }
    }

    /** A bit per value: set means valid. */
    record Mask(BitBuffer bits) implements Validity {
        public Mask {
            Objects.requireNonNull(bits, "bits is null");
        }

        @Override
        public boolean isValid(long index) {
            return bits.get(index);
        }

        @Override
        public long nullCount(long length) {
            if (length != bits.length()) {
                throw new InvalidArgumentException("validity of " + bits.length() + " bits used for " + length
                        + " values");
            }
            return length - bits.countOnes();
        }

        @Override
        public Validity slice(long from, long to) {
            return new Mask(bits.slice(from, to));
        }
    }

    NonNullable NON_NULLABLE = new NonNullable();
    AllValid ALL_VALID = new AllValid();
    AllInvalid ALL_INVALID = new AllInvalid();

    /** The validity of an array with no nulls, for a dtype of the given nullability. */
    static Validity allValid(boolean nullable) {
        return nullable ? ALL_VALID : NON_NULLABLE;
    }
}
