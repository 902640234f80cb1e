package dev.quire.bench;

import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixPageCache;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.direct.PosixReaders;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What one read of {@code size} bytes costs the calling thread on each path of the {@code posix} provider, as a
 * latency distribution (p50, p90, ... in the JMH output):
 * <ul>
 *   <li>{@code nowaitHit}: the inline page-cache try ({@code preadv2(RWF_NOWAIT)}) on a warm file;
 *   <li>{@code nowaitMiss}: the same try on a range just evicted from the page cache (the eviction is set-up, not
 *       measured); the try finds nothing and returns;
 *   <li>{@code preadInline}: a plain blocking {@code pread} on the calling thread, warm;
 *   <li>{@code poolHandOff}: the read handed to the provider's pool and waited for, warm (fast path off).
 * </ul>
 * Every read fills the same preallocated heap buffer (as the provider's reads of 8-byte alignment do), at a random
 * 4 KiB-aligned offset of a 256 MiB file. The teardown prints the miss reader's counters, which show whether the
 * tries really missed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
public class PosixReadSizeBench {
    private static final long FILE_BYTES = 256L << 20;
    private static final int OFFSETS = 4096;

    @Param({"4096", "65536", "262144", "1048576", "4194304"})
    public int size;

    private PosixReadAt warm;
    private PosixReadAt poolOnly;
    private MemorySegment dst;
    private long[] offsets;
    private int next;

    @Setup(Level.Trial)
    public void setup() {
        Path file = PosixBenchData.ensure("warm", FILE_BYTES);
        PosixBenchData.warm(file);
        warm = PosixReaders.openLibc(file, PosixOptions.defaults());
        poolOnly = PosixReaders.openLibc(file, PosixOptions.defaults().withFastPath(false));
        dst = MemorySegment.ofArray(new byte[size]);
        offsets = randomOffsets(size, 1);
    }

    static long[] randomOffsets(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] out = new long[OFFSETS];
        long blocks = (FILE_BYTES - size) / 4096;
        for (int i = 0; i < out.length; i++) {
            out[i] = random.nextLong(blocks + 1) * 4096;
        }
        return out;
    }

    private long nextOffset() {
        long offset = offsets[next];
        next = (next + 1) % offsets.length;
        return offset;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        warm.close();
        poolOnly.close();
    }

    @Benchmark
    public long nowaitHit() {
        return warm.readCachedAt(dst, nextOffset());
    }

    @Benchmark
    public MemorySegment preadInline() {
        warm.readExactAt(dst, nextOffset());
        return dst;
    }

    @Benchmark
    public MemorySegment poolHandOff() {
        return poolOnly.readExactAtPooled(dst, nextOffset()).join();
    }

    @Benchmark
    public long nowaitMiss(MissState miss) {
        return miss.reader.readCachedAt(miss.dst, miss.offset);
    }

    /** A second file, evicted from the page cache; each invocation first evicts the range it is about to try. */
    @State(Scope.Benchmark)
    public static class MissState {
        private Path file;
        private PosixReadAt reader;
        private MemorySegment dst;
        private long[] offsets;
        private int next;
        long offset;

        @Setup(Level.Trial)
        public void setup(PosixReadSizeBench bench) {
            file = PosixBenchData.ensure("cold", FILE_BYTES);
            PosixPageCache.evict(file);
            reader = PosixReaders.openLibc(file, PosixOptions.defaults());
            dst = MemorySegment.ofArray(new byte[bench.size]);
            offsets = randomOffsets(bench.size, 2);
        }

        @Setup(Level.Invocation)
        public void evictNext() {
            offset = offsets[next];
            next = (next + 1) % offsets.length;
            PosixPageCache.evict(file, offset, dst.byteSize());
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            System.out.println("\nnowaitMiss reader: " + reader.fastPathStats().summary());
            reader.close();
        }
    }
}
