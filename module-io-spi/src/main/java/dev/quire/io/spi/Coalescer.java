package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Serves many read requests with fewer, larger reads, as a {@link Coalescing} policy allows: requests are sorted by
 * offset (or, for {@link Coalescing.Order#ARRIVAL}, taken in the order given within a lookahead), neighbours closer
 * than the gap are merged while the merged read stays within the maximum size, each merged read is issued once, and
 * every request gets its slice of the result. Shared by all providers: the default
 * {@link ReadAt#readRanges} goes through it with the reader's own {@link ReadAt#coalescing()}.
 *
 * <p>A slice keeps the whole merged buffer alive, so the maximum merged size also bounds what one request can pin.
 * A slice that does not start at the alignment asked for (merged requests need not be aligned relative to each
 * other) is copied into a buffer that does. Requests whose future is already complete when they are issued (the caller
 * cancelled them) are dropped: they are neither read nor merged. Requests that reach past {@code limit} (the file's
 * size) are issued on their own, so the reader's error fails them and not their neighbours. Thread-safe and stateless
 * apart from the policy.
 */
public final class Coalescer {
    private final Coalescing policy;

    public Coalescer(Coalescing policy) {
        this.policy = Objects.requireNonNull(policy, "policy is null");
    }

    public Coalescing policy() {
        return policy;
    }

    /**
     * One read of a plan: the range to read and the requests it serves, as indices into the planned list.
     *
     * @param range what to read: the request itself, or the span of the merged requests
     * @param requests the indices of the requests it serves, in offset order (in arrival order when the policy
     *     merges in arrival order); more than one when merged
     */
    public record PlannedRead(ByteRange range, List<Integer> requests) {
        public PlannedRead {
            Objects.requireNonNull(range, "range is null");
            requests = List.copyOf(requests);
            if (requests.isEmpty()) {
                throw new InvalidArgumentException("a planned read serves at least one request");
            }
        }

        /** Whether this read serves more than one request. */
        public boolean merged() {
            return requests.size() > 1;
        }
    }

    /**
     * A request to issue: the range wanted and the future to complete with its bytes. A request whose future is
     * already complete when it is issued is dropped.
     */
    public record Request(ByteRange range, CompletableFuture<MemorySegment> result) {
        public Request {
            Objects.requireNonNull(range, "range is null");
            Objects.requireNonNull(result, "result is null");
        }
    }

    /**
     * What {@link #issue} did, for statistics.
     *
     * @param requests the requests handed to it
     * @param dropped those dropped because their future was already complete (cancelled)
     * @param reads the reads issued for the others
     * @param mergedReads the issued reads that serve more than one request
     * @param requestsMerged the requests served by those merged reads
     */
    public record Outcome(int requests, int dropped, int reads, int mergedReads, int requestsMerged) {
        /** The reads that merging saved: requests issued minus reads issued. */
        public int readsSaved() {
            return requests - dropped - reads;
        }
    }

    /** Issues a batch of ranges; the reader behind a {@link Coalescer}. */
    @FunctionalInterface
    public interface BatchRead {
        /** Starts reading every range; returns one future per range, in the same order. */
        List<CompletableFuture<MemorySegment>> read(List<ByteRange> ranges, long alignment);
    }

    /**
     * Plans the reads that serve {@code ranges}: in offset order, or for a policy in
     * {@linkplain Coalescing.Order#ARRIVAL arrival order} in the order of each read's first request. Ranges reaching
     * past {@code limit} are planned on their own; so is every range when the policy does not merge.
     */
    public List<PlannedRead> plan(List<ByteRange> ranges, long limit) {
        for (ByteRange range : ranges) {
            Objects.requireNonNull(range, "range is null");
        }
        return policy.order() == Coalescing.Order.ARRIVAL ? planByArrival(ranges, limit) : planByOffset(ranges, limit);
    }

    /**
     * Each read starts at the oldest request not yet planned and takes, one after the other in arrival order, each of
     * the next {@code lookahead} requests not yet planned that lies within the gap of its span and keeps it within the
     * maximum size.
     */
    private List<PlannedRead> planByArrival(List<ByteRange> ranges, long limit) {
        int n = ranges.size();
        boolean[] planned = new boolean[n];
        List<PlannedRead> plan = new ArrayList<>();
        for (int first = 0; first < n; first++) {
            if (planned[first]) {
                continue;
            }
            planned[first] = true;
            ByteRange head = ranges.get(first);
            if (!policy.enabled() || head.end() > limit) {
                plan.add(new PlannedRead(head, List.of(first)));
                continue;
            }
            List<Integer> group = new ArrayList<>();
            group.add(first);
            long start = head.offset();
            long end = head.end();
            int last = (int) Math.min(n - 1L, (long) first + policy.lookahead());
            for (int i = first + 1; i <= last; i++) {
                ByteRange r = ranges.get(i);
                if (planned[i] || r.end() > limit || r.offset() - end > policy.maxGap()
                        || start - r.end() > policy.maxGap()
                        || Math.max(end, r.end()) - Math.min(start, r.offset()) > policy.maxMergedSize()) {
                    continue;
                }
                planned[i] = true;
                group.add(i);
                start = Math.min(start, r.offset());
                end = Math.max(end, r.end());
            }
            plan.add(planned(ranges, group, start, end));
        }
        return plan;
    }

    private List<PlannedRead> planByOffset(List<ByteRange> ranges, long limit) {
        int n = ranges.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingLong(i -> ranges.get(i).offset())
                .thenComparingLong(i -> ranges.get(i).end()));
        List<PlannedRead> plan = new ArrayList<>();
        List<Integer> group = new ArrayList<>();
        long start = 0;
        long end = 0;
        for (int index : order) {
            ByteRange r = ranges.get(index);
            boolean mergeable = policy.enabled() && r.end() <= limit;
            if (!group.isEmpty() && mergeable && r.offset() - end <= policy.maxGap()
                    && Math.max(end, r.end()) - start <= policy.maxMergedSize()) {
                group.add(index);
                end = Math.max(end, r.end());
                continue;
            }
            if (!group.isEmpty()) {
                plan.add(planned(ranges, group, start, end));
                group.clear();
            }
            if (mergeable) {
                group.add(index);
                start = r.offset();
                end = r.end();
            } else {
                plan.add(new PlannedRead(r, List.of(index)));
            }
        }
        if (!group.isEmpty()) {
            plan.add(planned(ranges, group, start, end));
        }
        return plan;
    }

    private static PlannedRead planned(List<ByteRange> ranges, List<Integer> group, long start, long end) {
        ByteRange range = group.size() == 1 ? ranges.get(group.getFirst()) : new ByteRange(start, end - start);
        return new PlannedRead(range, group);
    }

    /**
     * Reads {@code ranges} from {@code reader}, merged as the policy allows, each planned read through
     * {@link ReadAt#read}: what the default {@link ReadAt#readRanges} does. One future per range, in order.
     */
    public List<CompletableFuture<MemorySegment>> readRanges(ReadAt reader, List<ByteRange> ranges, long alignment) {
        List<Request> requests = requestsFor(ranges);
        issue(requests, alignment, reader.size(), eachThrough(reader));
        return results(requests);
    }

    /** One request per range, in order, each with a new future: what {@link #issue} takes. */
    public static List<Request> requestsFor(List<ByteRange> ranges) {
        List<Request> requests = new ArrayList<>(ranges.size());
        for (ByteRange range : ranges) {
            requests.add(new Request(range, new CompletableFuture<>()));
        }
        return requests;
    }

    /** The futures of {@code requests}, in order: what a {@link ReadAt#readRanges} returns. */
    public static List<CompletableFuture<MemorySegment>> results(List<Request> requests) {
        List<CompletableFuture<MemorySegment>> results = new ArrayList<>(requests.size());
        for (Request request : requests) {
            results.add(request.result());
        }
        return results;
    }

    /**
     * A {@link BatchRead} that issues every range with its own {@link ReadAt#read}; a read that throws fails its own
     * future only.
     */
    public static BatchRead eachThrough(ReadAt reader) {
        Objects.requireNonNull(reader, "reader is null");
        return (ranges, alignment) -> {
            List<CompletableFuture<MemorySegment>> out = new ArrayList<>(ranges.size());
            for (ByteRange range : ranges) {
                CompletableFuture<MemorySegment> read;
                try {
                    read = reader.read(range.offset(), range.length(), alignment);
                } catch (RuntimeException e) {
                    // A reader that throws instead of failing the future fails this read only, not the batch.
                    read = CompletableFuture.failedFuture(e);
                }
                out.add(read);
            }
            return out;
        };
    }

    /**
     * Issues the requests whose future is not yet complete, merged as the policy allows, in one call to
     * {@code reads}; completes each request's future with its slice of the read that serves it, or with that read's
     * failure. A failure of {@code reads} itself fails every issued request.
     *
     * @param limit the size of the file: requests reaching past it are issued on their own
     */
    public Outcome issue(List<Request> requests, long alignment, long limit, BatchRead reads) {
        Objects.requireNonNull(reads, "reads is null");
        List<Request> live = new ArrayList<>(requests.size());
        for (Request request : requests) {
            if (!request.result().isDone()) {
                live.add(request);
            }
        }
        int dropped = requests.size() - live.size();
        if (live.isEmpty()) {
            return new Outcome(requests.size(), dropped, 0, 0, 0);
        }
        List<ByteRange> wanted = new ArrayList<>(live.size());
        for (Request request : live) {
            wanted.add(request.range());
        }
        List<PlannedRead> plan = plan(wanted, limit);
        List<ByteRange> toRead = new ArrayList<>(plan.size());
        int mergedReads = 0;
        int requestsMerged = 0;
        for (PlannedRead read : plan) {
            toRead.add(read.range());
            if (read.merged()) {
                mergedReads++;
                requestsMerged += read.requests().size();
            }
        }
        List<CompletableFuture<MemorySegment>> started;
        try {
            started = reads.read(toRead, alignment);
            if (started.size() != toRead.size()) {
                throw new IllegalStateException("a batch read of " + toRead.size() + " ranges returned "
                        + started.size() + " results");
            }
        } catch (RuntimeException | Error e) {
            for (Request request : live) {
                request.result().completeExceptionally(e);
            }
            if (e instanceof Error err) {
                throw err;
            }
            return new Outcome(requests.size(), dropped, plan.size(), mergedReads, requestsMerged);
        }
        for (int i = 0; i < plan.size(); i++) {
            PlannedRead read = plan.get(i);
            started.get(i).whenComplete((segment, failure) -> deliver(read, live, segment, failure, alignment));
        }
        return new Outcome(requests.size(), dropped, plan.size(), mergedReads, requestsMerged);
    }

    private static void deliver(PlannedRead read, List<Request> live, MemorySegment segment, Throwable failure,
            long alignment) {
        if (failure != null) {
            Throwable cause = unwrap(failure);
            for (int index : read.requests()) {
                live.get(index).result().completeExceptionally(cause);
            }
            return;
        }
        if (!read.merged()) {
            live.get(read.requests().getFirst()).result().complete(segment);
            return;
        }
        for (int index : read.requests()) {
            Request request = live.get(index);
            try {
                request.result().complete(slice(segment, request.range().offset() - read.range().offset(),
                        request.range().length(), alignment));
            } catch (RuntimeException e) {
                request.result().completeExceptionally(e);
            }
        }
    }

    /**
     * The bytes {@code [offset, offset + length)} of {@code merged}, read-only, starting at a multiple of
     * {@code alignment}: a slice when it does, else a copy (on the heap for a heap segment and an alignment of at
     * most 8, as {@link ReadAt#read} allows).
     *
     * @throws QuireIoException when {@code merged} is shorter than the slice (the reader returned too few bytes)
     */
    public static MemorySegment slice(MemorySegment merged, long offset, long length, long alignment) {
        Buffers.checkAlignment(alignment);
        if (offset < 0 || length < 0 || offset > merged.byteSize() || length > merged.byteSize() - offset) {
            throw new QuireIoException("a merged read returned " + merged.byteSize() + " bytes, too few for "
                    + length + " bytes at " + offset);
        }
        MemorySegment slice = merged.asSlice(offset, length);
        if ((slice.address() & (alignment - 1)) == 0) {
            return slice.asReadOnly();
        }
        if (!slice.isNative() && alignment <= 8) {
            // A fresh array starts at offset 0, aligned for any alignment a heap read may be asked for.
            return MemorySegment.ofArray(slice.toArray(ValueLayout.JAVA_BYTE)).asReadOnly();
        }
        MemorySegment out = Buffers.allocate(length, alignment);
        MemorySegment.copy(slice, 0, out, 0, length);
        return out.asReadOnly();
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
