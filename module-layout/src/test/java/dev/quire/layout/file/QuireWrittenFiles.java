package dev.quire.layout.file;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.format.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Files Quire writes itself, covering every dtype it supports, for the mutation tests. */
final class QuireWrittenFiles {
    private QuireWrittenFiles() {}

    /** Every dtype, nullable and not, nested structs, decimals of several widths, extensions; small chunks. */
    static final DType.Struct ALL_TYPES = new DType.Struct(List.of(
            new Field("id", new DType.Primitive(PType.I64, false)),
            new Field("i8", new DType.Primitive(PType.I8, true)),
            new Field("u16", new DType.Primitive(PType.U16, false)),
            new Field("i32", new DType.Primitive(PType.I32, true)),
            new Field("u64", new DType.Primitive(PType.U64, false)),
            new Field("f16", new DType.Primitive(PType.F16, true)),
            new Field("f32", new DType.Primitive(PType.F32, false)),
            new Field("f64", new DType.Primitive(PType.F64, true)),
            new Field("flag", new DType.Bool(false)),
            new Field("maybe", new DType.Bool(true)),
            new Field("name", new DType.Utf8(true)),
            new Field("blob", new DType.Binary(false)),
            new Field("price", new DType.Decimal(10, 2, true)),
            new Field("big", new DType.Decimal(38, 4, false)),
            new Field("huge", new DType.Decimal(60, 0, true)),
            new Field("tiny", new DType.Decimal(2, 1, false)),
            new Field("at", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), true)),
            new Field("day", Temporal.date(TimeUnit.DAYS, false)),
            new Field("nothing", new DType.Null()),
            new Field("nested", new DType.Struct(List.of(
                    new Field("a", new DType.Primitive(PType.I32, false)),
                    new Field("b", new DType.Utf8(true)),
                    new Field("inner", new DType.Struct(List.of(
                            new Field("c", new DType.Bool(true)),
                            new Field("d", new DType.Primitive(PType.F64, false))), true))), true))),
            false);

    /** A few columns, written with LZ4-compressed buffers. */
    static final DType.Struct LZ4_TYPES = new DType.Struct(List.of(
            new Field("id", new DType.Primitive(PType.I64, false)),
            new Field("name", new DType.Utf8(true)),
            new Field("flag", new DType.Bool(true)),
            new Field("price", new DType.Decimal(10, 2, true))), false);

    static byte[] allTypes() {
        return write(ALL_TYPES, 3000, 42, new WriteOptions(4096, 256, false));
    }

    static byte[] lz4() {
        return write(LZ4_TYPES, 1200, 7, new WriteOptions(4096, 256, true));
    }

    static byte[] write(DType.Struct schema, int rows, long seed, WriteOptions options) {
        Random rnd = new Random(seed);
        ArrayBuilder builder = ArrayBuilder.forType(schema);
        for (int i = 0; i < rows; i++) {
            builder.appendScalar(value(schema, i, rnd));
        }
        StructArray batch = (StructArray) builder.finish();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WritableByteChannel channel = Channels.newChannel(bytes);
                VortexWriter writer = VortexWriter.create(channel, schema, options)) {
            writer.write(batch);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static Scalar value(DType dtype, int row, Random rnd) {
        if (dtype.nullable() && !(dtype instanceof DType.Null) && rnd.nextInt(8) == 0) {
            return Scalar.nullOf(dtype);
        }
        return switch (dtype) {
            case DType.Null n -> Scalar.nullOf(dtype);
            case DType.Bool b -> new Scalar(dtype, rnd.nextBoolean());
            case DType.Primitive p -> new Scalar(dtype, switch (p.ptype()) {
                case F16, F32 -> (Object) (rnd.nextFloat() * 100);
                case F64 -> (Object) rnd.nextGaussian();
                case I64 -> (Object) (long) row;
                case U64 -> (Object) rnd.nextLong();
                case I8 -> (Object) (long) (byte) rnd.nextInt();
                case U8 -> (Object) (long) rnd.nextInt(256);
                case I16 -> (Object) (long) (short) rnd.nextInt();
                case U16 -> (Object) (long) rnd.nextInt(65536);
                case I32 -> (Object) (long) rnd.nextInt();
                case U32 -> (Object) (rnd.nextLong() & 0xFFFF_FFFFL);
            });
            case DType.Decimal d -> {
                BigInteger bound = BigInteger.TEN.pow(d.precision());
                BigInteger unscaled = new BigInteger(bound.bitLength() + 8, rnd).mod(bound);
                yield new Scalar(dtype, new BigDecimal(rnd.nextBoolean() ? unscaled : unscaled.negate(), d.scale()));
            }
            case DType.Utf8 u -> new Scalar(dtype, text(rnd));
            case DType.Binary b -> {
                byte[] v = new byte[rnd.nextInt(30)];
                rnd.nextBytes(v);
                yield new Scalar(dtype, v);
            }
            case DType.Struct s -> {
                List<Scalar> fields = new ArrayList<>();
                for (Field f : s.fields()) {
                    fields.add(value(f.dtype(), row, rnd));
                }
                yield new Scalar(dtype, fields);
            }
            case DType.Extension e -> new Scalar(dtype, (long) rnd.nextInt(100_000));
        };
    }

    private static String text(Random rnd) {
        int len = rnd.nextInt(3) == 0 ? 13 + rnd.nextInt(40) : rnd.nextInt(12);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) {
            sb.append(i % 17 == 16 ? 'é' : (char) ('a' + rnd.nextInt(26)));
        }
        return sb.toString();
    }
}
