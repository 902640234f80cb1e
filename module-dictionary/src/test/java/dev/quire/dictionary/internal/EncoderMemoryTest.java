package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.DictionaryOptions;
import dev.quire.layout.spi.ChunkSink;
import dev.quire.layout.spi.WrittenLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What the encoder keeps grows with distinct values, not rows: 50 million rows of 10 distinct strings, streamed as
 * chunks the writer would hand over (a few chunk arrays reused, never 50 million rows in memory), leave its retained
 * size where the first chunk put it.
 */
class EncoderMemoryTest {
    static final long ROWS = 50_000_000L;
    static final int CHUNK_ROWS = 65_536; // 1 MiB of 16-byte views, the writer's default chunk

    @Test
    void fiftyMillionRowsOfTenStringsKeepTheRetainedSizeFlat() {
        DType t = new DType.Utf8(true);
        List<Array> chunks = new ArrayList<>();
        Random random = new Random(11);
        for (int c = 0; c < 4; c++) {
            VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(t);
            for (int i = 0; i < CHUNK_ROWS; i++) {
                if (random.nextInt(50) == 0) {
                    b.appendNull();
                } else {
                    b.appendString("distinct string number " + random.nextInt(10));
                }
            }
            chunks.add(b.finish());
        }
        long[] segments = {0};
        long[] bytesWritten = {0};
        ChunkSink sink = array -> {
            bytesWritten[0] += array.length();
            return (int) segments[0]++;
        };
        DictionaryEncoder encoder = new DictionaryEncoder(t, DictionaryOptions.defaults());
        long rows = 0;
        long afterFirst = -1;
        long max = 0;
        int k = 0;
        while (rows < ROWS) {
            Array chunk = chunks.get(k++ % chunks.size());
            long n = Math.min(CHUNK_ROWS, ROWS - rows);
            encoder.write(n == CHUNK_ROWS ? chunk : chunk.slice(0, n), sink);
            rows += n;
            if (afterFirst < 0) {
                afterFirst = encoder.retainedBytes();
            }
            max = Math.max(max, encoder.retainedBytes());
        }
        assertEquals(11, encoder.openEntries(), "one dictionary of the 10 strings and the null entry throughout");
        assertEquals(afterFirst, encoder.retainedBytes(), "retained bytes after 50M rows equal those after one chunk");
        assertEquals(afterFirst, max, "and never grew in between");
        assertTrue(afterFirst < 4096, "a dictionary of 10 strings is small: " + afterFirst);
        WrittenLayout layout = encoder.finish(sink);
        assertEquals(DictionaryEncoder.LAYOUT_ID, layout.id());
        assertEquals(ROWS, layout.rowCount());
        assertEquals(11, layout.children().getFirst().rowCount(), "10 values and a null");
        assertEquals(ROWS + 11, bytesWritten[0], "every row's code and each value written once");
    }
}
