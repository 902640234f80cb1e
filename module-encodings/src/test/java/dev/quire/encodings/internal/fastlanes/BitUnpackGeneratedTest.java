package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BitUnpackGeneratedTest {
    @ParameterizedTest
    @ValueSource(ints = {8, 16, 32, 64})
    void committedSourcesMatchTheGenerator(int bits) throws IOException {
        String committed = Files.readString(BitUnpackGenerator.DIR.resolve(BitUnpackGenerator.className(bits)
                + ".java"), StandardCharsets.UTF_8);
        assertEquals(BitUnpackGenerator.generate(bits), committed,
                "run BitUnpackGenerator.main from module-encodings to regenerate");
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 32})
    void committedSwarKernelsMatchTheGenerator(int bits) throws IOException {
        String committed = Files.readString(BitUnpackGenerator.DIR.resolve(BitUnpackGenerator.swarClassName(bits)
                + ".java"), StandardCharsets.UTF_8);
        assertEquals(BitUnpackGenerator.generateSwar(bits), committed,
                "run BitUnpackGenerator.main from module-encodings to regenerate");
    }
}
