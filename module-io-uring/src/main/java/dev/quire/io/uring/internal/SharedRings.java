package dev.quire.io.uring.internal;

import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.UringOptions;
import dev.quire.io.uring.sys.UringSyscalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rings the process shares, one set per queue depth and ring count, started when a reader with those options first
 * opens and kept for the life of the process (an idle ring costs one parked thread, two descriptors and a few pages).
 * A ring that failed is replaced at the next open. Rings are a process resource, like the threads that drive them, so
 * they are kept process-wide rather than per caller.
 */
final class SharedRings {
    private record Key(int queueDepth, int rings) {}

    private final UringSyscalls sys;
    private final Map<Key, Reactor[]> sets = new ConcurrentHashMap<>();
    /** Set once {@code cachestat} answered that it cannot be used here: resident reads are then off. */
    volatile boolean noResidencyCheck;

    /** What the provider's readers share. */
    static final SharedRings PROCESS = new SharedRings(UringSyscalls.kernel());

    SharedRings(UringSyscalls sys) {
        this.sys = sys;
    }

    /** The system calls the rings and residency checks make. */
    UringSyscalls syscalls() {
        return sys;
    }

    /** The rings for {@code options}, started now if need be. */
    Reactor[] get(UringOptions options) {
        Key key = new Key(options.queueDepth(), options.rings());
        return sets.compute(key, (k, old) -> {
            if (old != null && !anyFailed(old)) {
                return old;
            }
            Reactor[] set = new Reactor[k.rings()];
            for (int i = 0; i < set.length; i++) {
                set[i] = old != null && !old[i].failed() ? old[i] : Reactor.start(sys, k.queueDepth());
            }
            return set;
        });
    }

    private static boolean anyFailed(Reactor[] set) {
        for (Reactor r : set) {
            if (r.failed()) {
                return true;
            }
        }
        return false;
    }

    /** What every ring started here has done. */
    RingStats stats() {
        RingStats sum = new RingStats(0, 0, 0, 0, 0);
        List<Reactor[]> all = new ArrayList<>(sets.values());
        for (Reactor[] set : all) {
            for (Reactor r : set) {
                sum = sum.plus(r.stats());
            }
        }
        return sum;
    }
}
