package dev.quire.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ratio table of a DictFilterBench result: each variant's time over the kernel's, per parameter set. */
class RatiosTest {
    private static String result(String method, String filter, double ms) {
        return """
                {"benchmark": "dev.quire.bench.DictFilterBench.%s", "mode": "avgt",
                 "params": {"filter": "%s", "rows": "6000000"},
                 "primaryMetric": {"score": %s, "scoreUnit": "ms/op"}}""".formatted(method, filter, ms);
    }

    @Test
    void dictFilterRowsShowTheirTimeOverTheKernels() throws Exception {
        String json = "[" + String.join(",", result("kernel", "brand_eq", 10), result("decoded", "brand_eq", 40),
                result("plain", "brand_eq", 25), result("kernel", "shipmode_in", 8),
                result("decoded", "shipmode_in", 12)) + "]";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Ratios.print(new ObjectMapper().readTree(json), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n"));
        assertTrue(lines.getFirst().trim().endsWith("vs kernel"), lines.getFirst());
        assertEquals("", lastColumn(line(lines, "DictFilterBench.kernel", "brand_eq")), "the kernel itself");
        assertTrue(line(lines, "DictFilterBench.decoded", "brand_eq").trim().endsWith(" 4.00"), lines.toString());
        assertTrue(line(lines, "DictFilterBench.plain", "brand_eq").trim().endsWith(" 2.50"), lines.toString());
        assertTrue(line(lines, "DictFilterBench.decoded", "shipmode_in").trim().endsWith(" 1.50"), lines.toString());
        // 6 M rows in 10 ms: 6e8 rows/s.
        assertTrue(line(lines, "DictFilterBench.kernel", "brand_eq").contains("6.000e+08"), lines.toString());
    }

    private static String line(List<String> lines, String bench, String filter) {
        return lines.stream().filter(l -> l.startsWith(bench + " ") && l.contains("filter=" + filter + " "))
                .findFirst().orElseThrow(() -> new AssertionError("no line for " + bench + " " + filter + " in "
                        + lines));
    }

    /** The text after the rows/s column: empty when no ratio is printed. */
    private static String lastColumn(String line) {
        return line.substring(line.indexOf("e+08") + 4).trim();
    }
}
