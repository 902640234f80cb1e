package dev.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a JMH JSON result file whose benchmark classes have {@code quire*} methods and a {@code vortexJni} method
 * (the reference doing the same work), and prints, per parameter set, each engine's score, rows per second (when a {@code rows}
 * parameter is present and the mode is average time) and the ratio of Quire's time to the reference's. For suites
 * without the reference: the speed-up over one thread where a {@code threads} parameter varies, and for suites with
 * a {@code kernel} method ({@link DictFilterBench}) each method's time over the kernel's with the same parameters.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.quire.bench.Ratios results.json}
 */
public final class Ratios {
    private Ratios() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Ratios JMH_RESULT.json");
            System.exit(2);
        }
        print(new ObjectMapper().readTree(Path.of(args[0]).toFile()), System.out);
    }

    record Row(String bench, String params, double score, String unit, double rowsPerSecond) {}

    static void print(JsonNode results, PrintStream out) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (JsonNode r : results) {
            String name = r.get("benchmark").asText();
            String method = name.substring(name.lastIndexOf('.') + 1);
            String cls = name.substring(0, name.lastIndexOf('.'));
            cls = cls.substring(cls.lastIndexOf('.') + 1);
            StringBuilder params = new StringBuilder();
            JsonNode p = r.get("params");
            double rowCount = Double.NaN;
            if (p != null) {
                for (var it = p.fields(); it.hasNext(); ) {
                    var e = it.next();
                    params.append(e.getKey()).append('=').append(e.getValue().asText()).append(' ');
                    if (e.getKey().equals("rows")) {
                        rowCount = Double.parseDouble(e.getValue().asText());
                    }
                }
            }
            JsonNode primary = r.get("primaryMetric");
            double score = primary.get("score").asDouble();
            String unit = primary.get("scoreUnit").asText();
            double seconds = toSeconds(score, unit);
            double rps = Double.isNaN(rowCount) || Double.isNaN(seconds) ? Double.NaN : rowCount / seconds;
            rows.put(key(cls + "." + method, params.toString().trim()), new Row(cls + "." + method,
                    params.toString().trim(), score, unit, rps));
        }
        out.printf(Locale.ROOT, "%-40s %-44s %12s %14s %10s %10s %10s%n", "benchmark", "params", "score", "rows/s",
                "quire/ref", "speed-up", "vs kernel");
        for (Row row : rows.values()) {
            String ratio = "";
            int dot = row.bench().lastIndexOf('.');
            if (row.bench().startsWith("quire", dot + 1)) {
                String refName = row.bench().substring(0, dot + 1) + "vortexJni";
                Row ref = rows.get(key(refName, row.params()));
                if (ref != null) {
                    ratio = String.format(Locale.ROOT, "%.2f", row.score() / ref.score());
                }
            }
            String speedUp = "";
            String oneThread = (" " + row.params() + " ").replaceFirst(" threads=\\d+ ", " threads=1 ").trim();
            Row single = oneThread.equals(row.params()) ? null : rows.get(key(row.bench(), oneThread));
            if (single != null) {
                speedUp = String.format(Locale.ROOT, "%.2fx", single.score() / row.score());
            }
            String vsKernel = "";
            Row kernel = rows.get(key(row.bench().substring(0, dot + 1) + "kernel", row.params()));
            if (kernel != null && kernel != row) {
                vsKernel = String.format(Locale.ROOT, "%.2f", row.score() / kernel.score());
            }
            out.printf(Locale.ROOT, "%-40s %-44s %9.3f %-2s %14s %10s %10s %10s%n", row.bench(), row.params(),
                    row.score(), row.unit().replace("/op", ""), Double.isNaN(row.rowsPerSecond()) ? ""
                            : String.format(Locale.ROOT, "%.3e", row.rowsPerSecond()), ratio, speedUp, vsKernel);
        }
        out.println("quire/ref is Quire's time over the reference's: below 1 means Quire is faster. speed-up is the"
                + " time at threads=1 over this row's time. vs kernel is this row's time over the same suite's"
                + " kernel method with the same parameters (the filter answered on the dictionary): above 1 means"
                + " the kernel path is faster.");
    }

    private static String key(String bench, String params) {
        return bench + " [" + params + "]";
    }

    private static double toSeconds(double score, String unit) {
        return switch (unit) {
            case "s/op" -> score;
            case "ms/op" -> score / 1e3;
            case "us/op" -> score / 1e6;
            case "ns/op" -> score / 1e9;
            default -> Double.NaN;
        };
    }
}
