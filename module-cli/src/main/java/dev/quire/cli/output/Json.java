package dev.quire.cli.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.quire.errors.QuireIoException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;

/** The one JSON factory of the CLI: generators never close the writer they are given (it is usually stdout). */
public final class Json {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
            .build();

    private Json() {}

    /** A generator over {@code out}, which the caller flushes and closes. */
    public static JsonGenerator generator(Writer out) {
        try {
            return FACTORY.createGenerator(out);
        } catch (IOException e) {
            throw new QuireIoException("cannot write JSON: " + e.getMessage(), e);
        }
    }

    /** Something that writes one JSON value. */
    @FunctionalInterface
    public interface Body {
        void write(JsonGenerator json) throws IOException;
    }

    /** The compact JSON text that {@code body} writes. */
    public static String toText(Body body) {
        StringWriter text = new StringWriter();
        try (JsonGenerator json = generator(text)) {
            body.write(json);
        } catch (IOException e) {
            throw new QuireIoException("cannot write JSON: " + e.getMessage(), e);
        }
        return text.toString();
    }
}
