package dev.quire.layout.internal.fb;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** The DType flatbuffer (dtype.fbs), both ways. */
public final class DTypeFlatbuffers {
    static final int NULL = 1;
    static final int BOOL = 2;
    static final int PRIMITIVE = 3;
    static final int DECIMAL = 4;
    static final int UTF8 = 5;
    static final int BINARY = 6;
    static final int STRUCT = 7;
    static final int LIST = 8;
    static final int EXTENSION = 9;
    static final int FIXED_SIZE_LIST = 10;
    static final int VARIANT = 11;
    static final int UNION = 12;

    private DTypeFlatbuffers() {}

    /** Reads the DType table {@code t}; nesting deeper than {@code maxDepth} is rejected. */
    public static DType read(FbTable t, int maxDepth) {
        return read(t, 0, maxDepth);
    }

    private static DType read(FbTable t, int depth, int maxDepth) {
        if (depth > maxDepth) {
            throw t.buffer().error(t.path() + ": dtype nesting deeper than " + maxDepth, -1);
        }
        int tag = t.u8(0, "type_type", 0);
        FbTable v = t.table(1, "type");
        if (v == null && tag != 0) {
            throw t.buffer().error(t.path() + ": dtype union has tag " + tag + " but no value", -1);
        }
        return switch (tag) {
            case NULL -> new DType.Null();
            case BOOL -> new DType.Bool(v.bool(0, "nullable", false));
            case PRIMITIVE -> {
                int code = v.u8(0, "ptype", 0);
                if (code > PType.F64.code()) {
                    throw t.buffer().error(t.path() + ": unknown ptype " + code, -1);
                }
                yield new DType.Primitive(PType.fromCode(code), v.bool(1, "nullable", false));
            }
            case DECIMAL -> {
                int precision = v.u8(0, "precision", 0);
                int scale = v.i8(1, "scale", 0);
                if (precision < 1 || precision > DType.Decimal.MAX_PRECISION || scale > precision) {
                    throw t.buffer().error(t.path() + ": invalid decimal(" + precision + "," + scale + ")", -1);
                }
                yield new DType.Decimal(precision, scale, v.bool(2, "nullable", false));
            }
            case UTF8 -> new DType.Utf8(v.bool(0, "nullable", false));
            case BINARY -> new DType.Binary(v.bool(0, "nullable", false));
            case STRUCT -> {
                FbVector names = v.vector(0, "names", 4);
                FbVector dtypes = v.vector(1, "dtypes", 4);
                if (names == null || dtypes == null) {
                    throw t.buffer().error(t.path() + ": struct dtype without names or dtypes", -1);
                }
                if (names.length() != dtypes.length()) {
                    throw t.buffer().error(t.path() + ": struct has " + names.length() + " names but "
                            + dtypes.length() + " dtypes", -1);
                }
                List<Field> fields = new ArrayList<>(names.length());
                java.util.Set<String> seen = new java.util.HashSet<>();
                for (int i = 0; i < names.length(); i++) {
                    String name = names.string(i);
                    if (!seen.add(name)) {
                        throw t.buffer().error(t.path() + ": duplicate struct field `" + name + "`", -1);
                    }
                    fields.add(new Field(name, read(dtypes.table(i), depth + 1, maxDepth)));
                }
                yield new DType.Struct(fields, v.bool(2, "nullable", false));
            }
            case EXTENSION -> {
                String id = v.string(0, "id");
                FbTable storage = v.table(1, "storage_dtype");
                if (id == null || storage == null) {
                    throw t.buffer().error(t.path() + ": extension dtype without id or storage", -1);
                }
                ByteBuffer meta = v.bytes(2, "metadata");
                byte[] metadata = new byte[meta == null ? 0 : meta.remaining()];
                if (meta != null) {
                    meta.get(metadata);
                }
                DType storageType = read(storage, depth + 1, maxDepth);
                if (storageType instanceof DType.Extension || storageType instanceof DType.Struct) {
                    throw t.buffer().error(t.path() + ": extension `" + id + "` has unsupported storage "
                            + storageType, -1);
                }
                yield new DType.Extension(id, storageType, metadata);
            }
            case LIST -> throw new UnsupportedFeatureException("list dtypes are not supported yet (" + t.path() + ")");
            case FIXED_SIZE_LIST -> throw new UnsupportedFeatureException(
                    "fixed-size list dtypes are not supported yet (" + t.path() + ")");
            case VARIANT -> throw new UnsupportedFeatureException(
                    "variant dtypes are not supported yet (" + t.path() + ")");
            case UNION -> throw new UnsupportedFeatureException(
                    "union dtypes are not supported yet (" + t.path() + ")");
            default -> throw t.buffer().error(t.path() + ": unknown dtype tag " + tag, -1);
        };
    }

    /** Writes {@code dtype} as a DType table and returns its offset. */
    public static int write(FlatBufferBuilder b, DType dtype) {
        int tag;
        int value;
        switch (dtype) {
            case DType.Null n -> {
                tag = NULL;
                b.startTable(0);
                value = b.endTable();
            }
            case DType.Bool x -> {
                tag = BOOL;
                b.startTable(1);
                b.addBoolean(0, x.nullable(), false);
                value = b.endTable();
            }
            case DType.Primitive p -> {
                tag = PRIMITIVE;
                b.startTable(2);
                b.addByte(0, (byte) p.ptype().code(), 0);
                b.addBoolean(1, p.nullable(), false);
                value = b.endTable();
            }
            case DType.Decimal d -> {
                tag = DECIMAL;
                b.startTable(3);
                b.addByte(0, (byte) d.precision(), 0);
                b.addByte(1, (byte) d.scale(), 0);
                b.addBoolean(2, d.nullable(), false);
                value = b.endTable();
            }
            case DType.Utf8 u -> {
                tag = UTF8;
                b.startTable(1);
                b.addBoolean(0, u.nullable(), false);
                value = b.endTable();
            }
            case DType.Binary x -> {
                tag = BINARY;
                b.startTable(1);
                b.addBoolean(0, x.nullable(), false);
                value = b.endTable();
            }
            case DType.Struct s -> {
                tag = STRUCT;
                int[] names = new int[s.fieldCount()];
                int[] types = new int[s.fieldCount()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = b.createString(s.field(i).name());
                    types[i] = write(b, s.field(i).dtype());
                }
                int namesVec = offsetVector(b, names);
                int typesVec = offsetVector(b, types);
                b.startTable(3);
                b.addOffset(0, namesVec, 0);
                b.addOffset(1, typesVec, 0);
                b.addBoolean(2, s.nullable(), false);
                value = b.endTable();
            }
            case DType.Extension e -> {
                tag = EXTENSION;
                int id = b.createString(e.id());
                int storage = write(b, e.storage());
                byte[] meta = e.metadata();
                int metaVec = meta.length == 0 ? 0 : b.createByteVector(meta);
                b.startTable(3);
                b.addOffset(0, id, 0);
                b.addOffset(1, storage, 0);
                if (metaVec != 0) {
                    b.addOffset(2, metaVec, 0);
                }
                value = b.endTable();
            }
        }
        b.startTable(2);
        b.addByte(0, (byte) tag, 0);
        b.addOffset(1, value, 0);
        return b.endTable();
    }

    static int offsetVector(FlatBufferBuilder b, int[] offsets) {
        b.startVector(4, offsets.length, 4);
        for (int i = offsets.length - 1; i >= 0; i--) {
            b.addOffset(offsets[i]);
        }
        return b.endVector();
    }
}
