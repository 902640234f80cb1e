package dev.quire.io.posix.sys;

import dev.quire.config.Setting;
import dev.quire.errors.InvalidArgumentException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The read-only mappings of local files, shared by the readers of one unchanged file: the {@code mmap} provider's, and
 * those the {@code uring} provider serves cached ranges from. Opening a file
 * again (a query engine opens a file per query, or per split) would otherwise map it again, and the new mapping's
 * pages fault in one by one as they are first read: at TPC-H scale factor 1 that was about 1,300 page faults and a
 * fifth of the CPU of a query reading 40 MiB of a 178 MB file.
 *
 * <p>A mapping is shared by file identity: the file system's file key (device and inode), its size and its
 * modification time, read when the file is opened. A file replaced on disk (a new inode), grown, shrunk or rewritten
 * (a new modification time) is mapped anew. A change in place that keeps all three is seen anyway: the mappings are
 * shared ones ({@code MAP_SHARED}), so every mapping of the file shows it. Where the file system has no file key,
 * nothing is shared.
 *
 * <p>The table is process-wide, whoever opens the file: the mappings of one unchanged file are the same bytes for every
 * reader. A mapping stays in it while a reader of it is open, and after the last one closes for the keep time that
 * reader was opened with ({@link #KEEP_MILLIS}, {@code 0} to share only between readers open at
 * once), so that a file opened again soon after is not mapped again. After that the table
 * forgets it, and, as for any mapping here, the memory is unmapped once no segment read through it is reachable:
 * until then a deleted file keeps its disk space. A reader dropped without {@code close()} is released when it
 * becomes unreachable.
 */
public final class SharedMappings {
    private static final Cleaner CLEANER = Cleaner.create();

    /**
     * How long, in milliseconds, a mapping no open reader uses stays shared ({@code quire.io.mmap.keepMillis}, 2 s by
     * default): the setting of every provider that maps through this table.
     */
    public static final Setting<Long> KEEP_MILLIS = Setting.wholeNumber("quire.io.mmap.keepMillis", 2_000, 0,
            Long.MAX_VALUE, "how long, in milliseconds, an mmap mapping no open reader uses stays shared");

    /** What the file was when it was mapped; {@code fileKey} is the file system's (device and inode on Linux). */
    private record Identity(Object fileKey, long size, long modifiedNanos) {
        static Identity of(BasicFileAttributes a) {
            return a.fileKey() == null ? null
                    : new Identity(a.fileKey(), a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS));
        }
    }

    /** A shared mapping and how many open readers hold it; {@code released} counts its last-reader releases. */
    private static final class Entry {
        final Identity identity;
        final MemorySegment mapping;
        int readers;
        long released;

        Entry(Identity identity, MemorySegment mapping) {
            this.identity = identity;
            this.mapping = mapping;
        }
    }

    private static final Map<Identity, Entry> ENTRIES = new HashMap<>();

    private SharedMappings() {}

    /**
     * A reader's hold on a mapping: {@link #release()} gives it back, once however often it is called. A lease
     * {@linkplain #watch watching} its reader is also released when the reader becomes unreachable unclosed.
     */
    public static final class Lease {
        private final MemorySegment mapping;
        /** The shared entry held, or null for a mapping shared with no one. */
        private final Entry entry;
        private final long keepMillis;
        private final AtomicBoolean released = new AtomicBoolean();

        private Lease(MemorySegment mapping, Entry entry, long keepMillis) {
            this.mapping = mapping;
            this.entry = entry;
            this.keepMillis = keepMillis;
        }

        public MemorySegment mapping() {
            return mapping;
        }

        /** Releases this lease when {@code reader} (which must not be reachable from the lease) is collected. */
        public void watch(Object reader) {
            if (entry != null) {
                CLEANER.register(reader, this::release);
            }
        }

        public void release() {
            if (entry != null && released.compareAndSet(false, true)) {
                SharedMappings.release(entry, keepMillis);
            }
        }
    }

    /**
     * The mapping of {@code path}: a shared one when the file is as it was when that one was mapped, else a new one
     * (shared from now on when the file did not change while it was mapped).
     *
     * @param keep how many milliseconds the mapping stays shared after the last reader releases it
     * @throws IOException when the file cannot be opened, read or mapped
     * @throws InvalidArgumentException when {@code keep} is negative
     */
    public static Lease acquire(Path path, long keep) throws IOException {
        if (keep < 0) {
            throw new InvalidArgumentException("a mapping cannot stay shared for " + keep
                    + " milliseconds");
        }
        Identity before = Identity.of(Files.readAttributes(path, BasicFileAttributes.class));
        Entry entry = before == null ? null : take(before);
        if (entry == null) {
            MemorySegment mapping = map(path);
            Identity after = Identity.of(Files.readAttributes(path, BasicFileAttributes.class));
            if (before == null || !before.equals(after) || after.size() != mapping.byteSize()) {
                // changed while it was being mapped, or no identity: this reader's own, shared with no one
                return new Lease(mapping, null, keep);
            }
            entry = share(after, mapping);
        }
        return new Lease(entry.mapping, entry, keep);
    }

    /** The entry of {@code identity} with one more reader, or null. */
    private static synchronized Entry take(Identity identity) {
        Entry e = ENTRIES.get(identity);
        if (e != null) {
            e.readers++;
        }
        return e;
    }

    /** Records a new mapping, or takes the one another thread recorded for the same file meanwhile. */
    private static synchronized Entry share(Identity identity, MemorySegment mapping) {
        Entry e = ENTRIES.computeIfAbsent(identity, id -> new Entry(id, mapping));
        e.readers++;
        return e;
    }

    private static void release(Entry entry, long keep) {
        long generation;
        synchronized (SharedMappings.class) {
            if (--entry.readers > 0) {
                return;
            }
            generation = ++entry.released;
        }
        if (keep == 0) {
            forget(entry, generation);
        } else {
            CompletableFuture.delayedExecutor(keep, TimeUnit.MILLISECONDS)
                    .execute(() -> forget(entry, generation));
        }
    }

    /** Drops {@code entry} from the table unless a reader took it again since its release {@code generation}. */
    private static synchronized void forget(Entry entry, long generation) {
        if (entry.readers == 0 && entry.released == generation) {
            ENTRIES.remove(entry.identity, entry);
        }
    }

    private static MemorySegment map(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            return size == 0 ? MemorySegment.NULL.reinterpret(0)
                    : channel.map(FileChannel.MapMode.READ_ONLY, 0, size, Arena.ofAuto()).asReadOnly();
        }
    }
}
