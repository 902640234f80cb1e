package dev.quire.cli;

import dev.quire.cli.csv.CsvConverter;
import dev.quire.cli.csv.SchemaSpec;
import dev.quire.cli.output.Text;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.DictionaryOptions;
import dev.quire.layout.format.WriteOptions;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code quire convert IN OUT.vortex}: CSV to Vortex, streaming, with types declared or inferred; or a Vortex file
 * rewritten with Quire's writer.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Convert a CSV file (a header row, then data) into a Vortex file, or rewrite a Vortex file "
                + "(any file Quire reads, recognised by its leading magic) with Quire's writer.",
            "",
            "Arrays are compressed (bit-packing, frame of reference, run-end, ALP, FSST, ... chosen per chunk on a "
                    + "sample) unless --no-compress is given.",
            "",
            "Column types are inferred from the first rows (see --sample-rows): integers become i64, other numbers "
                    + "f64, true/false bool, ISO dates (2024-03-01) date, ISO date-times timestamp (microseconds; "
                    + "zone UTC when values carry an offset), anything else utf8. An empty field is a null; a column "
                    + "with an empty field in the sample is nullable, one with nothing but empty fields has type null.",
            "",
            "--schema declares types instead, for some or all columns: a comma-separated list of NAME:TYPE, with "
                    + "? after the type for nullable:",
            "  --schema 'id:u32,price:decimal(15,2)?'",
            "Types: bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, decimal(P,S), utf8 (or string), binary "
                    + "(base64 text), date, timestamp, timestamp(UNIT), timestamp(UNIT,ZONE) with UNIT s, ms, us or "
                    + "ns, and null. Write names containing , : ( ) ? or spaces in backticks.",
            "",
            "Rows are written in batches, so memory stays bounded. The output appears only when the conversion "
                    + "succeeds: a local file is written beside the target and renamed; a file: URI (the "
                    + "local-directory store) or an s3://bucket/key URI is uploaded in parts, and the upload "
                    + "committed at the end or aborted. A progress bar is shown on standard error for long runs when "
                    + "it is a terminal.",
            "",
            "--io and --set choose how a Vortex input is read (`quire io` lists the settings)."})
final class ConvertCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The CSV file, or - for standard input, or a Vortex "
            + "file.")
    String input;

    @Parameters(index = "1", paramLabel = "OUT.vortex", description = "The Vortex file to write (replaced if it "
            + "exists): a local path; a file: URI, written as an object of the local-directory store; or the URI of "
            + "an object in a store, s3://bucket/key (a multipart upload, committed when the file is complete).")
    String output;

    @Option(names = "--schema", paramLabel = "SPEC", description = "Column types, e.g. 'id:i64,name:utf8?'.")
    String schema;

    @Option(names = {"-d", "--delimiter"}, paramLabel = "CHAR", defaultValue = ",",
            description = "The field separator: one character, or 'tab' (default: '${DEFAULT-VALUE}').")
    String delimiter;

    @Option(names = "--sample-rows", paramLabel = "N",
            defaultValue = "" + CsvConverter.Options.DEFAULT_SAMPLE_ROWS,
            description = "Rows to infer types from (default: ${DEFAULT-VALUE}).")
    int sampleRows;

    @Option(names = "--batch-rows", paramLabel = "N", defaultValue = "" + CsvConverter.Options.DEFAULT_BATCH_ROWS,
            description = "Rows per batch handed to the writer (default: ${DEFAULT-VALUE}).")
    int batchRows;

    @Option(names = "--dict-max-bytes", paramLabel = "BYTES",
            defaultValue = "" + DictionaryOptions.DEFAULT_MAX_BYTES,
            description = "The most bytes of distinct values one dictionary may hold, when the dictionary module is"
                    + " present (default: ${DEFAULT-VALUE}); a column whose chunk overflows it starts a new"
                    + " dictionary.")
    long dictMaxBytes;

    @Option(names = "--no-dict", description = "Write no dictionary-encoded columns.")
    boolean noDict;

    @Option(names = "--no-compress", description = "Write arrays uncompressed (canonical), without the compressor.")
    boolean noCompress;

    @Option(names = "--threads", paramLabel = "N",
            description = "Threads that encode and compress the columns in parallel (default: the number of"
                    + " processors, at most " + WriteOptions.MAX_DEFAULT_THREADS + "); the file is the same whatever"
                    + " N is.")
    Integer threads;

    @Mixin
    ContextOptions quire;

    @Override
    public Integer call() {
        if (!input.equals("-") && Files.isRegularFile(Path.of(input)) && VortexRewrite.isVortex(Path.of(input))) {
            return rewrite(Path.of(input));
        }
        CsvConverter.Options options = options();
        QuireContext context = quire.context();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean stdin = input.equals("-");
        long size = -1;
        if (!stdin) {
            Path path = Path.of(input);
            Inputs.checkReadableFile(path);
            size = sizeOf(path);
        }
        String name = stdin ? "standard input" : input;
        long started = System.nanoTime();
        CsvConverter.Result result;
        try (InputStream in = stdin ? new NonClosing(System.in) : Files.newInputStream(Path.of(input));
                Progress progress = new Progress(err, Terminal.stderrIsTerminal(), "converting " + name, size,
                        System::nanoTime)) {
            result = Outputs.write(output, context, target -> CsvConverter.convert(in, name, target, options,
                    progress, context));
        } catch (IOException e) {
            throw new QuireIoException("reading " + name + " failed: " + e.getMessage(), e);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        out.println("wrote " + output + ": " + Text.count(result.rows()) + " rows, " + result.schema().fieldCount()
                + " columns, " + Text.bytes(result.fileBytes()) + " in " + Text.duration(took));
        out.println("schema: " + SchemaSpec.format(result.schema()));
        out.flush();
        return 0;
    }

    private Integer rewrite(Path in) {
        if (schema != null) {
            throw new ParameterException(spec.commandLine(), "--schema applies to CSV input, but " + input
                    + " is a Vortex file, whose types are its own");
        }
        WriteOptions write = writeOptions();
        QuireContext context = quire.context();
        long started = System.nanoTime();
        VortexRewrite.Result result = Outputs.write(output, context, target -> VortexRewrite.rewrite(in, target,
                write, context));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + output + ": " + Text.count(result.rows()) + " rows, " + result.schema().fieldCount()
                + " columns, " + Text.bytes(result.fileBytes()) + " in " + Text.duration(took));
        // The file's dtype may hold what --schema cannot spell (nested structs, other extensions).
        out.println("schema: " + result.schema());
        out.flush();
        return 0;
    }

    private WriteOptions writeOptions() {
        if (dictMaxBytes < 1) {
            throw new ParameterException(spec.commandLine(), "--dict-max-bytes must be at least 1, got "
                    + dictMaxBytes);
        }
        if (threads != null && threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + threads);
        }
        WriteOptions options = WriteOptions.defaults().withDictionary(!noDict).withDictionaryMaxBytes(dictMaxBytes)
                .withCompression(!noCompress);
        return threads == null ? options : options.withThreads(threads);
    }

    private CsvConverter.Options options() {
        Map<String, DType> declared = Map.of();
        if (schema != null) {
            try {
                declared = SchemaSpec.parse(schema);
            } catch (InvalidArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e, null, schema);
            }
        }
        char separator = switch (delimiter) {
            case "tab", "\\t", "\t" -> '\t';
            default -> {
                if (delimiter.length() != 1) {
                    throw new ParameterException(spec.commandLine(),
                            "--delimiter must be one character or 'tab', got '" + delimiter + "'");
                }
                yield delimiter.charAt(0);
            }
        };
        if (sampleRows < 1) {
            throw new ParameterException(spec.commandLine(), "--sample-rows must be at least 1, got " + sampleRows);
        }
        if (batchRows < 1) {
            throw new ParameterException(spec.commandLine(), "--batch-rows must be at least 1, got " + batchRows);
        }
        WriteOptions write = writeOptions();
        return CsvConverter.Options.defaults().withDelimiter(separator).withSampleRows(sampleRows)
                .withBatchRows(batchRows).withDeclared(declared).withWrite(write);
    }

    /** Standard input belongs to the process, not to this command: closing it is not ours to do. */
    private static final class NonClosing extends FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // Left open on purpose.
        }
    }

    private static long sizeOf(Path path) {
        try {
            return Files.isRegularFile(path) ? Files.size(path) : -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
