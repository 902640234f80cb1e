package dev.quire.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import java.io.IOException;
import java.io.PrintWriter;

/** JSON Lines: one object per row, keys in schema order, values by the rules of {@link ValueFormat}. */
final class JsonlWriter implements RowWriter {
    private final PrintWriter out;
    private final JsonGenerator json;
    private final ValueFormat row;

    JsonlWriter(PrintWriter out, DType.Struct dtype) {
        this.out = out;
        this.json = Json.generator(out);
        json.setRootValueSeparator(null);
        this.row = ValueFormat.of(dtype);
    }

    @Override
    public void write(StructArray batch) {
        try {
            for (long i = 0; i < batch.length(); i++) {
                row.writeJson(json, batch, i);
                json.writeRaw('\n');
            }
            json.flush();
        } catch (IOException e) {
            throw new QuireIoException("writing JSON failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void finish() {
        try {
            json.close();
        } catch (IOException e) {
            throw new QuireIoException("writing JSON failed: " + e.getMessage(), e);
        }
        out.flush();
    }
}
