package dev.quire.bench.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.quire.bench.runner.protocol.RunReport;
import dev.quire.errors.QuireIoException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The per-run logs: {@code --cpu-log} (wall and process CPU time of every run) and {@code --get-log} (every run's
 * read requests: count, bytes, slowest), one JSON object per line, written as runs arrive. Every line names its
 * query, engine and run (its index in the order the runs ran) and says whether the run was a warm-up run
 * ({@code "warmup": true}, not counted) or a counted one.
 */
final class RunLogs implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Optional<BufferedWriter> cpu;
    private final Optional<BufferedWriter> get;

    private RunLogs(Optional<BufferedWriter> cpu, Optional<BufferedWriter> get) {
        this.cpu = cpu;
        this.get = get;
    }

    static RunLogs open(Optional<Path> cpuLog, Optional<Path> getLog) {
        Optional<BufferedWriter> cpu = cpuLog.map(p -> create("--cpu-log", p));
        try {
            return new RunLogs(cpu, getLog.map(p -> create("--get-log", p)));
        } catch (RuntimeException e) {
            cpu.ifPresent(RunLogs::closeQuietly);
            throw e;
        }
    }

    private static BufferedWriter create(String option, Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new QuireIoException(option + ": cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    void run(String query, String engine, RunReport r) {
        cpu.ifPresent(w -> write(w, "--cpu-log", line(query, engine, r).put("counted", r.counted())
                .put("wallMillis", r.wallMillis()).put("cpuMillis", r.cpuMillis())
                .put("jitCpuMillis", r.jitCpuMillis())));
        get.ifPresent(w -> {
            ObjectNode o = line(query, engine, r);
            // Every engine that reports its reads reports at least the footer's; none means it cannot observe them.
            if (r.reads().isPresent() && r.reads().get().requests() > 0) {
                o.put("observed", true).put("requests", r.reads().get().requests())
                        .put("bytes", r.reads().get().bytes())
                        .put("slowestMillis", r.reads().get().slowestMillis());
            } else {
                o.put("observed", false).put("note", engine + " reported no read requests: it cannot observe its "
                        + "reads (a native reader)");
            }
            write(w, "--get-log", o);
        });
    }

    private static ObjectNode line(String query, String engine, RunReport r) {
        return JSON.createObjectNode().put("query", query).put("engine", engine).put("run", r.index())
                .put("warmup", !r.counted());
    }

    private static void write(BufferedWriter w, String option, ObjectNode o) {
        try {
            w.write(JSON.writeValueAsString(o));
            w.newLine();
            w.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new QuireIoException(option + ": cannot write: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        cpu.ifPresent(RunLogs::closeQuietly);
        get.ifPresent(RunLogs::closeQuietly);
    }

    private static void closeQuietly(BufferedWriter w) {
        try {
            w.close();
        } catch (IOException e) {
            System.getLogger(RunLogs.class.getName()).log(System.Logger.Level.WARNING, "closing a run log failed", e);
        }
    }
}
