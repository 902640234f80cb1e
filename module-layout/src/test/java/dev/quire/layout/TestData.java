package dev.quire.layout;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolBuilder;
import dev.quire.layout.array.DecimalBuilder;
import dev.quire.layout.array.ExtensionBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Random arrays of every dtype, from a seed, for round-trip tests. */
public final class TestData {
    private TestData() {}

    /** One column of every dtype Quire writes, nullable and not. */
    public static DType.Struct everyType() {
        List<Field> fields = new ArrayList<>();
        for (boolean nullable : new boolean[] {false, true}) {
            String s = nullable ? "_n" : "";
            fields.add(new Field("bool" + s, new DType.Bool(nullable)));
            for (PType p : PType.values()) {
                fields.add(new Field(p.displayName() + s, new DType.Primitive(p, nullable)));
            }
            fields.add(new Field("dec9" + s, new DType.Decimal(9, 2, nullable)));
            fields.add(new Field("dec18" + s, new DType.Decimal(18, 4, nullable)));
            fields.add(new Field("dec38" + s, new DType.Decimal(38, 10, nullable)));
            fields.add(new Field("utf8" + s, new DType.Utf8(nullable)));
            fields.add(new Field("binary" + s, new DType.Binary(nullable)));
            fields.add(new Field("date" + s, Temporal.date(TimeUnit.DAYS, nullable)));
            fields.add(new Field("ts" + s, Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), nullable)));
            fields.add(new Field("nested" + s, new DType.Struct(List.of(
                    new Field("x", new DType.Primitive(PType.I32, true)),
                    new Field("y", new DType.Utf8(false))), nullable)));
        }
        fields.add(new Field("nothing", new DType.Null()));
        return new DType.Struct(fields, false);
    }

    /** {@code rows} random values of {@code dtype}; nullable columns get about {@code nullRate} nulls. */
    public static Array random(DType dtype, int rows, Random random, double nullRate) {
        ArrayBuilder b = ArrayBuilder.forType(dtype);
        for (int i = 0; i < rows; i++) {
            if (dtype.nullable() && random.nextDouble() < nullRate) {
                b.appendNull();
            } else {
                appendRandom(b, dtype, random, nullRate);
            }
        }
        return b.finish();
    }

    private static void appendRandom(ArrayBuilder b, DType dtype, Random random, double nullRate) {
        switch (dtype) {
            case DType.Null n -> b.appendNull();
            case DType.Bool x -> ((BoolBuilder) b).appendBoolean(random.nextBoolean());
            case DType.Primitive p -> {
                PrimitiveBuilder pb = (PrimitiveBuilder) b;
                switch (p.ptype()) {
                    case U8 -> pb.appendLong(random.nextInt(256));
                    case U16 -> pb.appendLong(random.nextInt(65536));
                    case U32 -> pb.appendLong(random.nextLong() >>> 32);
                    case U64, I64 -> pb.appendLong(random.nextLong());
                    case I8 -> pb.appendLong((byte) random.nextInt());
                    case I16 -> pb.appendLong((short) random.nextInt());
                    case I32 -> pb.appendLong(random.nextInt());
                    case F16 -> pb.appendDouble(Float.float16ToFloat((short) random.nextInt(0x7C00)));
                    case F32 -> pb.appendDouble(random.nextFloat() * 1e6f - 5e5f);
                    case F64 -> pb.appendDouble(random.nextInt(20) == 0 ? Double.NaN : random.nextGaussian() * 1e9);
                }
            }
            case DType.Decimal d -> {
                BigInteger unscaled = new BigInteger(d.precision() * 3, random)
                        .mod(BigInteger.TEN.pow(d.precision()));
                ((DecimalBuilder) b).appendDecimal(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(),
                        d.scale()));
            }
            case DType.Utf8 u -> ((VarBinViewBuilder) b).appendString(randomString(random));
            case DType.Binary x -> {
                byte[] bytes = new byte[random.nextInt(40)];
                random.nextBytes(bytes);
                ((VarBinViewBuilder) b).appendBytes(bytes);
            }
            case DType.Struct s -> {
                StructBuilder sb = (StructBuilder) b;
                for (int i = 0; i < s.fieldCount(); i++) {
                    DType f = s.field(i).dtype();
                    if (f.nullable() && random.nextDouble() < nullRate) {
                        sb.field(i).appendNull();
                    } else {
                        appendRandom(sb.field(i), f, random, nullRate);
                    }
                }
                sb.endRow();
            }
            case DType.Extension e -> appendRandom(((ExtensionBuilder) b).storage(), e.storage(), random, nullRate);
        }
    }

    private static String randomString(Random random) {
        int len = random.nextInt(5) == 0 ? 13 + random.nextInt(200) : random.nextInt(13);
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            int kind = random.nextInt(10);
            sb.append(kind < 8 ? (char) ('a' + random.nextInt(26)) : kind == 8 ? 'é' : '語');
        }
        return sb.toString();
    }
}
