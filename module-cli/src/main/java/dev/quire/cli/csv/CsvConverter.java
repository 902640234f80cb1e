package dev.quire.cli.csv;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireException;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converts CSV (a header row, then data rows) into a Vortex file, streaming: column types come from
 * {@code --schema} or are inferred from the first {@link Options#sampleRows()} rows, then rows are appended to
 * builders and written in batches of {@link Options#batchRows()}, so memory stays bounded whatever the input size.
 * The output ({@link Output}: a local file or an object in a store) appears only once complete: a failed conversion
 * leaves nothing partial under the target's name (and an existing target untouched).
 */
public final class CsvConverter {
    /** A batch is also cut when its builders hold this many bytes (long strings). */
    static final long MAX_BATCH_BYTES = 64L << 20;

    /**
     * @param delimiter the field separator
     * @param sampleRows how many rows type inference looks at
     * @param batchRows the most rows a batch handed to the writer has
     * @param declared column types given with {@code --schema}; the other columns are inferred
     * @param write how the file is laid out (dictionary caps from {@code --dict-max-bytes} and {@code --no-dict})
     */
    public record Options(char delimiter, int sampleRows, int batchRows, Map<String, DType> declared,
            WriteOptions write) {
        public static final int DEFAULT_SAMPLE_ROWS = 10_000;
        public static final int DEFAULT_BATCH_ROWS = 65_536;

        public Options {
            if (sampleRows < 1) {
                throw new InvalidArgumentException("the sample must have at least 1 row, got " + sampleRows);
            }
            if (batchRows < 1) {
                throw new InvalidArgumentException("batches must have at least 1 row, got " + batchRows);
            }
            declared = Map.copyOf(declared);
            java.util.Objects.requireNonNull(write, "write is null");
        }

        public static Options defaults() {
            return new Options(',', DEFAULT_SAMPLE_ROWS, DEFAULT_BATCH_ROWS, Map.of(), WriteOptions.defaults());
        }

        public Options withDelimiter(char v) {
            return new Options(v, sampleRows, batchRows, declared, write);
        }

        public Options withSampleRows(int v) {
            return new Options(delimiter, v, batchRows, declared, write);
        }

        public Options withBatchRows(int v) {
            return new Options(delimiter, sampleRows, v, declared, write);
        }

        public Options withDeclared(Map<String, DType> v) {
            return new Options(delimiter, sampleRows, batchRows, v, write);
        }

        public Options withWrite(WriteOptions v) {
            return new Options(delimiter, sampleRows, batchRows, declared, v);
        }
    }

    /** What a conversion wrote. */
    public record Result(DType.Struct schema, long rows, long fileBytes) {}

    /** Told about progress now and then: the input bytes consumed and the rows converted so far. */
    @FunctionalInterface
    public interface Listener {
        void progress(long bytesRead, long rows);
    }

    private CsvConverter() {}

    /**
     * Converts {@code csv} into the file {@code target}, written with {@code context}'s encodings, compressors and
     * column strategies.
     *
     * @param inputName how messages name the input
     */
    public static Result convert(InputStream csv, String inputName, Output target, Options options,
            Listener listener, QuireContext context) {
        CountingInputStream counted = new CountingInputStream(csv);
        Written written = target.write(open -> {
            Conversion c = new Conversion(counted, inputName, options, listener, context);
            long rows = c.run(open);
            return new Written(c.schema, rows);
        });
        return new Result(written.schema(), written.rows(), target.size());
    }

    private record Written(DType.Struct schema, long rows) {
    }

    /** One run: the parser, the schema once known, and the rows seen. */
    private static final class Conversion {
        private final CountingInputStream input;
        private final String name;
        private final Options options;
        private final Listener listener;
        private final QuireContext context;
        private final MappingIterator<String[]> rows;
        private List<String> header;
        private DType.Struct schema;
        private long rowNumber;
        /** The line the row read last starts on. */
        private long rowLine;

        Conversion(CountingInputStream input, String name, Options options, Listener listener, QuireContext context)
                throws IOException {
            this.input = input;
            this.name = name;
            this.options = options;
            this.listener = listener;
            this.context = context;
            CsvMapper mapper = CsvMapper.builder()
                    .enable(CsvParser.Feature.WRAP_AS_ARRAY)
                    .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
                    // Tells `,,` (a null) from `,"",` (an empty string), as `quire scan --format csv` writes them.
                    .enable(CsvParser.Feature.EMPTY_UNQUOTED_STRING_AS_NULL)
                    .build();
            CsvSchema format = CsvSchema.emptySchema().withColumnSeparator(options.delimiter());
            this.rows = mapper.readerFor(String[].class).with(format).readValues(input);
        }

        long run(Output.Opener out) throws IOException {
            String[] first = next();
            if (first == null) {
                throw new InvalidArgumentException(name + " is empty: the first row must name the columns");
            }
            header = header(first);
            ArrayDeque<Row> sample = new ArrayDeque<>();
            Row row;
            while (sample.size() < options.sampleRows() && (row = nextRow()) != null) {
                sample.add(row);
            }
            schema = schema(sample);
            List<Values.Parser> parsers = new ArrayList<>();
            for (Field f : schema.fields()) {
                parsers.add(Values.forType(f.dtype()));
            }
            StructBuilder builder = (StructBuilder) ArrayBuilder.forType(schema);
            long written = 0;
            try (VortexWriter writer = out.create(schema, options.write(), context)) {
                while ((row = !sample.isEmpty() ? sample.poll() : nextRow()) != null) {
                    append(builder, parsers, row);
                    if (builder.length() >= options.batchRows()
                            || (builder.length() % 1024 == 0 && builder.byteSize() >= MAX_BATCH_BYTES)) {
                        written += flush(builder, writer);
                    }
                }
                written += flush(builder, writer);
            }
            listener.progress(input.count(), written);
            return written;
        }

        private long flush(StructBuilder builder, VortexWriter writer) {
            long n = builder.length();
            if (n > 0) {
                writer.write(builder.finish());
                listener.progress(input.count(), writer.rows());
            }
            return n;
        }

        private void append(StructBuilder builder, List<Values.Parser> parsers, Row row) {
            for (int i = 0; i < parsers.size(); i++) {
                try {
                    parsers.get(i).append(builder.field(i), row.fields[i]);
                } catch (QuireException e) {
                    Field f = schema.field(i);
                    throw new InvalidArgumentException(where(row) + ", column `" + f.name() + "` ("
                            + SchemaSpec.format(f.dtype()) + "): " + e.getMessage() + hint(f), e);
                }
            }
            builder.endRow();
        }

        /** Inferred types can be wrong about rows past the sample; say how to fix that. */
        private String hint(Field f) {
            if (options.declared().containsKey(f.name())) {
                return "";
            }
            return "; the type was inferred from the first " + options.sampleRows() + " rows: declare it with "
                    + "--schema '" + SchemaSpec.quote(f.name()) + ":TYPE' or sample more with --sample-rows";
        }

        private List<String> header(String[] names) {
            List<String> out = new ArrayList<>(names.length);
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < names.length; i++) {
                String n = names[i] == null ? "" : names[i];
                if (i == 0 && n.startsWith("\uFEFF")) {
                    n = n.substring(1);
                }
                if (n.isBlank()) {
                    throw new InvalidArgumentException(name + ": column " + (i + 1) + " of the header has no name");
                }
                if (!seen.add(n)) {
                    throw new InvalidArgumentException(name + ": the header names column `" + n + "` twice");
                }
                out.add(n);
            }
            for (String declared : options.declared().keySet()) {
                if (!seen.contains(declared)) {
                    throw new InvalidArgumentException("--schema names column `" + declared + "`, which is not in "
                            + "the header of " + name + ": " + out);
                }
            }
            return List.copyOf(out);
        }

        private DType.Struct schema(Iterable<Row> sample) {
            Map<String, Inference> inferred = new LinkedHashMap<>();
            for (String column : header) {
                if (!options.declared().containsKey(column)) {
                    inferred.put(column, new Inference());
                }
            }
            if (!inferred.isEmpty()) {
                for (Row row : sample) {
                    for (int i = 0; i < header.size(); i++) {
                        Inference inference = inferred.get(header.get(i));
                        if (inference != null) {
                            inference.accept(row.fields[i]);
                        }
                    }
                }
            }
            List<Field> fields = new ArrayList<>(header.size());
            for (String column : header) {
                DType declared = options.declared().get(column);
                fields.add(new Field(column, declared != null ? declared : inferred.get(column).dtype()));
            }
            return new DType.Struct(fields, false);
        }

        private Row nextRow() {
            String[] fields = next();
            if (fields == null) {
                return null;
            }
            Row row = new Row(++rowNumber, rowLine, fields);
            if (fields.length != header.size()) {
                throw new InvalidArgumentException(where(row) + " has " + fields.length + " fields, the header "
                        + header.size());
            }
            return row;
        }

        private String[] next() {
            try {
                // Where the parser stands between rows is the start of the next one (blank lines already skipped).
                JsonLocation start = rows.getParser().currentLocation();
                rowLine = start == null ? -1 : start.getLineNr();
                return rows.hasNextValue() ? rows.nextValue() : null;
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation();
                throw new InvalidArgumentException(name + ": malformed CSV" + (at == null ? "" : " at line "
                        + at.getLineNr()) + ": " + e.getOriginalMessage(), e);
            } catch (IOException e) {
                throw new QuireIoException("reading " + name + " failed: " + e.getMessage(), e);
            }
        }

        private String where(Row row) {
            return name + ": row " + row.number + " (line " + row.line + ")";
        }
    }

    /** A data row: its number (1 = the first after the header), the line it starts on, its fields. */
    private record Row(long number, long line, String[] fields) {}

    /** Counts the bytes the parser has consumed, for progress. */
    static final class CountingInputStream extends FilterInputStream {
        private long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            return skipped;
        }
    }
}
