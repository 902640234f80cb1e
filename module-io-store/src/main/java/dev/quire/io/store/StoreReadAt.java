package dev.quire.io.store;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.Coalescer;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.RangeResponse;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreStats;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * A {@link ReadAt} over one object of any {@link ObjectStore}, configured by {@link StoreReadOptions}:
 * <ul>
 *   <li>Opening sends one HEAD and pins the object's size and ETag. Every GET is conditional on that ETag, so an object
 *       rewritten while it is read fails with an {@code ObjectChangedException} instead of mixing two versions.</li>
 *   <li>{@link #readRanges} merges neighbours with the store's wide gap and large cap ({@link #coalescing()}).</li>
 *   <li>At most {@link StoreReadOptions#concurrency()} GETs are in flight, each on a virtual thread; that bound is
 *       {@link #preferredConcurrency()}.</li>
 *   <li>Retryable failures are tried again ({@link StoreCalls}); each try has a time limit.</li>
 *   <li>{@link #storeStats()} counts requests, GETs, bytes requested and fetched, retries, failures and the times to
 *       first and last byte.</li>
 * </ul>
 * The reader does not own the store: closing it fails further reads and leaves the store open.
 */
public final class StoreReadAt implements ReadAt {
    /** The longest single GET: one buffer, addressed by an {@code int}. */
    static final long MAX_GET = Integer.MAX_VALUE - 8;

    private static final Executor GETS = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("quire-store-get-", 0).factory());

    private final ObjectStore store;
    private final ObjectMeta meta;
    private final URI uri;
    private final StoreReadOptions options;
    private final StoreCalls calls;
    private final Semaphore permits;
    private final StoreStatsRecorder stats;
    private volatile boolean closed;

    private StoreReadAt(ObjectStore store, ObjectMeta meta, URI uri, StoreReadOptions options, StoreCalls calls) {
        this.store = store;
        this.meta = meta;
        this.uri = uri;
        this.options = options;
        this.calls = calls;
        this.permits = new Semaphore(options.concurrency());
        this.stats = new StoreStatsRecorder(uri.toString());
    }

    /**
     * Opens {@code key} in {@code store}: one HEAD (retried like any request) for its size and ETag.
     *
     * @throws ObjectStoreException when the object cannot be found or read, naming its URI
     */
    public static StoreReadAt open(ObjectStore store, String key, StoreReadOptions options) {
        Objects.requireNonNull(store, "store is null");
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(options, "options is null");
        URI uri = store.uri(key);
        StoreCalls calls = new StoreCalls(options);
        ObjectMeta meta = calls.run(uri, "HEAD", () -> store.head(key), failure -> { });
        return new StoreReadAt(store, meta, uri, options, calls);
    }

    /** The object as it was opened: key, size, the pinned ETag, last-modified time. */
    public ObjectMeta meta() {
        return meta;
    }

    @Override
    public String name() {
        return uri.toString();
    }

    @Override
    public long size() {
        return meta.size();
    }

    @Override
    public Coalescing coalescing() {
        return options.coalescing();
    }

    /** The GETs this reader keeps in flight at most: more reads queue behind them. */
    @Override
    public int preferredConcurrency() {
        return options.concurrency();
    }

    @Override
    public Optional<StoreStats> storeStats() {
        return Optional.of(stats.snapshot());
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        stats.requested(1, Math.max(0, length));
        return fetch(offset, length, alignment);
    }

    @Override
    public List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges, long alignment) {
        List<Coalescer.Request> requests = Coalescer.requestsFor(ranges);
        stats.requested(ranges.size(), ByteRange.totalLength(ranges));
        new Coalescer(options.coalescing()).issue(requests, alignment, size(), (merged, align) -> {
            List<CompletableFuture<MemorySegment>> out = new ArrayList<>(merged.size());
            for (ByteRange range : merged) {
                out.add(fetch(range.offset(), range.length(), align));
            }
            return out;
        });
        return Coalescer.results(requests);
    }

    /** One GET (with its retries) of the range, on a virtual thread once a permit is free. */
    private CompletableFuture<MemorySegment> fetch(long offset, long length, long alignment) {
        try {
            Buffers.checkAlignment(alignment);
            if (closed) {
                throw new ClosedException("reader of " + uri);
            }
            ReadAt.checkRange(name(), offset, length, size());
            if (length > MAX_GET) {
                throw new InvalidArgumentException("a read of " + length + " bytes from " + uri + " is longer than "
                        + "the longest single GET (" + MAX_GET + " bytes)");
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (length == 0) {
            return CompletableFuture.completedFuture(Buffers.allocate(0, alignment));
        }
        CompletableFuture<MemorySegment> result = new CompletableFuture<>();
        GETS.execute(() -> {
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                result.completeExceptionally(new QuireIoException("interrupted while waiting to read " + uri, e));
                return;
            }
            try {
                result.complete(get(offset, length, alignment));
            } catch (RuntimeException | Error e) {
                stats.failed();
                result.completeExceptionally(e);
            } finally {
                permits.release();
            }
        });
        return result;
    }

    private MemorySegment get(long offset, long length, long alignment) {
        // A heap buffer where the contract allows one (alignment up to 8): no native allocation per GET.
        MemorySegment segment = alignment <= 8 ? MemorySegment.ofArray(new byte[(int) length])
                : Buffers.allocate(length, alignment);
        ByteBuffer into = segment.asByteBuffer();
        String what = "GET of bytes " + offset + "-" + (offset + length - 1);
        calls.run(uri, what, () -> {
            if (closed) {
                throw new ClosedException("reader of " + uri);
            }
            into.clear();
            stats.sent();
            long start = System.nanoTime();
            RangeResponse response = store.get(meta.key(), offset, into, meta.etag());
            long end = System.nanoTime();
            if (into.hasRemaining()) {
                throw new ObjectStoreException(uri, what + " returned " + into.position() + " bytes", true);
            }
            if (response.objectSize().isPresent() && response.objectSize().getAsLong() != meta.size()) {
                // A store that ignores If-Match still states the size: a different one is another version.
                throw new ObjectChangedException(uri, what + " was answered from an object of "
                        + response.objectSize().getAsLong() + " bytes; it had " + meta.size() + " when opened", null);
            }
            stats.fetched(length, response.firstByteNanos() - start, end - start);
            return null;
        }, failure -> stats.retried());
        return segment.asReadOnly();
    }

    /** Fails reads not yet sent; GETs in flight finish. The store stays open. Idempotent. */
    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return "StoreReadAt[" + uri + ", " + size() + " bytes, ETag " + meta.etag().orElse("none") + "]";
    }
}
