package dev.quire.io.store;

import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.StoreAccessDeniedException;
import dev.quire.errors.StoreThrottledException;
import dev.quire.io.spi.MultipartUpload;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.RangeResponse;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** A store that injects the next queued fault into its GETs, and counts the GETs in flight at once. */
final class FaultyStore implements ObjectStore {
    enum Fault {
        /** A 503 SlowDown: retryable. */
        THROTTLE,
        /** A 500: retryable. */
        SERVER_ERROR,
        /** The body ends early: half the bytes, then a normal return. */
        SHORT_BODY,
        /** The body is for another range: garbage written, then a retryable failure as a store must report it. */
        DENIED,
        /** Blocks until interrupted (a stalled connection). */
        HANG,
        /** Right bytes, but the response states another object size: a server that ignored If-Match. */
        RESIZED,
    }

    private final ObjectStore in;
    private final ConcurrentLinkedQueue<Fault> faults = new ConcurrentLinkedQueue<>();
    final AtomicInteger gets = new AtomicInteger();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    /** Part uploads and PUTs still to fail (retryably, after reading half their bytes, as a cut connection would). */
    final AtomicInteger writeFailures = new AtomicInteger();
    /** When set, every GET waits for it: lets a test pile up GETs to see the concurrency bound. */
    volatile CountDownLatch gate;

    FaultyStore(ObjectStore in) {
        this.in = in;
    }

    FaultyStore fail(Fault fault, int times) {
        for (int i = 0; i < times; i++) {
            faults.add(fault);
        }
        return this;
    }

    @Override
    public URI uri(String key) {
        return in.uri(key);
    }

    @Override
    public ObjectMeta head(String key) {
        return in.head(key);
    }

    @Override
    public RangeResponse get(String key, long offset, ByteBuffer into, Optional<String> ifMatch) {
        gets.incrementAndGet();
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            CountDownLatch g = gate;
            if (g != null) {
                g.await();
            }
            Fault fault = faults.poll();
            if (fault == null) {
                return in.get(key, offset, into, ifMatch);
            }
            return switch (fault) {
                case THROTTLE -> throw new StoreThrottledException(uri(key), "503 SlowDown", null);
                case SERVER_ERROR -> throw new ObjectStoreException(uri(key), "500 Internal Error", true);
                case DENIED -> throw new StoreAccessDeniedException(uri(key), "403 Forbidden", null);
                case SHORT_BODY -> {
                    ByteBuffer half = into.slice(into.position(), into.remaining() / 2);
                    RangeResponse response = in.get(key, offset, half, ifMatch);
                    into.position(into.position() + half.capacity());
                    yield response;
                }
                case RESIZED -> {
                    RangeResponse response = in.get(key, offset, into, Optional.empty());
                    yield new RangeResponse(response.firstByteNanos(),
                            java.util.OptionalLong.of(response.objectSize().orElse(0) + 1));
                }
                case HANG -> {
                    Thread.sleep(60_000);
                    throw new AssertionError("a hung GET was not interrupted");
                }
            };
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ObjectStoreException(uri(key), "interrupted", true, e);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public List<ObjectMeta> list(String prefix) {
        return in.list(prefix);
    }

    private void maybeFailWrite(String key, ByteBuffer bytes) {
        if (writeFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            bytes.position(bytes.position() + bytes.remaining() / 2);
            throw new ObjectStoreException(uri(key), "connection reset while sending", true);
        }
    }

    @Override
    public ObjectMeta put(String key, ByteBuffer bytes) {
        maybeFailWrite(key, bytes);
        return in.put(key, bytes);
    }

    @Override
    public MultipartUpload startUpload(String key) {
        MultipartUpload upload = in.startUpload(key);
        return new MultipartUpload() {
            @Override
            public String key() {
                return upload.key();
            }

            @Override
            public void putPart(int number, ByteBuffer bytes) {
                maybeFailWrite(key, bytes);
                upload.putPart(number, bytes);
            }

            @Override
            public ObjectMeta complete() {
                return upload.complete();
            }

            @Override
            public void abort() {
                upload.abort();
            }

            @Override
            public void close() {
                upload.close();
            }
        };
    }

    @Override
    public long minPartSize() {
        return in.minPartSize();
    }

    @Override
    public void close() {
        in.close();
    }
}
