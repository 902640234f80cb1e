package dev.quire.bench;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Files shaped like TPC-H lineitem's string columns, for {@link DictFilterBench}: {@code row} (the row's index, i64),
 * {@code l_shipmode} (7 values, uniform, as in lineitem), {@code l_returnflag} ({@code R} and {@code A} a quarter of
 * the rows each, {@code N} half, roughly as in lineitem) and {@code brand_type}, a mid-cardinality column of 3,750
 * values (TPC-H part's 25 brands times its 150 types, {@code Brand#23 MEDIUM POLISHED BRASS}), uniform. Written twice
 * by Quire's default writer: with the dictionary strategy (every string column a {@code vortex.dict} layout) and
 * with {@code withDictionary(false)} (the same as {@code quire convert --no-dict}). Cached on disk by row count and
 * data version.
 */
public final class DictFilterData {
    /** Bump when the generated data or what the writer puts in the file changes, so cached files are rewritten. */
    static final int VERSION = 1;
    static final String[] SHIP_MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    static final String[] RETURN_FLAGS = {"R", "A", "N", "N"};
    static final String[] BRAND_TYPES = brandTypes();
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("row", new DType.Primitive(PType.I64, false)),
            new Field("l_shipmode", new DType.Utf8(false)),
            new Field("l_returnflag", new DType.Utf8(false)),
            new Field("brand_type", new DType.Utf8(false)));
    private static final long SEED = 20261130;

    private DictFilterData() {}

    private static String[] brandTypes() {
        String[] size = {"STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"};
        String[] finish = {"ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED"};
        String[] metal = {"TIN", "NICKEL", "BRASS", "STEEL", "COPPER"};
        List<String> out = new ArrayList<>();
        for (int m = 1; m <= 5; m++) {
            for (int n = 1; n <= 5; n++) {
                for (String a : size) {
                    for (String b : finish) {
                        for (String c : metal) {
                            out.add("Brand#" + m + n + " " + a + " " + b + " " + c);
                        }
                    }
                }
            }
        }
        return out.toArray(String[]::new);
    }

    /** The file of {@code rows} rows, with dictionaries or without; written on first use. */
    public static Path ensure(long rows, boolean dictionary) {
        Path file = CanonicalData.dataDir().resolve("dict-filter-v" + VERSION + "-" + rows
                + (dictionary ? "-dict" : "-plain") + ".vortex");
        if (Files.exists(file)) {
            return file;
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "writing-", ".vortex");
            write(tmp, rows, WriteOptions.defaults().withDictionary(dictionary));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rows in order: the values of each string column, drawn the same way for writing and for checking. */
    static final class Rows {
        private final SplittableRandom random = new SplittableRandom(SEED);
        int shipMode;
        int returnFlag;
        int brandType;

        void next() {
            shipMode = random.nextInt(SHIP_MODES.length);
            returnFlag = random.nextInt(RETURN_FLAGS.length);
            brandType = random.nextInt(BRAND_TYPES.length);
        }

        /** The value of column {@code name} in the current row. */
        String value(String name) {
            return switch (name) {
                case "l_shipmode" -> SHIP_MODES[shipMode];
                case "l_returnflag" -> RETURN_FLAGS[returnFlag];
                case "brand_type" -> BRAND_TYPES[brandType];
                default -> throw new IllegalArgumentException("no string column " + name);
            };
        }
    }

    static void write(Path path, long rows, WriteOptions options) {
        byte[][] shipModes = utf8(SHIP_MODES);
        byte[][] returnFlags = utf8(RETURN_FLAGS);
        byte[][] brandTypes = utf8(BRAND_TYPES);
        StructBuilder batch = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        PrimitiveBuilder row = (PrimitiveBuilder) batch.field(0);
        VarBinViewBuilder shipMode = (VarBinViewBuilder) batch.field(1);
        VarBinViewBuilder returnFlag = (VarBinViewBuilder) batch.field(2);
        VarBinViewBuilder brandType = (VarBinViewBuilder) batch.field(3);
        Rows values = new Rows();
        try (VortexWriter writer = VortexWriter.create(path, SCHEMA, options)) {
            for (long r = 0; r < rows; r++) {
                values.next();
                row.appendLong(r);
                shipMode.appendBytes(shipModes[values.shipMode]);
                returnFlag.appendBytes(returnFlags[values.returnFlag]);
                brandType.appendBytes(brandTypes[values.brandType]);
                batch.endRow();
                if (batch.length() == 65536) {
                    writer.write(batch.finish());
                }
            }
            if (batch.length() > 0) {
                writer.write(batch.finish());
            }
        }
    }

    private static byte[][] utf8(String[] values) {
        byte[][] out = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i].getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }

    /** How many layout nodes with id {@code id} the tree under {@code node} has. */
    static int count(Layout node, String id) {
        int n = node.encodingId().equals(id) ? 1 : 0;
        for (int i = 0; i < node.childCount(); i++) {
            n += count(node.child(i), id);
        }
        return n;
    }
}
