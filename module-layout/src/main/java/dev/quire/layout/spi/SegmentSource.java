package dev.quire.layout.spi;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;

/**
 * Where a {@link LayoutReader} reads its file's segments from. Every call that may read ({@link LayoutReader#read},
 * {@link LayoutReader#prune}) is handed one, and a reader reads its segments through it and hands the same source to
 * its children: a scan passes a {@link SegmentBatch} while it sets up a group of tasks, so the reads they need first are
 * issued together (and neighbours merged), and the file's direct source ({@link Layout#segments()}) afterwards.
 */
@FunctionalInterface
public interface SegmentSource {

    /**
     * The bytes of the file's segment {@code segmentId} (an id from {@link Layout#segmentId(int)}), 8-byte aligned.
     * The future fails with a {@link dev.quire.errors.MalformedFileException} for an id the footer does not list.
     */
    CompletableFuture<MemorySegment> read(int segmentId);
}
