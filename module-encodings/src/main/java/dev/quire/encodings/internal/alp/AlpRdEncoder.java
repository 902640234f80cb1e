package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.HeapBytes;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Optional;

/**
 * Encodes f32 and f64 values as {@code vortex.alprd} (ALP for "real doubles", section 3.4 of the ALP paper): every
 * value is cut into its top {@code p} bits (1 to 16) and the rest. The top bits of most floats in a column take few
 * distinct values, so the most frequent (at most {@value #MAX_DICTIONARY}) form a dictionary and each value stores a
 * small code; the others are patches. The cut is the one with the fewest estimated bits per value: right bits plus
 * code bits plus 32 bits per exception spread over the values.
 */
public final class AlpRdEncoder {
    /** The largest left-parts dictionary. */
    static final int MAX_DICTIONARY = 8;
    /** The widest left part. */
    static final int MAX_LEFT_BITS = 16;

    private AlpRdEncoder() {}

    /** The cut and dictionary chosen for some values. */
    record Dictionary(int rightBitWidth, int[] entries) {}

    /** Encodes {@code values} (f32 or f64), choosing the cut on the values themselves (nulls ignored). */
    public static AlpRdArray encode(PrimitiveArray values) {
        PType ptype = values.ptype();
        if (ptype != PType.F64 && ptype != PType.F32) {
            throw new InvalidArgumentException("ALP-RD encodes f32 or f64 values, not " + ptype.displayName());
        }
        if (values.length() > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("ALP-RD encodes at most " + (Integer.MAX_VALUE - 8)
                    + " values at once");
        }
        long[] bits = bits(values);
        Validity validity = values.validity();
        boolean allValid = values.nullCount() == 0;
        int width = ptype.byteWidth() * 8;
        Dictionary dict = bestDictionary(bits, validity, allValid, width);
        return encode(values, bits, dict);
    }

    private static long[] bits(PrimitiveArray values) {
        int n = (int) values.length();
        long[] bits = new long[n];
        if (values.ptype() == PType.F64) {
            for (int i = 0; i < n; i++) {
                bits[i] = values.getLong(i);
            }
        } else {
            for (int i = 0; i < n; i++) {
                bits[i] = values.getInt(i) & 0xFFFF_FFFFL;
            }
        }
        return bits;
    }

    /** Tries every cut of 1 to 16 left bits and keeps the one with the fewest estimated bits per value. */
    static Dictionary bestDictionary(long[] bits, Validity validity, boolean allValid, int width) {
        int[] counts = new int[1 << MAX_LEFT_BITS];
        Dictionary best = null;
        double bestSize = Double.MAX_VALUE;
        int valid = 0;
        for (int p = 1; p <= MAX_LEFT_BITS; p++) {
            int right = width - p;
            Arrays.fill(counts, 0, 1 << p, 0);
            valid = 0;
            for (int i = 0; i < bits.length; i++) {
                if (allValid || validity.isValid(i)) {
                    counts[(int) (bits[i] >>> right)]++;
                    valid++;
                }
            }
            int[] entries = topEntries(counts, 1 << p);
            long covered = 0;
            for (int v : entries) {
                covered += counts[v];
            }
            long exceptions = valid - covered;
            int leftBits = bitWidth(Math.max(entries.length, 1) - 1);
            double size = right + leftBits + (valid == 0 ? 0 : exceptions * 32.0 / valid);
            if (size < bestSize) {
                bestSize = size;
                best = new Dictionary(right, entries);
            }
        }
        if (best.entries().length == 0) {
            // no valid values: one entry, which only nulls use
            best = new Dictionary(best.rightBitWidth(), new int[] {0});
        }
        return best;
    }

    /** The most frequent values (at most {@value #MAX_DICTIONARY}), by count descending, then value ascending. */
    private static int[] topEntries(int[] counts, int size) {
        int[] top = new int[MAX_DICTIONARY];
        int taken = 0;
        for (int v = 0; v < size; v++) {
            int c = counts[v];
            if (c == 0) {
                continue;
            }
            // insertion into the sorted top list
            int at = taken;
            while (at > 0 && counts[top[at - 1]] < c) {
                at--;
            }
            if (at >= MAX_DICTIONARY) {
                continue;
            }
            int end = Math.min(taken, MAX_DICTIONARY - 1);
            System.arraycopy(top, at, top, at + 1, end - at);
            top[at] = v;
            taken = Math.min(taken + 1, MAX_DICTIONARY);
        }
        return Arrays.copyOf(top, taken);
    }

    /** Bits to store {@code v}; 1 for 0, as the reference counts a single-entry dictionary. */
    private static int bitWidth(int v) {
        return v == 0 ? 1 : 32 - Integer.numberOfLeadingZeros(v);
    }

    private static AlpRdArray encode(PrimitiveArray values, long[] bits, Dictionary dict) {
        int n = bits.length;
        int right = dict.rightBitWidth();
        int[] entries = dict.entries();
        int[] codeOf = new int[1 << MAX_LEFT_BITS];
        Arrays.fill(codeOf, -1);
        for (int c = 0; c < entries.length; c++) {
            codeOf[entries[c]] = c;
        }
        Validity validity = values.validity();
        boolean allValid = values.nullCount() == 0;
        boolean f64 = values.ptype() == PType.F64;
        short[] codes = new short[n];
        long[] rights = f64 ? new long[n] : null;
        int[] rights32 = f64 ? null : new int[n];
        long mask = right == 64 ? -1L : (1L << right) - 1;
        int[] positions = new int[16];
        short[] patchValues = new short[16];
        int patches = 0;
        for (int i = 0; i < n; i++) {
            long b = bits[i];
            if (f64) {
                rights[i] = b & mask;
            } else {
                rights32[i] = (int) (b & mask);
            }
            if (!allValid && !validity.isValid(i)) {
                continue;
            }
            int left = (int) (b >>> right);
            int code = codeOf[left];
            if (code >= 0) {
                codes[i] = (short) code;
            } else {
                if (patches == positions.length) {
                    positions = Arrays.copyOf(positions, patches * 2);
                    patchValues = Arrays.copyOf(patchValues, patches * 2);
                }
                positions[patches] = i;
                patchValues[patches++] = (short) left;
            }
        }
        PrimitiveArray leftCodes = new PrimitiveArray(new DType.Primitive(PType.U16, values.dtype().nullable()),
                HeapBytes.of(codes), validity);
        PrimitiveArray rightParts = f64
                ? new PrimitiveArray(new DType.Primitive(PType.U64, false), HeapBytes.of(rights),
                        Validity.NON_NULLABLE)
                : new PrimitiveArray(new DType.Primitive(PType.U32, false), HeapBytes.of(rights32),
                        Validity.NON_NULLABLE);
        Optional<PatchList> patchList = Optional.empty();
        if (patches > 0) {
            PrimitiveArray pv = new PrimitiveArray(new DType.Primitive(PType.U16, false),
                    HeapBytes.of(Arrays.copyOf(patchValues, patches)), Validity.NON_NULLABLE);
            patchList = Optional.of(PatchList.of(positions, patches, pv));
        }
        return new AlpRdArray(values, leftCodes, rightParts, entries, right, patchList);
    }
}
