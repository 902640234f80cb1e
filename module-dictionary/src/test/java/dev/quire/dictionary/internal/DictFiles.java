package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.spi.Layout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: one-column files written from scalars, read back as scalars, and their layout nodes. */
final class DictFiles {
    private DictFiles() {}

    static DType.Struct schema(DType column) {
        return DType.Struct.of(new Field("c", column));
    }

    static Array column(DType dtype, List<Scalar> values) {
        ArrayBuilder b = ArrayBuilder.forType(dtype);
        for (Scalar s : values) {
            if (s.isNull()) {
                b.appendNull();
            } else {
                b.appendScalar(s);
            }
        }
        return b.finish();
    }

    /** Writes one column {@code c} in batches of {@code batchRows}. */
    static void write(Path path, DType dtype, List<Scalar> values, WriteOptions options, int batchRows) {
        DType.Struct schema = schema(dtype);
        try (VortexWriter w = VortexWriter.create(path, schema, options)) {
            for (int from = 0; from < values.size(); from += batchRows) {
                List<Scalar> part = values.subList(from, Math.min(values.size(), from + batchRows));
                Array c = column(dtype, part);
                w.write(new StructArray(schema, List.of(c), c.length(), dev.quire.layout.array.Validity.NON_NULLABLE));
            }
        }
    }

    static List<Scalar> read(Path path) {
        return read(path, null);
    }

    /** Column {@code c} of the rows the filter keeps (all rows when null). */
    static List<Scalar> read(Path path, String filter) {
        List<Scalar> out = new ArrayList<>();
        try (VortexFile f = VortexFile.open(path)) {
            var scan = f.scan().project("c");
            if (filter != null) {
                scan = scan.filter(filter);
            }
            try (BatchStream batches = scan.batches()) {
                for (StructArray b : batches) {
                    Array c = b.field(0);
                    for (long i = 0; i < c.length(); i++) {
                        out.add(c.scalarAt(i));
                    }
                }
            }
        }
        return out;
    }

    /** Every layout node with layout id {@code id}, in pre-order. */
    static List<Layout> nodes(Layout root, String id) {
        List<Layout> out = new ArrayList<>();
        collect(root, id, out);
        return out;
    }

    private static void collect(Layout node, String id, List<Layout> out) {
        if (node.encodingId().equals(id)) {
            out.add(node);
        }
        for (int i = 0; i < node.childCount(); i++) {
            collect(node.child(i), id, out);
        }
    }
}
