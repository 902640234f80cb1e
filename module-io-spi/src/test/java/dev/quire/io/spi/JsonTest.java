package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void plainTextIsQuotedAsItIs() {
        assertEquals("\"/data/lineitem.vortex\"", Json.quote("/data/lineitem.vortex"));
        assertEquals("\"\"", Json.quote(""));
        assertEquals("\"größe ✓ 😀\"", Json.quote("größe ✓ 😀"));
    }

    @Test
    void quotesBackslashesAndControlCharactersAreEscaped() {
        assertEquals("\"a\\\"b\\\\c\"", Json.quote("a\"b\\c"));
        assertEquals("\"\\n\\r\\t\\b\\f\"", Json.quote("\n\r\t\b\f"));
        assertEquals("\"\\u0000\\u001f\\u0007\"", Json.quote("\u0000\u001f\u0007"));
        assertEquals("\"\\u2028\\u2029\"", Json.quote("\u2028\u2029"));
        assertEquals("\"\u007f\"", Json.quote("\u007f"), "DEL is allowed in JSON strings");
    }

    @Test
    void unpairedSurrogatesAreEscapedSoTheOutputIsValidUtf8() {
        assertEquals("\"x\\ud800y\"", Json.quote("x\ud800y"));
        assertEquals("\"\\udc00\"", Json.quote("\udc00"));
        assertEquals("\"\\ud83d\"", Json.quote("\ud83d"), "a high surrogate at the end");
    }
}
