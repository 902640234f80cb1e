package dev.quire.cli.inspect;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.quire.cli.output.Json;
import dev.quire.cli.output.ValueFormat;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.format.ArrayEncodingTree;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.format.SegmentSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code quire inspect --json}: the whole report as one pretty-printed JSON object, nothing elided. Statistics values
 * follow the same rules as {@code quire scan --format jsonl}.
 */
public final class JsonReport {
    private final PrintWriter out;

    public JsonReport(PrintWriter out) {
        this.out = out;
    }

    public void print(FileReport r) {
        try (JsonGenerator json = Json.generator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            json.writeStringField("file", r.name());
            json.writeNumberField("size", r.size());
            json.writeNumberField("rows", r.rows());
            json.writeStringField("dtype", r.dtype().toString());
            json.writeArrayFieldStart("columns");
            for (FileReport.Column c : r.columns()) {
                json.writeStartObject();
                json.writeStringField("name", c.name());
                json.writeStringField("dtype", c.dtype().toString());
                json.writeNumberField("data_bytes", c.dataBytes());
                if (c.stats().isPresent()) {
                    json.writeFieldName("statistics");
                    stats(json, c.stats().get());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeFieldName("layout");
            layout(json, r.layout());
            json.writeArrayFieldStart("segments");
            for (int i = 0; i < r.segments().size(); i++) {
                SegmentSpec s = r.segments().get(i);
                json.writeStartObject();
                json.writeNumberField("id", i);
                json.writeNumberField("offset", s.offset());
                json.writeNumberField("length", s.length());
                json.writeNumberField("alignment", s.alignment());
                json.writeEndObject();
            }
            json.writeEndArray();
            stringArray(json, "layout_specs", r.layoutSpecs());
            stringArray(json, "array_specs", r.arraySpecs());
            json.writeEndObject();
            json.flush();
        } catch (IOException e) {
            throw new QuireIoException("writing JSON failed: " + e.getMessage(), e);
        }
        out.println();
        out.flush();
    }

    private static void layout(JsonGenerator json, FileReport.LayoutReport node) throws IOException {
        json.writeStartObject();
        json.writeStringField("name", node.name());
        json.writeStringField("encoding", node.encodingId());
        json.writeNumberField("rows", node.rows());
        json.writeNumberField("data_bytes", node.dataBytes());
        if (!node.facts().isEmpty()) {
            json.writeObjectFieldStart("facts");
            for (Map.Entry<String, String> fact : node.facts().entrySet()) {
                json.writeStringField(fact.getKey(), fact.getValue());
            }
            json.writeEndObject();
        }
        if (node.segment().isPresent()) {
            json.writeNumberField("segment", node.segment().get());
        }
        if (node.array().isPresent()) {
            json.writeFieldName("array");
            array(json, node.array().get());
        }
        if (node.problem().isPresent()) {
            json.writeStringField("problem", node.problem().get());
        }
        if (!node.children().isEmpty()) {
            json.writeArrayFieldStart("children");
            for (FileReport.LayoutReport child : node.children()) {
                layout(json, child);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    private static void array(JsonGenerator json, ArrayEncodingTree tree) throws IOException {
        json.writeStartObject();
        json.writeStringField("encoding", tree.encodingId());
        json.writeNumberField("metadata_bytes", tree.metadataBytes());
        json.writeArrayFieldStart("buffers");
        for (long b : tree.bufferLengths()) {
            json.writeNumber(b);
        }
        json.writeEndArray();
        if (!tree.stats().isEmpty()) {
            json.writeFieldName("statistics");
            stats(json, tree.stats());
        }
        if (!tree.children().isEmpty()) {
            json.writeArrayFieldStart("children");
            for (ArrayEncodingTree child : tree.children()) {
                array(json, child);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    private static void stats(JsonGenerator json, ArrayStats s) throws IOException {
        json.writeStartObject();
        scalar(json, "min", s.min());
        if (s.min().isPresent()) {
            json.writeBooleanField("min_exact", s.minExact());
        }
        scalar(json, "max", s.max());
        if (s.max().isPresent()) {
            json.writeBooleanField("max_exact", s.maxExact());
        }
        scalar(json, "sum", s.sum());
        bool(json, "is_sorted", s.sorted());
        bool(json, "is_strict_sorted", s.strictSorted());
        bool(json, "is_constant", s.constant());
        count(json, "null_count", s.nullCount());
        count(json, "nan_count", s.nanCount());
        count(json, "uncompressed_size_in_bytes", s.uncompressedSizeInBytes());
        json.writeEndObject();
    }

    private static void scalar(JsonGenerator json, String name, Optional<Scalar> value) throws IOException {
        if (value.isPresent()) {
            json.writeFieldName(name);
            ValueFormat.of(value.get().dtype()).writeJson(json, value.get());
        }
    }

    private static void bool(JsonGenerator json, String name, Optional<Boolean> value) throws IOException {
        if (value.isPresent()) {
            json.writeBooleanField(name, value.get());
        }
    }

    private static void count(JsonGenerator json, String name, OptionalLong value) throws IOException {
        if (value.isPresent()) {
            json.writeNumberField(name, value.getAsLong());
        }
    }

    private static void stringArray(JsonGenerator json, String name, Iterable<String> values) throws IOException {
        json.writeArrayFieldStart(name);
        for (String v : values) {
            json.writeString(v);
        }
        json.writeEndArray();
    }
}
