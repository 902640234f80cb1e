package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.ErrorCode;
import dev.quire.errors.MalformedFileException;
import dev.quire.errors.QuireIoException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class ReadAtTest {

    @Test
    void rangesInsideTheFilePass() {
        assertDoesNotThrow(() -> ReadAt.checkRange("f", 0, 0, 0));
        assertDoesNotThrow(() -> ReadAt.checkRange("f", 0, 100, 100));
        assertDoesNotThrow(() -> ReadAt.checkRange("f", 100, 0, 100));
        assertDoesNotThrow(() -> ReadAt.checkRange("f", 99, 1, 100));
    }

    @Test
    void rangesOutsideTheFileFailNamingTheReaderAndTheRange() {
        QuireIoException e = assertThrows(QuireIoException.class, () -> ReadAt.checkRange("some/file", 90, 20, 100));
        assertEquals(ErrorCode.IO, e.code());
        assertTrue(e.getMessage().contains("some/file"), e.getMessage());
        assertTrue(e.getMessage().contains("20 bytes at offset 90"), e.getMessage());
        assertTrue(e.getMessage().contains("(100 bytes)"), e.getMessage());

        assertThrows(QuireIoException.class, () -> ReadAt.checkRange("f", 101, 0, 100));
        assertThrows(QuireIoException.class, () -> ReadAt.checkRange("f", -1, 1, 100));
        assertThrows(QuireIoException.class, () -> ReadAt.checkRange("f", 0, -1, 100));
        assertThrows(QuireIoException.class, () -> ReadAt.checkRange("f", 0, 1, 0));
    }

    @Test
    void rangesWhoseEndOverflowsFailInsteadOfWrapping() {
        assertThrows(QuireIoException.class, () -> ReadAt.checkRange("f", 50, Long.MAX_VALUE, 100));
        assertThrows(QuireIoException.class, () -> ReadAt.checkRange("f", Long.MAX_VALUE, Long.MAX_VALUE, 100));
        assertThrows(QuireIoException.class,
                () -> ReadAt.checkRange("f", Long.MAX_VALUE - 1, 2, Long.MAX_VALUE));
    }

    @Test
    void awaitReturnsTheValue() {
        assertEquals("x", ReadAt.await(CompletableFuture.completedFuture("x")));
    }

    @Test
    void awaitRethrowsTheQuireExceptionItself() {
        MalformedFileException cause = new MalformedFileException("bad", 12);
        MalformedFileException thrown = assertThrows(MalformedFileException.class,
                () -> ReadAt.await(CompletableFuture.failedFuture(cause)));
        assertSame(cause, thrown);
    }

    @Test
    void awaitUnwrapsNestedCompletionWrappers() {
        ClosedException cause = new ClosedException("reader");
        CompletableFuture<Object> f = CompletableFuture.failedFuture(
                new CompletionException(new ExecutionException(new CompletionException(cause))));
        assertSame(cause, assertThrows(ClosedException.class, () -> ReadAt.await(f)));

        CompletableFuture<Object> chained = CompletableFuture.failedFuture(cause).thenApply(x -> x);
        assertSame(cause, assertThrows(ClosedException.class, () -> ReadAt.await(chained)));
    }

    @Test
    void awaitWrapsOtherExceptionsInAQuireIoException() {
        UncheckedIOException cause = new UncheckedIOException(new IOException("disk on fire"));
        QuireIoException e = assertThrows(QuireIoException.class,
                () -> ReadAt.await(CompletableFuture.failedFuture(cause)));
        assertSame(cause, e.getCause());
        assertTrue(e.getMessage().contains("disk on fire"), e.getMessage());
    }

    @Test
    void awaitRethrowsOtherUncheckedExceptionsAsTheyAre() {
        IllegalStateException bug = new IllegalStateException("a bug, not an I/O failure");
        assertSame(bug, assertThrows(IllegalStateException.class,
                () -> ReadAt.await(CompletableFuture.failedFuture(bug))));
        IOException checked = new IOException("checked");
        assertSame(checked, assertThrows(QuireIoException.class,
                () -> ReadAt.await(CompletableFuture.failedFuture(checked))).getCause());
    }

    @Test
    void awaitRethrowsErrors() {
        StackOverflowError cause = new StackOverflowError("deep");
        assertSame(cause, assertThrows(StackOverflowError.class,
                () -> ReadAt.await(CompletableFuture.failedFuture(cause))));
    }

    @Test
    void awaitOnACancelledReadFailsWithAQuireIoException() {
        CompletableFuture<Object> cancelled = new CompletableFuture<>();
        cancelled.cancel(false);
        QuireIoException e = assertThrows(QuireIoException.class, () -> ReadAt.await(cancelled));
        assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        assertTrue(e.getCause() instanceof CancellationException, String.valueOf(e.getCause()));
    }

    @Test
    void awaitOnAnInterruptedThreadFailsAndKeepsTheInterrupt() {
        CompletableFuture<Object> never = new CompletableFuture<>();
        Thread.currentThread().interrupt();
        try {
            QuireIoException e = assertThrows(QuireIoException.class, () -> ReadAt.await(never));
            assertTrue(e.getMessage().contains("interrupted"), e.getMessage());
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is restored");
        } finally {
            Thread.interrupted();
        }
        assertFalse(never.isDone());
    }
}
