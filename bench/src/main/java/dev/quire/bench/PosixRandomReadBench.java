package dev.quire.bench;

import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.direct.PosixReaders;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
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
 * Random reads of a warm 256 MiB file through the {@code posix} provider, the way a scan issues them: a batch of
 * {@code inFlight} reads through {@code read()}, then a wait for all of them. One operation is one batch, so reads per
 * second = score x {@code inFlight}.
 *
 * <p>{@code window} is how reads are served: {@code pool-only} (fast path off: every read handed to the pool),
 * {@code default} (the inline page-cache try for reads of 64..256 KiB), {@code 4k-1m} and {@code all} (wider windows:
 * 4 KiB..1 MiB, and every length), and {@code inline} (each read a blocking {@code pread} on the calling thread, one
 * after the other, for reference). Read lengths are log-uniform from 4 KiB to {@code maxSize}; offsets are
 * {@code uniform} over the file or {@code correlated} (three reads in four continue where the last one ended).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
public class PosixRandomReadBench {
    private static final long FILE_BYTES = 256L << 20;
    private static final int READS = 8192;
    private static final long MIN_SIZE = 4096;

    @Param({"inline", "pool-only", "default", "4k-1m", "all"})
    public String window;

    @Param({"uniform", "correlated"})
    public String pattern;

    @Param({"262144", "1048576"})
    public long maxSize;

    @Param({"16"})
    public int inFlight;

    private PosixReadAt reader;
    private long[] offsets;
    private long[] lengths;
    private int next;
    @SuppressWarnings("unchecked")
    private CompletableFuture<MemorySegment>[] batch = new CompletableFuture[0];

    @Setup(Level.Trial)
    public void setup() {
        Path file = PosixBenchData.ensure("warm", FILE_BYTES);
        PosixBenchData.warm(file);
        PosixOptions options = switch (window) {
            case "inline", "pool-only" -> PosixOptions.defaults().withFastPath(false);
            case "default" -> PosixOptions.defaults();
            case "4k-1m" -> PosixOptions.defaults().withWindow(4096, 1 << 20);
            case "all" -> PosixOptions.defaults().withWindow(0, PosixOptions.MAX_WINDOW_BOUND);
            default -> throw new IllegalArgumentException("unknown window " + window);
        };
        reader = PosixReaders.openLibc(file, options);
        SplittableRandom random = new SplittableRandom(42);
        offsets = new long[READS];
        lengths = new long[READS];
        double logSpan = Math.log((double) maxSize / MIN_SIZE);
        long end = 0;
        for (int i = 0; i < READS; i++) {
            long length = Math.round(MIN_SIZE * Math.exp(random.nextDouble() * logSpan));
            boolean follow = pattern.equals("correlated") && random.nextInt(4) != 0 && end + length <= FILE_BYTES;
            long offset = follow ? end : random.nextLong(FILE_BYTES - length + 1);
            offsets[i] = offset;
            lengths[i] = length;
            end = offset + length;
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<MemorySegment>[] b = new CompletableFuture[inFlight];
        batch = b;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        System.out.println("\n" + window + " " + pattern + " reader: " + reader.fastPathStats().summary());
        reader.close();
    }

    @Benchmark
    public long batch() {
        long bytes = 0;
        if (window.equals("inline")) {
            for (int i = 0; i < inFlight; i++) {
                int k = next;
                next = (next + 1) % READS;
                bytes += reader.readFully(offsets[k], lengths[k], 8).byteSize();
            }
            return bytes;
        }
        for (int i = 0; i < inFlight; i++) {
            int k = next;
            next = (next + 1) % READS;
            batch[i] = reader.read(offsets[k], lengths[k], 8);
        }
        for (int i = 0; i < inFlight; i++) {
            bytes += batch[i].join().byteSize();
        }
        return bytes;
    }
}
