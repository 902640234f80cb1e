package dev.quire.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two contexts in one JVM with different settings, scanning the same file at the same time: each scan follows its own
 * context's filter-kernel setting and reads through its own context's I/O provider.
 */
class ContextIsolationTest {
    private static final int ROWS = 20_000;
    private static final int ROUNDS = 20;

    @TempDir
    Path dir;

    /**
     * {@code vortex.primitive} read through the core's encoding, but handed out as arrays whose filter kernel claims
     * every row matches: a scan that asks kernels counts every row, one that decodes counts the true rows.
     */
    static final class LyingPrimitiveEncoding implements ArrayEncoding {
        private final ArrayEncoding core;

        LyingPrimitiveEncoding(ArrayEncoding core) {
            this.core = core;
        }

        @Override
        public String id() {
            return core.id();
        }

        @Override
        public Array decode(ArrayParts parts) {
            Array decoded = core.decode(parts);
            return decoded.dtype() instanceof DType.Primitive ? new LyingArray(decoded) : decoded;
        }

        @Override
        public boolean canEncode() {
            return core.canEncode();
        }

        @Override
        public EncodedArray encode(Array array, ArrayEncoder encoder) {
            return core.encode(array, encoder);
        }
    }

    /** Its values are the wrapped array's; its filter kernel says every row matches. */
    record LyingArray(Array values) implements Array, FilterKernel {
        @Override
        public DType dtype() {
            return values.dtype();
        }

        @Override
        public long length() {
            return values.length();
        }

        @Override
        public String encodingId() {
            return "test.lying";
        }

        @Override
        public boolean isValid(long index) {
            return values.isValid(index);
        }

        @Override
        public long nullCount() {
            return values.nullCount();
        }

        @Override
        public Array slice(long from, long to) {
            return new LyingArray(values.slice(from, to));
        }

        @Override
        public Array toCanonical() {
            return values.toCanonical();
        }

        @Override
        public Scalar scalarAt(long index) {
            return values.scalarAt(index);
        }

        @Override
        public void validity(long[] out) {
            for (long i = 0; i < values.length(); i++) {
                if (values.isValid(i)) {
                    out[(int) (i >>> 6)] |= 1L << i;
                }
            }
        }

        @Override
        public boolean match(ValuePredicate predicate, long[] out) {
            Arrays.fill(out, -1L);
            return true;
        }
    }

    private static QuireContext context(boolean kernels, String provider) {
        ArrayEncoding core = QuireContext.defaults().arrayEncoding(PrimitiveArray.ID);
        return QuireContext.builder()
                .remove(ArrayEncoding.class, PrimitiveArray.ID)
                .add(new LyingPrimitiveEncoding(core))
                .set(QuireContext.FILTER_KERNELS, kernels)
                .set(IoProviders.PROVIDER, provider)
                .build();
    }

    private Path write() {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)));
        Path path = dir.resolve("ids.vortex");
        // No zone maps: pruning would keep the kernel from seeing the rows of zones that cannot match.
        WriteOptions options = WriteOptions.defaults().withChunkBytes(16_384).withZoneMaps(false);
        try (VortexWriter writer = VortexWriter.create(path, schema, options)) {
            PrimitiveArray ids = PrimitiveArray.ofLongs(LongStream.range(0, ROWS).toArray());
            writer.write(new StructArray(schema, List.of(ids), ROWS, Validity.NON_NULLABLE));
        }
        return path;
    }

    /** Counts {@code id < 10} in the file opened with {@code context}, {@link #ROUNDS} times. */
    private static List<Long> counts(Path path, QuireContext context, CyclicBarrier start) throws Exception {
        List<Long> out = new ArrayList<>();
        try (VortexFile file = VortexFile.open(path.toUri(),
                context.io().countedReaders(IoOptions.of(context.settings())), ReadLimits.defaults(), context)) {
            start.await();
            for (int i = 0; i < ROUNDS; i++) {
                out.add(file.scan().filter("id < 10").count());
            }
        }
        return out;
    }

    @Test
    void concurrentScansFollowTheirOwnContexts() throws Exception {
        Path path = write();
        QuireContext kernelsOverMmap = context(true, "mmap");
        QuireContext decodingOverPosix = context(false, "posix");
        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<List<Long>> lying = threads.submit((Callable<List<Long>>) () -> counts(path, kernelsOverMmap,
                    start));
            Future<List<Long>> honest = threads.submit((Callable<List<Long>>) () -> counts(path, decodingOverPosix,
                    start));
            assertEquals(List.of((long) ROWS), lying.get().stream().distinct().toList(),
                    "the scans of the context with kernels on asked the lying kernel");
            assertEquals(List.of(10L), honest.get().stream().distinct().toList(),
                    "the scans of the context with kernels off decoded the values");
        } finally {
            threads.shutdown();
        }
        assertTrue(kernelsOverMmap.io().stats("mmap").reads() > 0, kernelsOverMmap.io().stats().toString());
        assertEquals(0, kernelsOverMmap.io().stats("posix").reads());
        assertTrue(decodingOverPosix.io().stats("posix").reads() > 0, decodingOverPosix.io().stats().toString());
        assertEquals(0, decodingOverPosix.io().stats("mmap").reads());
    }

    @Test
    void theDefaultsAreUntouchedByABuilder() {
        QuireContext off = QuireContext.builder().set(QuireContext.FILTER_KERNELS, false).build();
        assertEquals(false, off.setting(QuireContext.FILTER_KERNELS));
        assertEquals(true, QuireContext.defaults().setting(QuireContext.FILTER_KERNELS));
        assertTrue(QuireContext.defaults().arrayEncoding(PrimitiveArray.ID).getClass().getName()
                .startsWith("dev.quire.layout.internal"));
    }
}
