package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.file.MutationCampaign;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Compressed files, damaged ({@link MutationCampaign}: structure, flatbuffers and the data buffers' bytes): each
 * damaged copy must read, or fail with a {@code QuireException} that says the file is damaged, never another
 * exception, an error or a hang. The files use the encodings the reference and Quire write by default (bit-packing
 * with patches, FoR, ALP, FSST, dictionaries, run-end, sequence, constant, decimal and date parts): two fixtures the
 * reference wrote, and TPC-H lineitem (6,000 rows) written now by the reference and by Quire. Each copy is read the
 * ways a query engine reads: every column as canonical arrays; the encoded arrays through their own cursors
 * ({@link LongBlocks}, {@link BytesBlocks}); and each column filtered on its own (filters evaluated on encoded data:
 * comparisons on bit-packed and FoR values, dictionary values, FSST codes, run ends), the kept rows taken encoded.
 *
 * <p>A CI run takes a seeded sample of each kind of damage; {@code -Dquire.fuzz.scale=F} multiplies it and
 * {@code -Dquire.fuzz.seed=S} changes it, for a longer campaign. One such campaign (about 25,000 damaged copies of
 * these files) found nothing.
 */
class DamagedCompressedFilesTest {
    static final long SEED = Long.getLong("quire.fuzz.seed", 0xDA3A_6ED0L);
    static final double SCALE = Double.parseDouble(System.getProperty("quire.fuzz.scale", "1"));
    /** Generous for 2 shared cores: a legitimate attempt takes milliseconds, a hang forever. */
    static final long TIMEOUT_MILLIS = 20_000;

    @TempDir
    static Path dir;

    /**
     * A file (a fixture, or one {@link #writeFiles} writes) and its budget: mutations per category (and random ones),
     * and per data buffer.
     */
    record Subject(String name, String file, boolean fixture, int perCategory, int perBuffer) {
        Path path() {
            return fixture ? Fixtures.file(file) : dir.resolve(file);
        }
    }

    private static final String REFERENCE_LINEITEM = "lineitem-reference.vortex";
    private static final String QUIRE_LINEITEM = "lineitem-quire.vortex";
    private static final List<Subject> SUBJECTS = List.of(
            new Subject("mixed_100k.vortex", "mixed_100k.vortex", true, 30, 6),
            new Subject("bitpacked_i32_100k.vortex", "bitpacked_i32_100k.vortex", true, 40, 16),
            new Subject("lineitem by the reference", REFERENCE_LINEITEM, false, 40, 8),
            new Subject("lineitem by Quire", QUIRE_LINEITEM, false, 40, 8));

    @BeforeAll
    static void writeFiles() {
        List<StructArray> batches = new ArrayList<>();
        LineItems.generate(0.001, 65_536, batches::add);
        Path quire = dir.resolve(QUIRE_LINEITEM);
        Quire.write(quire, LineItems.SCHEMA, batches, WriteOptions.defaults());
        Path reference = dir.resolve(REFERENCE_LINEITEM);
        List<VectorSchemaRoot> roots = new ArrayList<>();
        try {
            for (StructArray b : batches) {
                roots.add(ArrowBridge.toArrow(b, Reference.ALLOCATOR));
            }
            Reference.write(reference, ArrowBridge.schema(LineItems.SCHEMA), roots);
        } finally {
            roots.forEach(VectorSchemaRoot::close);
        }
    }

    static Stream<String> subjects() {
        return SUBJECTS.stream().map(Subject::name);
    }

    @ParameterizedTest
    @MethodSource("subjects")
    void damagedCopiesReadOrFailAsDamaged(String name) throws IOException {
        Subject subject = SUBJECTS.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        byte[] file = Files.readAllBytes(subject.path());
        read(file);
        int perCategory = (int) Math.ceil(subject.perCategory() * SCALE);
        int perBuffer = (int) Math.ceil(subject.perBuffer() * SCALE);
        MutationCampaign.Result result = MutationCampaign.run(name, file, perCategory, perBuffer, SEED, TIMEOUT_MILLIS,
                DamagedCompressedFilesTest::read);
        System.out.println(name + ": " + result.attempts() + " damaged copies: " + result.outcomes());
        result.examples().forEach((k, v) -> System.out.println("  " + k + ", e.g. " + v));
        assertTrue(result.failures().isEmpty(), () -> result.failures().size() + " kinds of failure in "
                + result.attempts() + " damaged copies of " + name + ":\n" + String.join("\n", result.failures()));
        // the campaign damaged something that matters, and left some copies readable
        assertTrue(result.outcomes().getOrDefault("MalformedFileException", 0) > 0, result.outcomes()::toString);
        assertTrue(result.outcomes().getOrDefault("read", 0) > 0, result.outcomes()::toString);
    }

    /** Reads {@code file} every way listed in the class comment; a checksum of what it saw. */
    static long read(byte[] file) {
        long sum = MutationCampaign.readCanonical(file);
        try (VortexFile f = VortexFile.open(new InMemoryReadAt("damaged", MemorySegment.ofArray(file)))) {
            try (BatchStream batches = f.scan().canonical(false).batches()) {
                for (StructArray batch : batches) {
                    for (Array field : batch.fields()) {
                        sum = sum * 31 + drain(field);
                    }
                }
            }
            if (!(f.dtype() instanceof DType.Struct struct)) {
                return sum;
            }
            for (Field field : struct.fields()) {
                Optional<Scan> filtered = filtered(f, field);
                if (filtered.isPresent()) {
                    try (BatchStream batches = filtered.get().batches()) {
                        for (StructArray batch : batches) {
                            sum = sum * 31 + drain(batch.field(0));
                        }
                    }
                }
            }
        }
        return sum;
    }

    /**
     * A scan of {@code field} alone, filtered on it, with the kept rows left encoded; empty for a type with no
     * predicate here, or when damage to the schema (a column renamed, a type changed) makes the filter not bind:
     * that is the caller's error, not the reader's.
     */
    private static Optional<Scan> filtered(VortexFile f, Field field) {
        String c = field.name();
        String predicate = switch (field.dtype()) {
            case DType.Primitive p when p.ptype().isInteger() -> c + " between 10 and 100";
            case DType.Primitive p -> c + " < 0.5";
            case DType.Utf8 u -> c.length() % 2 == 0 ? c + " like 'th%'" : c + " like '%ab%'";
            case DType.Decimal d -> c + " > 1";
            case DType.Extension e -> c + " > date '1995-06-17'";
            default -> null;
        };
        if (predicate == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(f.scan().project(c).filter(predicate).canonical(false));
        } catch (InvalidArgumentException e) {
            return Optional.empty();
        }
    }

    /** Every value of {@code a} through its own cursor where it has one, else its canonical form; a checksum. */
    private static long drain(Array a) {
        long sum = a.length() + a.nullCount();
        if (a instanceof BytesBlocks strings) {
            Optional<BytesBlocks.Cursor> cursor = strings.bytesBlocks();
            if (cursor.isPresent()) {
                BytesBlocks.Block block = new BytesBlocks.Block();
                int n;
                while ((n = cursor.get().next(block)) > 0) {
                    sum = sum * 31 + block.offsets()[n];
                }
                return sum;
            }
        }
        if (a instanceof LongBlocks longs) {
            Optional<LongBlocks.Cursor> cursor = longs.longBlocks();
            if (cursor.isPresent()) {
                long[] block = new long[LongBlocks.BLOCK_ROWS];
                int n;
                while ((n = cursor.get().next(block)) > 0) {
                    for (int i = 0; i < n; i++) {
                        sum = sum * 31 + block[i];
                    }
                }
                return sum;
            }
        }
        return sum * 31 + MutationCampaign.touch(a.toCanonical());
    }
}
