package dev.quire.encodings.internal.logical;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.encodings.internal.proto.DateTimePartsMetadata;
import dev.quire.encodings.internal.proto.DecimalBytePartsMetadata;
import dev.quire.encodings.internal.proto.VarBinMetadata;
import dev.quire.encodings.internal.strings.VarBinEncoding;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** vortex.bytebool, vortex.masked, vortex.decimal_byte_parts and vortex.datetimeparts. */
class LogicalEncodingsTest {

    static boolean[] validEvery(int n, int period) {
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            valid[i] = period == 0 || i % period != period - 1;
        }
        return valid;
    }

    static List<Object> masked(List<Object> values, boolean[] valid) {
        List<Object> out = new ArrayList<>(values);
        for (int i = 0; i < valid.length; i++) {
            if (!valid[i]) {
                out.set(i, null);
            }
        }
        return out;
    }

    // ---- vortex.bytebool

    @Test
    void byteBoolTakesAnyNonZeroByteAsTrue() {
        Random random = new Random(1);
        for (int n : new int[] {0, 1, 7, 8, 9, 1000}) {
            byte[] bytes = new byte[n];
            List<Object> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                bytes[i] = (byte) (random.nextBoolean() ? 0 : random.nextInt(256));
                expected.add(bytes[i] != 0);
            }
            Node node = Node.of(ByteBoolEncoding.ID, List.of(MemorySegment.ofArray(bytes)), List.of());
            assertValues(expected, InMemoryParts.decode(node, new DType.Bool(false), n), "bytebool n=" + n);
            boolean[] valid = validEvery(n, 3);
            assertValues(masked(expected, valid), InMemoryParts.decode(node.withValidity(valid), new DType.Bool(true),
                    n), "nullable bytebool n=" + n);
        }
    }

    @Test
    void byteBoolRejectsMalformedParts() {
        Node node = Node.of(ByteBoolEncoding.ID, List.of(MemorySegment.ofArray(new byte[4])), List.of());
        assertMalformed(node, new DType.Bool(false), 5, "buffer has 4 bytes, 5 values need one each");
        assertMalformed(new Node(ByteBoolEncoding.ID, new byte[] {1}, node.buffers(), List.of()), new DType.Bool(false),
                4, "expected empty metadata");
        assertMalformed(node, new DType.Primitive(PType.U8, false), 4, "cannot hold values of dtype u8");
        assertMalformed(node.with(Node.bools(true, true, true, true)), new DType.Bool(false), 4, "not nullable");
    }

    // ---- vortex.masked

    @Test
    void maskedAppliesItsValidityToEveryCanonicalKind() {
        int n = 10;
        boolean[] valid = validEvery(n, 3);
        long[] ints = {5, -3, 8, 1, 0, 99, -7, 4, 2, 6};
        List<Object> intValues = Arrays.stream(ints).boxed().map(Object.class::cast).toList();
        Node primitive = Node.primitive(PType.I32, ints);
        assertValues(masked(intValues, valid), InMemoryParts.decode(maskedOf(primitive, valid),
                new DType.Primitive(PType.I32, true), n), "masked primitive");
        // no validity child: all valid
        assertValues(intValues, InMemoryParts.decode(Node.of(MaskedEncoding.ID, List.of(), List.of(primitive)),
                new DType.Primitive(PType.I32, true), n), "masked without validity");
        // an all-invalid constant validity
        Node allNull = Node.of(MaskedEncoding.ID, List.of(), List.of(primitive,
                Node.constant(new Scalar(new DType.Bool(false), false))));
        assertValues(masked(intValues, new boolean[n]), InMemoryParts.decode(allNull,
                new DType.Primitive(PType.I32, true), n), "masked all null");

        boolean[] bools = {true, false, true, true, false, false, true, false, true, true};
        List<Object> boolValues = new ArrayList<>();
        for (boolean b : bools) {
            boolValues.add(b);
        }
        assertValues(masked(boolValues, valid), InMemoryParts.decode(maskedOf(Node.bools(bools), valid),
                new DType.Bool(true), n), "masked bool");

        // strings through a varbin child: a wrapper over a wrapper
        List<Object> strings = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        long[] offsets = new long[n + 1];
        for (int i = 0; i < n; i++) {
            String s = "value number " + i + (i % 2 == 0 ? "" : " and a longer tail");
            strings.add(s);
            all.append(s);
            offsets[i + 1] = all.toString().getBytes(StandardCharsets.UTF_8).length;
        }
        Node varbin = Node.of(VarBinEncoding.ID, VarBinMetadata.newBuilder().setOffsetsPtype(PType.U32.code()).build(),
                List.of(MemorySegment.ofArray(all.toString().getBytes(StandardCharsets.UTF_8))),
                List.of(Node.primitive(PType.U32, offsets)));
        assertValues(masked(strings, valid), InMemoryParts.decode(maskedOf(varbin, valid), new DType.Utf8(true), n),
                "masked varbin");

        // decimals through decimal byte parts
        DType.Decimal decimal = new DType.Decimal(10, 2, true);
        Node parts = decimalParts(PType.I64, Node.primitive(PType.I64, ints));
        List<Object> decimals = Arrays.stream(ints).mapToObj(v -> (Object) BigDecimal.valueOf(v, 2)).toList();
        assertValues(masked(decimals, valid), InMemoryParts.decode(maskedOf(parts, valid), decimal, n),
                "masked decimal");

        // a struct: its own validity comes from the mask, the fields keep theirs
        DType.Struct struct = new DType.Struct(List.of(new Field("a", new DType.Primitive(PType.I32, true))), true);
        boolean[] fieldValid = validEvery(n, 2);
        Node structNode = Node.of("vortex.struct", List.of(), List.of(primitive.withValidity(fieldValid)));
        var decoded = InMemoryParts.decode(maskedOf(structNode, valid), struct, n);
        List<Object> expectedStructs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Scalar field = fieldValid[i] ? new Scalar(struct.field(0).dtype(), ints[i])
                    : Scalar.nullOf(struct.field(0).dtype());
            expectedStructs.add(valid[i] ? List.of(field) : null);
        }
        assertValues(expectedStructs, decoded, "masked struct");

        // an extension over its storage
        DType.Extension date = Temporal.date(TimeUnit.DAYS, true);
        Node ext = Node.of("vortex.ext", List.of(), List.of(primitive));
        assertValues(masked(intValues, valid), InMemoryParts.decode(maskedOf(ext, valid), date, n), "masked date");
    }

    private static Node maskedOf(Node child, boolean[] valid) {
        return Node.of(MaskedEncoding.ID, List.of(), List.of(child)).withValidity(valid);
    }

    @Test
    void maskedRejectsMalformedParts() {
        Node primitive = Node.primitive(PType.I32, 1, 2, 3);
        Node node = Node.of(MaskedEncoding.ID, List.of(), List.of(primitive));
        assertMalformed(node, new DType.Primitive(PType.I32, false), 3, "needs a nullable, non-null dtype");
        assertMalformed(Node.of(MaskedEncoding.ID, List.of(), List.of()), new DType.Primitive(PType.I32, true), 3,
                "expected 1 to 2 children, got 0");
        assertMalformed(Node.of(MaskedEncoding.ID, List.of(MemorySegment.ofArray(new byte[1])), List.of(primitive)),
                new DType.Primitive(PType.I32, true), 3, "expected 0 buffers");
        // the child is read with the non-nullable dtype, so it may not carry a validity of its own
        Node nullableChild = Node.of(MaskedEncoding.ID, List.of(), List.of(primitive.with(Node.bools(true, false,
                true))));
        assertMalformed(nullableChild, new DType.Primitive(PType.I32, true), 3, "is not nullable");
    }

    // ---- vortex.decimal_byte_parts

    static Node decimalParts(PType ptype, Node msp) {
        return Node.of(DecimalBytePartsEncoding.ID,
                DecimalBytePartsMetadata.newBuilder().setZerothChildPtype(ptype.code()).build(), List.of(),
                List.of(msp));
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"I8", "I16", "I32", "I64"})
    void decimalBytePartsKeepTheUnscaledValues(PType ptype) {
        Random random = new Random(ptype.ordinal());
        int n = 300;
        long[] unscaled = new long[n];
        int bits = ptype.byteWidth() * 8;
        for (int i = 0; i < n; i++) {
            unscaled[i] = random.nextLong() >> (64 - bits);
        }
        unscaled[0] = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
        boolean[] valid = validEvery(n, 4);
        DType.Decimal dtype = new DType.Decimal(38, 5, true);
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add(new BigDecimal(BigInteger.valueOf(unscaled[i]), 5));
        }
        Node node = decimalParts(ptype, Node.primitive(ptype, unscaled).withValidity(valid));
        assertValues(masked(expected, valid), InMemoryParts.decode(node, dtype, n), "decimal parts " + ptype);
        Node nonNull = decimalParts(ptype, Node.primitive(ptype, unscaled));
        assertValues(expected, InMemoryParts.decode(nonNull, new DType.Decimal(38, 5, false), n),
                "non-nullable decimal parts " + ptype);
    }

    @Test
    void decimalBytePartsRejectMalformedParts() {
        DType.Decimal dtype = new DType.Decimal(12, 2, false);
        Node msp = Node.primitive(PType.I64, 1, 2, 3);
        assertMalformed(decimalParts(PType.U64, msp), dtype, 3, "must be a signed integer, got u64");
        assertMalformed(decimalParts(PType.F64, msp), dtype, 3, "must be a signed integer, got f64");
        assertMalformed(Node.of(DecimalBytePartsEncoding.ID, DecimalBytePartsMetadata.newBuilder()
                .setZerothChildPtype(PType.I64.code()).setLowerPartCount(1).build(), List.of(), List.of(msp)), dtype,
                3, "1 lower parts");
        assertMalformed(decimalParts(PType.I64, msp), new DType.Primitive(PType.I64, false), 3,
                "cannot hold values of dtype i64");
        assertMalformed(Node.of(DecimalBytePartsEncoding.ID, DecimalBytePartsMetadata.newBuilder()
                .setZerothChildPtype(PType.I64.code()).build(), List.of(), List.of(msp, msp)), dtype, 3,
                "expected 1 children, got 2");
    }

    // ---- vortex.datetimeparts

    static Node dateTimeParts(PType days, PType seconds, PType subseconds, Node... children) {
        return Node.of(DateTimePartsEncoding.ID, DateTimePartsMetadata.newBuilder().setDaysPtype(days.code())
                .setSecondsPtype(seconds.code()).setSubsecondsPtype(subseconds.code()).build(), List.of(),
                List.of(children));
    }

    @ParameterizedTest
    @EnumSource(value = TimeUnit.class, names = {"NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS"})
    void dateTimePartsAddUpToTimestamps(TimeUnit unit) {
        long perSecond = switch (unit) {
            case NANOSECONDS -> 1_000_000_000L;
            case MICROSECONDS -> 1_000_000L;
            case MILLISECONDS -> 1_000L;
            default -> 1L;
        };
        Random random = new Random(unit.ordinal());
        int n = 500;
        long[] timestamps = new long[n];
        long[] days = new long[n];
        long[] seconds = new long[n];
        long[] subseconds = new long[n];
        for (int i = 0; i < n; i++) {
            // about 1900..2100, negative values included
            timestamps[i] = (random.nextLong(-70L * 365, 130L * 365) * 86_400 + random.nextInt(86_400)) * perSecond
                    + random.nextLong(perSecond);
            days[i] = Math.floorDiv(timestamps[i], 86_400 * perSecond);
            long rest = Math.floorMod(timestamps[i], 86_400 * perSecond);
            seconds[i] = rest / perSecond;
            subseconds[i] = rest % perSecond;
        }
        boolean[] valid = validEvery(n, 5);
        DType.Extension dtype = Temporal.timestamp(unit, Optional.of("UTC"), true);
        List<Object> expected = new ArrayList<>();
        for (long t : timestamps) {
            expected.add(t);
        }
        Node node = dateTimeParts(PType.I32, PType.U32, PType.I64, Node.primitive(PType.I32, days).withValidity(valid),
                Node.primitive(PType.U32, seconds), Node.primitive(PType.I64, subseconds));
        assertValues(masked(expected, valid), InMemoryParts.decode(node, dtype, n), "timestamps in " + unit);
    }

    @Test
    void dateTimePartsTakeConstantChildren() {
        DType.Extension dtype = Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), false);
        // midnight every day: constant zero seconds and subseconds, days of every integer type
        for (PType daysType : new PType[] {PType.I8, PType.U8, PType.I16, PType.U16, PType.I32, PType.U32, PType.I64,
                PType.U64}) {
            long[] days = {0, 1, 2, 100, 127};
            Node node = dateTimeParts(daysType, PType.U8, PType.U8, Node.primitive(daysType, days),
                    Node.constant(new Scalar(new DType.Primitive(PType.U8, false), 0L)),
                    Node.constant(new Scalar(new DType.Primitive(PType.U8, false), 0L)));
            List<Object> expected = Arrays.stream(days).mapToObj(d -> (Object) (d * 86_400_000_000L)).toList();
            assertValues(expected, InMemoryParts.decode(node, dtype, days.length), "midnights, days " + daysType);
        }
    }

    @Test
    void dateTimePartsRejectMalformedParts() {
        Node days = Node.primitive(PType.I32, 1, 2);
        Node zero = Node.primitive(PType.I32, 0, 0);
        DType.Extension ts = Temporal.timestamp(TimeUnit.SECONDS, Optional.empty(), false);
        assertMalformed(dateTimeParts(PType.I32, PType.I32, PType.I32, days, zero, zero),
                Temporal.date(TimeUnit.DAYS, false), 2, "date-time parts decode to i64 timestamps");
        assertMalformed(dateTimeParts(PType.I32, PType.I32, PType.I32, days, zero, zero),
                new DType.Primitive(PType.I64, false), 2, "cannot hold values of dtype i64");
        assertMalformed(dateTimeParts(PType.F32, PType.I32, PType.I32, days, zero, zero), ts, 2,
                "days type must be an integer type, got f32");
        assertMalformed(dateTimeParts(PType.I32, PType.I32, PType.I32, days, zero), ts, 2,
                "expected 3 children, got 2");
        assertMalformed(dateTimeParts(PType.I32, PType.I32, PType.I32, days, zero, zero.with(Node.bools(true, true))),
                ts, 2, "is not nullable");
    }
}
