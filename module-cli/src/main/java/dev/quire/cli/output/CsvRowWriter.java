package dev.quire.cli.output;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/** CSV with a header row of (dotted) column names; a null is an empty field, an empty string {@code ""}. */
final class CsvRowWriter implements RowWriter {
    private static final CsvFactory FACTORY = CsvFactory.builder()
            // An empty string is "", a null an empty field: quire convert reads them back apart.
            .enable(CsvGenerator.Feature.ALWAYS_QUOTE_EMPTY_STRINGS)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
            .build();

    private final PrintWriter out;
    private final List<Columns.Leaf> columns;
    private final CsvGenerator csv;

    CsvRowWriter(PrintWriter out, DType.Struct dtype) {
        this.out = out;
        this.columns = Columns.of(dtype);
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(false).setLineSeparator("\n");
        for (Columns.Leaf c : columns) {
            schema.addColumn(c.name());
        }
        try {
            this.csv = FACTORY.createGenerator(out);
            csv.setSchema(schema.build());
            // The header is written as a row of its own, so that a scan without rows still has one.
            csv.writeStartArray();
            for (Columns.Leaf c : columns) {
                csv.writeString(c.name());
            }
            csv.writeEndArray();
        } catch (IOException e) {
            throw new QuireIoException("writing CSV failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void write(StructArray batch) {
        try {
            for (long row = 0; row < batch.length(); row++) {
                csv.writeStartArray();
                for (Columns.Leaf c : columns) {
                    String text = c.text(batch, row);
                    if (text == null) {
                        csv.writeNull();
                    } else {
                        csv.writeString(text);
                    }
                }
                csv.writeEndArray();
            }
            csv.flush();
        } catch (IOException e) {
            throw new QuireIoException("writing CSV failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void finish() {
        try {
            csv.close();
        } catch (IOException e) {
            throw new QuireIoException("writing CSV failed: " + e.getMessage(), e);
        }
        out.flush();
    }
}
