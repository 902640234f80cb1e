package dev.quire.cli.output;

import dev.quire.layout.dtype.DType;
import java.io.PrintWriter;

/** The output formats of {@code quire scan}. */
public enum RowFormat {
    /** Aligned columns for people; nested fields flattened to dotted names, long values cut. */
    TABLE,
    /** RFC 4180 CSV with a header row; nested fields flattened to dotted names; nulls are empty fields. */
    CSV,
    /** One JSON object per line, keys in schema order; nested structs are objects. */
    JSONL;

    public RowWriter writer(PrintWriter out, DType.Struct dtype) {
        return switch (this) {
            case TABLE -> new TableWriter(out, dtype);
            case CSV -> new CsvRowWriter(out, dtype);
            case JSONL -> new JsonlWriter(out, dtype);
        };
    }
}
