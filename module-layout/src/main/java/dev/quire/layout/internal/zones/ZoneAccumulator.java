package dev.quire.layout.internal.zones;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The statistics of one zone, computed incrementally from canonical slices as rows are appended, with the semantics
 * of Vortex 0.76's aggregates: min and max over non-null values (floats in IEEE total order with NaN left out, so
 * {@code -0.0 < 0.0}; strings and bytes in unsigned byte order); the sum as Vortex accumulates it (checked in row
 * order, null on overflow, zero when every value is null; floats summed in f64 in row order, NaN left out); the NaN
 * count of non-null values and the null count. Not thread-safe.
 */
abstract sealed class ZoneAccumulator {

    /** What one zone's statistics came to. {@code min}, {@code max} and {@code sum} are null when absent. */
    record Values(Scalar min, Scalar max, byte[] minBytes, byte[] maxBytes, Scalar sum, long nanCount,
            long nullCount) {}

    long nulls;

    static ZoneAccumulator forType(DType dtype) {
        return switch (dtype) {
            case DType.Null n -> new Nulls();
            case DType.Bool b -> new Bools();
            case DType.Primitive p when p.ptype().isFloat() -> new Floats(p);
            case DType.Primitive p when p.ptype().isUnsigned() -> new Unsigned(p);
            case DType.Primitive p -> new Signed(p);
            case DType.Decimal d -> new Decimals(d);
            case DType.Utf8 u -> new Bytes(u);
            case DType.Binary b -> new Bytes(b);
            case DType.Extension e -> new Extension(e);
            case DType.Struct s -> throw new InvalidArgumentException("struct columns have no zone statistics");
        };
    }

    /** Whether values must be checked one by one for nulls. */
    static boolean mayHaveNulls(Validity v) {
        return v instanceof Validity.Mask || v instanceof Validity.AllInvalid;
    }

    /** Adds rows {@code [from, to)} of a canonical array of this accumulator's dtype. */
    abstract void add(Array canonical, long from, long to);

    /** The statistics of the rows added since the last call, then starts a new zone. */
    abstract Values finishZone();

    static final class Nulls extends ZoneAccumulator {
        @Override
        void add(Array canonical, long from, long to) {
            nulls += to - from;
        }

        @Override
        Values finishZone() {
            Values v = new Values(null, null, null, null, null, 0, nulls);
            nulls = 0;
            return v;
        }
    }

    static final class Bools extends ZoneAccumulator {
        private static final DType BOOL = new DType.Bool(true);
        private static final DType U64 = new DType.Primitive(PType.U64, true);
        private long valid;
        private long trues;

        @Override
        void add(Array canonical, long from, long to) {
            BoolArray a = (BoolArray) canonical;
            boolean masked = mayHaveNulls(a.validity());
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                } else {
                    valid++;
                    if (a.getBoolean(i)) {
                        trues++;
                    }
                }
            }
        }

        @Override
        Values finishZone() {
            Scalar min = valid == 0 ? null : new Scalar(BOOL, trues == valid);
            Scalar max = valid == 0 ? null : new Scalar(BOOL, trues > 0);
            Values v = new Values(min, max, null, null, new Scalar(U64, trues), 0, nulls);
            nulls = 0;
            valid = 0;
            trues = 0;
            return v;
        }
    }

    static final class Signed extends ZoneAccumulator {
        private static final DType I64 = new DType.Primitive(PType.I64, true);
        private final DType type;
        private boolean any;
        private long min;
        private long max;
        private long sum;
        private boolean overflow;

        Signed(DType.Primitive p) {
            this.type = p.withNullable(true);
        }

        @Override
        void add(Array canonical, long from, long to) {
            PrimitiveArray a = (PrimitiveArray) canonical;
            boolean masked = mayHaveNulls(a.validity());
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                    continue;
                }
                long v = a.getLongValue(i);
                if (!any) {
                    any = true;
                    min = v;
                    max = v;
                } else if (v < min) {
                    min = v;
                } else if (v > max) {
                    max = v;
                }
                if (!overflow) {
                    long s = sum + v;
                    // Vortex adds i64 values one by one with a checked add: any overflowing prefix voids the sum.
                    if (((sum ^ s) & (v ^ s)) < 0) {
                        overflow = true;
                    } else {
                        sum = s;
                    }
                }
            }
        }

        @Override
        Values finishZone() {
            Values v = new Values(any ? new Scalar(type, min) : null, any ? new Scalar(type, max) : null, null, null,
                    overflow ? null : new Scalar(I64, sum), 0, nulls);
            nulls = 0;
            any = false;
            sum = 0;
            overflow = false;
            return v;
        }
    }

    static final class Unsigned extends ZoneAccumulator {
        private static final DType U64 = new DType.Primitive(PType.U64, true);
        private final DType type;
        private boolean any;
        private long min;
        private long max;
        private long sum;
        private boolean overflow;

        Unsigned(DType.Primitive p) {
            this.type = p.withNullable(true);
        }

        @Override
        void add(Array canonical, long from, long to) {
            PrimitiveArray a = (PrimitiveArray) canonical;
            boolean masked = mayHaveNulls(a.validity());
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                    continue;
                }
                long v = a.getLongValue(i);
                if (!any) {
                    any = true;
                    min = v;
                    max = v;
                } else if (Long.compareUnsigned(v, min) < 0) {
                    min = v;
                } else if (Long.compareUnsigned(v, max) > 0) {
                    max = v;
                }
                if (!overflow) {
                    long s = sum + v;
                    if (Long.compareUnsigned(s, sum) < 0) {
                        overflow = true;
                    } else {
                        sum = s;
                    }
                }
            }
        }

        @Override
        Values finishZone() {
            Values v = new Values(any ? new Scalar(type, min) : null, any ? new Scalar(type, max) : null, null, null,
                    overflow ? null : new Scalar(U64, sum), 0, nulls);
            nulls = 0;
            any = false;
            sum = 0;
            overflow = false;
            return v;
        }
    }

    static final class Floats extends ZoneAccumulator {
        private static final DType F64 = new DType.Primitive(PType.F64, true);
        private final DType.Primitive type;
        private boolean any;
        private double min;
        private double max;
        private double sum;
        private long nans;

        Floats(DType.Primitive p) {
            this.type = (DType.Primitive) p.withNullable(true);
        }

        @Override
        void add(Array canonical, long from, long to) {
            PrimitiveArray a = (PrimitiveArray) canonical;
            boolean masked = mayHaveNulls(a.validity());
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                    continue;
                }
                double v = a.getDoubleValue(i);
                if (Double.isNaN(v)) {
                    nans++;
                    continue;
                }
                if (!any) {
                    any = true;
                    min = v;
                    max = v;
                } else {
                    // Double.compare is IEEE total order on non-NaN values: -0.0 sorts before 0.0.
                    if (Double.compare(v, min) < 0) {
                        min = v;
                    }
                    if (Double.compare(v, max) > 0) {
                        max = v;
                    }
                }
                sum += v;
            }
        }

        private Scalar scalar(double v) {
            return type.ptype() == PType.F64 ? new Scalar(type, v) : new Scalar(type, (float) v);
        }

        @Override
        Values finishZone() {
            Values v = new Values(any ? scalar(min) : null, any ? scalar(max) : null, null, null,
                    new Scalar(F64, sum), nans, nulls);
            nulls = 0;
            any = false;
            sum = 0;
            nans = 0;
            return v;
        }
    }

    /**
     * Decimals: values of up to 8 bytes (precision up to 18) are compared and summed as longs, with the sum carried on
     * in a {@link BigInteger} once it leaves the long range (the sum's type is always at least 8 bytes wide, so a
     * long never overflows it); wider values work in {@link BigInteger}s from the first one on, for the rest of the
     * zone.
     */
    static final class Decimals extends ZoneAccumulator {
        private final DType.Decimal type;
        private final DType.Decimal sumType;
        /** The range of the integer type Vortex sums in: the storage width of the sum's precision. */
        private final BigInteger sumMin;
        private final BigInteger sumMax;
        private final BigInteger precisionLimit;
        /** Whether a value wider than 8 bytes was seen in this zone: min and max are then kept as BigIntegers. */
        private boolean wide;
        private boolean any;
        private long longMin;
        private long longMax;
        private BigInteger min;
        private BigInteger max;
        /** The sum while it fits a long ({@code sum} is null then). */
        private long longSum;
        private BigInteger sum;
        private boolean overflow;

        Decimals(DType.Decimal d) {
            this.type = (DType.Decimal) d.withNullable(true);
            this.sumType = (DType.Decimal) Aggregate.sumType(d).orElseThrow();
            int bits = DecimalArray.widthForPrecision(sumType.precision()) * 8;
            this.sumMax = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
            this.sumMin = BigInteger.ONE.shiftLeft(bits - 1).negate();
            this.precisionLimit = BigInteger.TEN.pow(sumType.precision());
        }

        @Override
        void add(Array canonical, long from, long to) {
            DecimalArray a = (DecimalArray) canonical;
            if (a.valueWidth() <= 8 && !wide) {
                addNarrow(a, from, to);
                return;
            }
            if (!wide) {
                wide = true;
                if (any) {
                    min = BigInteger.valueOf(longMin);
                    max = BigInteger.valueOf(longMax);
                }
            }
            boolean masked = mayHaveNulls(a.validity());
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                    continue;
                }
                BigInteger v = a.getUnscaled(i);
                if (min == null) {
                    min = v;
                    max = v;
                } else if (v.compareTo(min) < 0) {
                    min = v;
                } else if (v.compareTo(max) > 0) {
                    max = v;
                }
                if (!overflow) {
                    addBig(v);
                }
            }
            any |= min != null;
        }

        private void addNarrow(DecimalArray a, long from, long to) {
            boolean masked = mayHaveNulls(a.validity());
            MemorySegment values = a.values();
            int width = a.valueWidth();
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                    continue;
                }
                long base = i * width;
                long v = switch (width) {
                    case 1 -> values.get(ValueLayout.JAVA_BYTE, base);
                    case 2 -> values.get(LittleEndian.SHORT, base);
                    case 4 -> values.get(LittleEndian.INT, base);
                    default -> values.get(LittleEndian.LONG, base);
                };
                if (!any) {
                    any = true;
                    longMin = v;
                    longMax = v;
                } else if (v < longMin) {
                    longMin = v;
                } else if (v > longMax) {
                    longMax = v;
                }
                if (!overflow) {
                    if (sum == null) {
                        long s = longSum + v;
                        if (((longSum ^ s) & (v ^ s)) >= 0) {
                            longSum = s;
                            continue;
                        }
                        sum = BigInteger.valueOf(longSum);
                    }
                    addBig(BigInteger.valueOf(v));
                }
            }
        }

        /** Adds to the sum as a BigInteger, checked against the range of the sum's type. */
        private void addBig(BigInteger v) {
            if (sum == null) {
                sum = BigInteger.valueOf(longSum);
            }
            sum = sum.add(v);
            if (sum.compareTo(sumMax) > 0 || sum.compareTo(sumMin) < 0) {
                overflow = true;
            }
        }

        @Override
        Values finishZone() {
            BigInteger zoneMin = wide ? min : any ? BigInteger.valueOf(longMin) : null;
            BigInteger zoneMax = wide ? max : any ? BigInteger.valueOf(longMax) : null;
            BigInteger total = sum != null ? sum : BigInteger.valueOf(longSum);
            boolean fits = !overflow && total.abs().compareTo(precisionLimit) < 0;
            Values v = new Values(zoneMin == null ? null : new Scalar(type, new BigDecimal(zoneMin, type.scale())),
                    zoneMax == null ? null : new Scalar(type, new BigDecimal(zoneMax, type.scale())), null, null,
                    fits ? new Scalar(sumType, new BigDecimal(total, sumType.scale())) : null, 0, nulls);
            nulls = 0;
            wide = false;
            any = false;
            min = null;
            max = null;
            longSum = 0;
            sum = null;
            overflow = false;
            return v;
        }
    }

    /**
     * Strings and bytes: the smallest and largest value in unsigned byte order, kept whole until the zone ends. Values
     * are compared where they lie (in their view, or in a data buffer), first by the four bytes every view holds, so
     * most values are judged without touching their data buffer or copying anything.
     */
    static final class Bytes extends ZoneAccumulator {
        private static final ValueLayout.OfInt PREFIX = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
        private final DType type;
        private byte[] min;
        private byte[] max;
        private MemorySegment minSegment;
        private MemorySegment maxSegment;
        /** The first four bytes of min and max, big-endian and zero-padded, to compare as unsigned ints. */
        private int minPrefix;
        private int maxPrefix;

        Bytes(DType dtype) {
            this.type = dtype.withNullable(true);
        }

        @Override
        void add(Array canonical, long from, long to) {
            VarBinViewArray a = (VarBinViewArray) canonical;
            boolean masked = mayHaveNulls(a.validity());
            MemorySegment views = a.views();
            MemorySegment[] buffers = a.buffers().toArray(MemorySegment[]::new);
            for (long i = from; i < to; i++) {
                if (masked && !a.isValid(i)) {
                    nulls++;
                    continue;
                }
                long view = i * VarBinViewArray.VIEW_SIZE;
                int length = views.get(LittleEndian.INT, view);
                int prefix = views.get(PREFIX, view + 4) & prefixMask(length);
                if (min == null) {
                    setMin(valueSegment(views, buffers, view, length), prefix);
                    max = min;
                    maxSegment = minSegment;
                    maxPrefix = minPrefix;
                    continue;
                }
                // A strictly smaller (larger) zero-padded prefix decides the order: a padded zero byte sorts where
                // the shorter value, a prefix of the other, does.
                int toMin = Integer.compareUnsigned(prefix, minPrefix);
                if (toMin < 0) {
                    setMin(valueSegment(views, buffers, view, length), prefix);
                    continue;
                }
                int toMax = Integer.compareUnsigned(prefix, maxPrefix);
                if (toMax > 0) {
                    setMax(valueSegment(views, buffers, view, length), prefix);
                    continue;
                }
                if (toMin > 0 && toMax < 0) {
                    continue;
                }
                if (toMin == 0 && compareSamePrefix(views, buffers, view, length, minSegment) < 0) {
                    setMin(valueSegment(views, buffers, view, length), prefix);
                } else if (toMax == 0 && compareSamePrefix(views, buffers, view, length, maxSegment) > 0) {
                    setMax(valueSegment(views, buffers, view, length), prefix);
                }
            }
        }

        /**
         * The order of the value at {@code view} against {@code other}, whose zero-padded first four bytes are the
         * value's: when either is at most four bytes long, the shorter is a prefix of the other (padding zeros match
         * only zeros), so the lengths decide; otherwise the bytes are compared.
         */
        private static int compareSamePrefix(MemorySegment views, MemorySegment[] buffers, long view, int length,
                MemorySegment other) {
            if (length <= 4 || other.byteSize() <= 4) {
                return Long.compare(length, other.byteSize());
            }
            return compare(valueSegment(views, buffers, view, length), other);
        }

        /** Keeps the bytes of a value's first four a view holds (big-endian in an int), zeroing those past its end. */
        private static int prefixMask(int length) {
            return length >= 4 ? -1 : length <= 0 ? 0 : -1 << (8 * (4 - length));
        }

        private static MemorySegment valueSegment(MemorySegment views, MemorySegment[] buffers, long view,
                int length) {
            if (length <= VarBinViewArray.MAX_INLINED) {
                return views.asSlice(view + 4, length);
            }
            int buffer = views.get(LittleEndian.INT, view + 8);
            long offset = Integer.toUnsignedLong(views.get(LittleEndian.INT, view + 12));
            return buffers[buffer].asSlice(offset, length);
        }

        private void setMin(MemorySegment v, int prefix) {
            min = v.toArray(ValueLayout.JAVA_BYTE);
            minSegment = MemorySegment.ofArray(min);
            minPrefix = prefix;
        }

        private void setMax(MemorySegment v, int prefix) {
            max = v.toArray(ValueLayout.JAVA_BYTE);
            maxSegment = MemorySegment.ofArray(max);
            maxPrefix = prefix;
        }

        /** Unsigned lexicographic order; a prefix sorts first. */
        static int compare(MemorySegment a, MemorySegment b) {
            long mismatch = a.mismatch(b);
            if (mismatch < 0) {
                return 0;
            }
            if (mismatch == a.byteSize()) {
                return -1;
            }
            if (mismatch == b.byteSize()) {
                return 1;
            }
            return Integer.compare(Byte.toUnsignedInt(a.get(ValueLayout.JAVA_BYTE, mismatch)),
                    Byte.toUnsignedInt(b.get(ValueLayout.JAVA_BYTE, mismatch)));
        }

        @Override
        Values finishZone() {
            Values v = new Values(null, null, min, max, null, 0, nulls);
            nulls = 0;
            min = null;
            max = null;
            minSegment = null;
            maxSegment = null;
            return v;
        }

        DType type() {
            return type;
        }
    }

    /** Extensions: the storage's statistics, with min and max labelled with the extension. */
    static final class Extension extends ZoneAccumulator {
        private final DType.Extension type;
        private final ZoneAccumulator storage;

        Extension(DType.Extension e) {
            this.type = (DType.Extension) e.withNullable(true);
            this.storage = forType(e.storage());
        }

        @Override
        void add(Array canonical, long from, long to) {
            storage.add(((ExtensionArray) canonical).storage().toCanonical(), from, to);
        }

        @Override
        Values finishZone() {
            Values s = storage.finishZone();
            Object min = s.minBytes() != null ? bytesValue(s.minBytes()) : s.min() == null ? null : s.min().value();
            Object max = s.maxBytes() != null ? bytesValue(s.maxBytes()) : s.max() == null ? null : s.max().value();
            return new Values(min == null ? null : new Scalar(type, min), max == null ? null : new Scalar(type, max),
                    null, null, s.sum(), s.nanCount(), s.nullCount());
        }

        /** Extensions keep exact min and max, even over string storage (Vortex bounds only plain strings). */
        private Object bytesValue(byte[] bytes) {
            return type.storage() instanceof DType.Utf8 ? new String(bytes, StandardCharsets.UTF_8) : bytes;
        }
    }
}
