package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.encodings.internal.proto.VarBinMetadata;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VarBinEncodingTest {

    /** Random strings of 0..40 chars, some null when {@code nullable}. */
    static List<String> strings(Random random, int n, boolean nullable) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (nullable && random.nextInt(5) == 0) {
                out.add(null);
                continue;
            }
            StringBuilder sb = new StringBuilder();
            int len = random.nextInt(41);
            for (int k = 0; k < len; k++) {
                sb.append(random.nextInt(20) == 0 ? 'é' : (char) ('a' + random.nextInt(26)));
            }
            out.add(sb.toString());
        }
        return out;
    }

    static boolean[] valid(List<?> values) {
        boolean[] valid = new boolean[values.size()];
        for (int i = 0; i < valid.length; i++) {
            valid[i] = values.get(i) != null;
        }
        return valid;
    }

    /** A varbin node of {@code values}, its bytes starting {@code lead} bytes into the buffer. */
    static Node varbin(List<String> values, PType offsetsType, int lead) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(new byte[lead]);
        long[] offsets = new long[values.size() + 1];
        offsets[0] = lead;
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            if (v != null) {
                bytes.writeBytes(v.getBytes(StandardCharsets.UTF_8));
            }
            offsets[i + 1] = bytes.size();
        }
        VarBinMetadata meta = VarBinMetadata.newBuilder().setOffsetsPtype(offsetsType.code()).build();
        return Node.of(VarBinEncoding.ID, meta, List.of(MemorySegment.ofArray(bytes.toByteArray())),
                List.of(Node.primitive(offsetsType, offsets))).withValidity(valid(values));
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void decodesEveryOffsetType(PType offsetsType) {
        // u8/i8 offsets only reach 127 or 255 bytes
        int n = offsetsType.byteWidth() == 1 ? 6 : 500;
        List<String> values = strings(new Random(offsetsType.ordinal()), n, true);
        if (offsetsType.byteWidth() == 1) {
            values = List.of("a", "", "fourteen chars", "x", "yy", "z");
        }
        assertValues(values, InMemoryParts.decode(varbin(values, offsetsType, 3), new DType.Utf8(true), n),
                "varbin " + offsetsType);
    }

    @Test
    void binaryWithoutNulls() {
        Random random = new Random(7);
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            byte[] b = new byte[random.nextInt(30)];
            random.nextBytes(b);
            values.add(b);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long[] offsets = new long[values.size() + 1];
        for (int i = 0; i < values.size(); i++) {
            bytes.writeBytes(values.get(i));
            offsets[i + 1] = bytes.size();
        }
        Node node = Node.of(VarBinEncoding.ID, VarBinMetadata.newBuilder().setOffsetsPtype(PType.I32.code()).build(),
                List.of(MemorySegment.ofArray(bytes.toByteArray())), List.of(Node.primitive(PType.I32, offsets)));
        assertValues(values, InMemoryParts.decode(node, new DType.Binary(false), values.size()), "binary varbin");
    }

    @Test
    void rejectsMalformedParts() {
        List<String> values = List.of("alpha", "beta", "a much longer value than twelve");
        DType utf8 = new DType.Utf8(false);
        Node good = varbin(values, PType.I32, 0);
        MemorySegment bytes = good.buffers().get(0);
        VarBinMetadata meta = VarBinMetadata.newBuilder().setOffsetsPtype(PType.I32.code()).build();
        assertMalformed(Node.of(VarBinEncoding.ID, meta, List.of(bytes),
                List.of(Node.primitive(PType.I32, 0, 5, 3, 40))), utf8, 3, "value 1 spans offsets [5, 3)");
        assertMalformed(Node.of(VarBinEncoding.ID, meta, List.of(bytes),
                List.of(Node.primitive(PType.I32, 0, 5, 9, 400))), utf8, 3, "400");
        assertMalformed(Node.of(VarBinEncoding.ID, meta, List.of(bytes),
                List.of(Node.primitive(PType.I32, -1, 5, 9, 40))), utf8, 3, "offset 0 is -1");
        assertMalformed(Node.of(VarBinEncoding.ID, meta, List.of(bytes, bytes), good.children()), utf8, 3,
                "expected 1 buffers");
        assertMalformed(Node.of(VarBinEncoding.ID, meta, List.of(bytes), List.of()), utf8, 3,
                "expected 1 to 2 children");
        assertMalformed(Node.of(VarBinEncoding.ID,
                VarBinMetadata.newBuilder().setOffsetsPtype(PType.F32.code()).build(), List.of(bytes),
                good.children()), utf8, 3, "offsets type must be an integer type");
        assertMalformed(Node.of(VarBinEncoding.ID, VarBinMetadata.newBuilder().setOffsetsPtype(99).build(),
                List.of(bytes), good.children()), utf8, 3, "unknown primitive type code 99");
        assertMalformed(new Node(VarBinEncoding.ID, new byte[] {(byte) 0xFF}, List.of(bytes), good.children()), utf8, 3,
                "invalid varbin metadata");
        assertMalformed(good, new DType.Primitive(PType.I32, false), 3, "cannot hold values of dtype i32");
        // a validity child on a non-nullable dtype
        assertMalformed(good.with(Node.bools(true, false, true)), utf8, 3, "not nullable");
        // too few offsets for the length
        assertMalformed(good, utf8, 4, "5 i32 values need 20 bytes");
    }
}
