package dev.quire.bench.runner.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.quire.bench.runner.results.IoReport;
import java.util.Optional;

/**
 * The child's standard output: one JSON object per line, each with a {@value #TAG} field naming the event. Lines
 * that are not such objects (anything a library prints) are not events and are skipped.
 */
final class Wire {
    static final String TAG = "quireBench";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Wire() {}

    static String encode(Event event) {
        ObjectNode o = JSON.createObjectNode();
        switch (event) {
            case Event.Started s -> o.put(TAG, "started").put("maxHeapBytes", s.maxHeapBytes());
            case Event.RunDone d -> {
                RunReport r = d.report();
                o.put(TAG, "run").put("index", r.index()).put("counted", r.counted())
                        .put("wallMillis", r.wallMillis()).put("cpuMillis", r.cpuMillis())
                        .put("jitCpuMillis", r.jitCpuMillis()).put("rows", r.rows())
                        .put("result", r.result());
                r.reads().ifPresent(s -> o.putObject("reads").put("requests", s.requests())
                        .put("bytes", s.bytes()).put("slowestMillis", s.slowestMillis()));
                r.io().ifPresent(io -> o.set("io", JSON.valueToTree(io)));
            }
            case Event.Failed f -> o.put(TAG, "failed").put("message", f.message());
            case Event.Finished f -> o.put(TAG, "finished");
        }
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + event, e);
        }
    }

    /** The event on {@code line}, or empty when the line is not one of ours. */
    static Optional<Event> decode(String line) {
        String s = line.strip();
        if (!s.startsWith("{") || !s.contains(TAG)) {
            return Optional.empty();
        }
        JsonNode o;
        try {
            o = JSON.readTree(s);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        if (o == null || !o.isObject() || !o.path(TAG).isTextual()) {
            return Optional.empty();
        }
        return Optional.ofNullable(switch (o.get(TAG).asText()) {
            case "started" -> new Event.Started(o.path("maxHeapBytes").asLong(-1));
            case "run" -> new Event.RunDone(new RunReport(o.path("index").asInt(), o.path("counted").asBoolean(),
                    o.path("wallMillis").asDouble(), o.path("cpuMillis").asDouble(-1), o.path("jitCpuMillis").asDouble(-1),
                    o.path("rows").asLong(),
                    o.path("result").asText(), reads(o.get("reads")), io(o.get("io"))));
            case "failed" -> new Event.Failed(o.path("message").asText());
            case "finished" -> new Event.Finished();
            default -> null;
        });
    }

    private static Optional<IoReport> io(JsonNode io) {
        if (io == null || !io.isObject()) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.treeToValue(io, IoReport.class));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException("the child reported I/O statistics the runner cannot read: " + io, e);
        }
    }

    private static Optional<ReadStats.Summary> reads(JsonNode r) {
        if (r == null || !r.isObject()) {
            return Optional.empty();
        }
        return Optional.of(new ReadStats.Summary(r.path("requests").asLong(), r.path("bytes").asLong(),
                r.path("slowestMillis").asDouble()));
    }
}
