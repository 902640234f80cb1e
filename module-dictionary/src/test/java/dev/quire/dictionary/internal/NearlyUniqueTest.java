package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.DictionaryOptions;
import dev.quire.layout.spi.ChunkSink;
import dev.quire.layout.spi.WrittenLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * A chunk whose sampled values (nearly) never repeat is written plain without building a dictionary; values that do
 * repeat, even only at distances longer than the sample's stride, are still tried and dictionary-encoded.
 */
class NearlyUniqueTest {
    static final DType UTF8 = new DType.Utf8(false);
    static final DType I64 = new DType.Primitive(PType.I64, false);

    static Array strings(int rows, IntFunction<String> value) {
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        for (int i = 0; i < rows; i++) {
            b.appendString(value.apply(i));
        }
        return b.finish();
    }

    static Array longs(int rows, IntFunction<Long> value) {
        PrimitiveBuilder b = (PrimitiveBuilder) ArrayBuilder.forType(I64);
        for (int i = 0; i < rows; i++) {
            b.appendLong(value.apply(i));
        }
        return b.finish();
    }

    /** What the encoder handed its sink, in order. */
    static final class Recording implements ChunkSink {
        final List<Array> written = new ArrayList<>();

        @Override
        public int writeArray(Array array) {
            written.add(array);
            return written.size() - 1;
        }
    }

    @Test
    void distinctStringsAreWrittenPlainWithoutATable() {
        Array chunk = strings(40_000, i -> "comment number " + i + " of a chunk of free text");
        DictionaryEncoder encoder = new DictionaryEncoder(UTF8, DictionaryOptions.defaults());
        assertTrue(encoder.nearlyUnique(chunk, 0, chunk.length()));
        Recording sink = new Recording();
        encoder.write(chunk, sink);
        assertEquals(1, sink.written.size(), "one plain piece");
        assertSame(chunk, sink.written.getFirst(), "the chunk itself, whole");
        assertEquals(1, encoder.plainPieces());
        assertEquals(0, encoder.openEntries(), "no dictionary was opened");
        WrittenLayout layout = encoder.finish(sink);
        assertEquals(40_000, layout.rowCount());
        assertEquals(0, encoder.dictionaries());
    }

    @Test
    void distinctLongsAreWrittenPlainToo() {
        Array chunk = longs(10_000, i -> i * 7919L);
        DictionaryEncoder encoder = new DictionaryEncoder(I64, DictionaryOptions.defaults());
        Recording sink = new Recording();
        encoder.write(chunk, sink);
        assertEquals(1, encoder.plainPieces());
        assertEquals(0, encoder.openEntries());
    }

    @Test
    void valuesRepeatingOnlyFarApartAreStillEncoded() {
        // 5,000 values in a cycle: rows sampled ~10 apart see each value at most every 500 samples, yet every value
        // repeats 8 times in the chunk, so a dictionary pays
        Array chunk = strings(40_000, i -> "a longer value that repeats, number " + (i % 5_000));
        DictionaryEncoder encoder = new DictionaryEncoder(UTF8, DictionaryOptions.defaults());
        assertFalse(encoder.nearlyUnique(chunk, 0, chunk.length()));
        Recording sink = new Recording();
        encoder.write(chunk, sink);
        assertEquals(0, encoder.plainPieces());
        assertEquals(5_000, encoder.openEntries());
    }

    @Test
    void aFewRepeatsInTheSampleAreTolerated() {
        // every 200th row holds one shared value: about 20 of the 4,096 sampled rows, 19 repeats, under the 40 allowed
        Array chunk = strings(40_000, i -> "value " + (i % 200 == 0 ? 0 : i));
        DictionaryEncoder encoder = new DictionaryEncoder(UTF8, DictionaryOptions.defaults());
        assertTrue(encoder.nearlyUnique(chunk, 0, chunk.length()));
        // every 50th: about 80 sampled, over the limit
        Array shared = strings(40_000, i -> "value " + (i % 50 == 0 ? 0 : i));
        assertFalse(encoder.nearlyUnique(shared, 0, shared.length()));
        // every value twice, 20,000 rows apart
        Array twice = strings(40_000, i -> "value " + (i % 20_000));
        assertFalse(encoder.nearlyUnique(twice, 0, twice.length()));
    }

    @Test
    void valuesRepeatingInShortRunsAreStillTried() {
        // sorted, each value on 4 consecutive rows: rows sampled one at a time 10 apart would never see a repeat
        Array sorted = strings(40_000, i -> "key " + (i / 4));
        DictionaryEncoder encoder = new DictionaryEncoder(UTF8, DictionaryOptions.defaults());
        assertFalse(encoder.nearlyUnique(sorted, 0, sorted.length()));
        // and interleaved within a few rows, not in runs
        Array near = strings(40_000, i -> "key " + ((i / 8) * 4 + i % 4));
        assertFalse(encoder.nearlyUnique(near, 0, near.length()));
    }

    @Test
    void smallChunksAndChunksWithNullsAreNotJudged() {
        DictionaryEncoder encoder = new DictionaryEncoder(UTF8, DictionaryOptions.defaults());
        Array small = strings(DictionaryEncoder.UNIQUE_MIN_ROWS - 1, i -> "v" + i);
        assertFalse(encoder.nearlyUnique(small, 0, small.length()), "too few rows to judge");
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(new DType.Utf8(true));
        for (int i = 0; i < 40_000; i++) {
            if (i == 0) {
                b.appendNull();
            } else {
                b.appendString("v" + i);
            }
        }
        DictionaryEncoder nullable = new DictionaryEncoder(new DType.Utf8(true), DictionaryOptions.defaults());
        assertFalse(nullable.nearlyUnique(b.finish(), 0, 40_000), "a chunk with nulls: tried as before");
    }
}
