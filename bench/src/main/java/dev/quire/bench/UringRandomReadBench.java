package dev.quire.bench;

import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.direct.PosixReaders;
import dev.quire.io.spi.CompletionScope;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadCompletion;
import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.UringOptions;
import dev.quire.io.uring.direct.UringReaders;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
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
 * Random 4 KiB reads with {@code O_DIRECT} (every read goes to the device) at a fixed queue depth: {@code depth} reads
 * are kept in flight by one thread, which takes whichever finishes and issues the next. One operation is one read, so
 * the score is reads per second (IOPS).
 *
 * <p>{@code reader}: {@code uring} (the shared io_uring of that depth, completions taken from a {@link CompletionScope}),
 * {@code uring-future} (the same ring through {@code read()} futures, completed off the ring's thread) and
 * {@code posix} (the {@code posix} provider's pool of {@code depth} blocking threads, through futures). The file is
 * 1 GiB of random bytes; offsets are uniform and 4 KiB-aligned.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
public class UringRandomReadBench {
    private static final long FILE_BYTES = 1L << 30;
    private static final long READ = 4096;

    @Param({"uring", "uring-future", "posix"})
    public String reader;

    @Param({"1", "16", "64"})
    public int depth;

    private ReadAt in;
    private CompletionScope<Integer> scope;
    private CompletableFuture<MemorySegment>[] inFlight;
    private int oldest;
    private SplittableRandom random;
    private RingStats before;
    private long reads;
    private long cpuBefore;

    @Setup(Level.Trial)
    public void setup() {
        Path file = PosixBenchData.ensure("direct", FILE_BYTES);
        random = new SplittableRandom(42);
        in = switch (reader) {
            case "uring", "uring-future" -> UringReaders.open(file,
                    UringOptions.defaults().withQueueDepth(depth).withDirect(true));
            case "posix" -> PosixReaders.openLibc(file, PosixOptions.defaults().withDirect(true).withFastPath(false)
                    .withReadThreads(depth));
            default -> throw new IllegalArgumentException("unknown reader " + reader);
        };
        before = UringReaders.ringStats();
        cpuBefore = cpuNanos();
        if (reader.equals("uring")) {
            scope = in.openScope();
            for (int i = 0; i < depth; i++) {
                scope.submit(nextOffset(), READ, 8, i);
            }
            scope.flush();
        } else {
            @SuppressWarnings("unchecked")
            CompletableFuture<MemorySegment>[] f = new CompletableFuture[depth];
            inFlight = f;
            for (int i = 0; i < depth; i++) {
                inFlight[i] = in.read(nextOffset(), READ, 8);
            }
        }
    }

    private long nextOffset() {
        return random.nextLong(FILE_BYTES / READ) * READ;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (scope != null) {
            scope.close();
        } else {
            for (CompletableFuture<MemorySegment> f : inFlight) {
                f.join();
            }
        }
        in.close();
        // The process's CPU time per read (all its threads, the harness's included): what a read costs, which a busy
        // machine changes less than the reads per second.
        System.out.printf("%n%s depth %d: %.1f us of CPU per read over %d reads%n", reader, depth,
                (cpuNanos() - cpuBefore) / 1000.0 / Math.max(1, reads), reads);
        if (reader.startsWith("uring")) {
            System.out.println("\n" + reader + " depth " + depth + ": " + UringReaders.ringStats().minus(before)
                    .summary());
        }
    }

    private static long cpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    /** Takes one finished read and issues the next: the queue depth stays at {@code depth}. */
    @Benchmark
    public long read() {
        reads++;
        if (scope != null) {
            ReadCompletion<Integer> done = scope.await(Duration.ofSeconds(30)).orElseThrow();
            long n = done.bytes().byteSize();
            scope.submit(nextOffset(), READ, 8, done.tag());
            return n;
        }
        long n = inFlight[oldest].join().byteSize();
        inFlight[oldest] = in.read(nextOffset(), READ, 8);
        oldest = (oldest + 1) % depth;
        return n;
    }
}
