package dev.quire.encodings.internal.strings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The word test that sends the decoder's main loop to its one-code-at-a-time path: for every table size, every byte
 * value in every one of a word's eight places, among codes that name symbols, is found to name none exactly when it is
 * the table's size or more (the escape, 255, always is). Sizes on both sides of 128 take different masks.
 */
class FsstSymbolsTest {
    @Test
    void aWordHasACodeNamingNoSymbolExactlyWhenOneIsTheSizeOrMore() {
        Random random = new Random(1313);
        for (int count = 0; count <= FsstSymbols.ESCAPE; count++) {
            byte[] lengths = new byte[count];
            java.util.Arrays.fill(lengths, (byte) 1);
            FsstSymbols symbols = new FsstSymbols(new long[count], lengths);
            for (int b = 0; b < 256; b++) {
                for (int lane = 0; lane < 8; lane++) {
                    long w = 0;
                    for (int k = 0; k < 8; k++) {
                        // the other places: codes that name a symbol, from either end of the table (none if empty)
                        int good = count == 0 ? b : random.nextBoolean() ? count - 1 : random.nextInt(count);
                        w |= (long) (k == lane ? b : good) << (8 * k);
                    }
                    assertEquals(b >= count, symbols.hasNoSymbol(w),
                            "table of " + count + ", byte " + b + " in place " + lane + " of " + Long.toHexString(w));
                }
            }
        }
    }
}
