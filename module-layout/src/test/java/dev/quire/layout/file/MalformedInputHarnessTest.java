package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.errors.QuireIoException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The harness must be able to fail: each way a reader can misbehave is reported, with the mutation. */
class MalformedInputHarnessTest {
    static final Mutation FLIP = new Mutation("bit flip", 3, "test", b -> {
        b[3] ^= 1;
        return b;
    });

    static List<String> outcome(Function<byte[], ReadEverything.Summary> read) {
        try (MalformedInputHarness h = new MalformedInputHarness(300)) {
            h.attempt("f.vortex", new byte[8], FLIP, read);
            assertEquals(1, h.attempts());
            return h.failures();
        }
    }

    @Test
    void acceptsSuccessAndFileErrors() {
        assertEquals(List.of(), outcome(b -> new ReadEverything.Summary(0, 0, false)));
        assertEquals(List.of(), outcome(b -> {
            throw new MalformedFileException("bad");
        }));
    }

    @Test
    void reportsJdkExceptionsErrorsAndDisguisesWithTheMutation() {
        Map<String, Function<byte[], ReadEverything.Summary>> bad = Map.of(
                "java.lang.IndexOutOfBoundsException", b -> {
                    throw new IndexOutOfBoundsException("index 9");
                },
                "java.lang.OutOfMemoryError", b -> {
                    throw new OutOfMemoryError("test");
                },
                "QuireIoException wrapping java.lang.ArithmeticException", b -> {
                    throw new QuireIoException("read failed", new ArithmeticException("/ by zero"));
                },
                "a damaged file reported as InvalidArgumentException", b -> {
                    throw new InvalidArgumentException("validity of 3 bits for 4 values");
                });
        bad.forEach((problem, read) -> {
            List<String> failures = outcome(read);
            assertEquals(1, failures.size(), problem);
            assertTrue(failures.getFirst().startsWith(problem), failures.getFirst());
            assertTrue(failures.getFirst().contains("f.vortex: bit flip at offset 3 (test)"), failures.getFirst());
        });
    }

    @Test
    void reportsAHang() {
        List<String> failures = outcome(b -> {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.onSpinWait();
            }
            return new ReadEverything.Summary(0, 0, false);
        });
        assertEquals(1, failures.size());
        assertTrue(failures.getFirst().startsWith("no result within 300 ms (a hang)"), failures.getFirst());
    }
}
