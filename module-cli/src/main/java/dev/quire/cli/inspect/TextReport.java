package dev.quire.cli.inspect;

import dev.quire.cli.output.Text;
import dev.quire.cli.output.ValueFormat;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.format.ArrayStats;
import dev.quire.layout.format.SegmentSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code quire inspect} for people: a summary, the columns, the layout tree, the segments and the statistics.
 * Children of a chunked (or any non-struct) layout beyond {@code maxChildren} and segments beyond
 * {@value #SEGMENTS_SHOWN} are summarised unless {@code all} is set.
 */
public final class TextReport {
    static final int SEGMENTS_SHOWN = 20;

    private final PrintWriter out;
    private final boolean all;
    private final int maxChildren;

    public TextReport(PrintWriter out, boolean all, int maxChildren) {
        this.out = out;
        this.all = all;
        this.maxChildren = maxChildren;
    }

    public void print(FileReport r) {
        printSummary(r);
        out.println();
        out.println("layout");
        tree(r.layout(), "", "", true);
        out.println();
        segments(r.segments());
        out.println();
        statistics(r);
        out.flush();
    }

    /** The file's size, rows, layouts and columns; what {@code quire demo} shows. */
    public void printSummary(FileReport r) {
        out.println("file      " + r.name());
        out.println("size      " + Text.bytes(r.size()) + " (" + Text.count(r.size()) + " bytes)");
        out.println("rows      " + Text.count(r.rows()));
        out.println("layouts   " + String.join(", ", r.layoutSpecs()));
        out.println("segments  " + Text.count(r.segments().size()));
        out.println();
        columns(r);
        out.flush();
    }

    private void columns(FileReport r) {
        out.println("columns (" + r.columns().size() + ")");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"name", "dtype", "data"});
        for (FileReport.Column c : r.columns()) {
            rows.add(new String[] {c.name(), c.dtype().toString(), Text.bytes(c.dataBytes())});
        }
        table(rows);
    }

    private void tree(FileReport.LayoutReport node, String prefix, String childPrefix, boolean root) {
        StringBuilder line = new StringBuilder(prefix);
        if (!root) {
            line.append(node.name()).append("  ");
        }
        line.append(node.encodingId()).append("  ").append(Text.count(node.rows())).append(" rows");
        if (node.segment().isPresent()) {
            line.append("  segment ").append(node.segment().get()).append(", ").append(Text.bytes(node.dataBytes()));
        } else if (!node.children().isEmpty() && !node.encodingId().equals("vortex.struct")) {
            line.append(", ").append(node.children().size()).append(node.children().size() == 1 ? " child" : " children");
        }
        for (Map.Entry<String, String> fact : node.facts().entrySet()) {
            line.append("  ").append(fact.getKey()).append('=').append(fact.getValue());
        }
        node.array().ifPresent(a -> line.append("  ").append(a.describe()));
        node.problem().ifPresent(p -> line.append("  (not read: ").append(p).append(')'));
        out.println(line);

        List<FileReport.LayoutReport> children = node.children();
        int shown = children.size();
        if (!all && !node.encodingId().equals("vortex.struct") && children.size() > maxChildren) {
            shown = maxChildren;
        }
        for (int i = 0; i < shown; i++) {
            boolean last = i == children.size() - 1;
            tree(children.get(i), childPrefix + (last ? "└─ " : "├─ "), childPrefix + (last ? "   " : "│  "),
                    false);
        }
        if (shown < children.size()) {
            List<FileReport.LayoutReport> rest = children.subList(shown, children.size());
            long rows = rest.stream().mapToLong(FileReport.LayoutReport::rows).sum();
            long bytes = rest.stream().mapToLong(FileReport.LayoutReport::dataBytes).sum();
            out.println(childPrefix + "└─ … " + rest.size() + " more (" + Text.count(rows) + " rows, "
                    + Text.bytes(bytes) + "; --all shows them)");
        }
    }

    private void segments(List<SegmentSpec> segments) {
        long total = segments.stream().mapToLong(SegmentSpec::length).sum();
        out.print("segments (" + segments.size() + ", " + Text.bytes(total));
        if (!segments.isEmpty()) {
            long min = segments.stream().mapToLong(SegmentSpec::length).min().orElseThrow();
            long max = segments.stream().mapToLong(SegmentSpec::length).max().orElseThrow();
            out.print("; smallest " + Text.bytes(min) + ", largest " + Text.bytes(max));
        }
        out.println(")");
        if (segments.isEmpty()) {
            return;
        }
        int shown = all ? segments.size() : Math.min(segments.size(), SEGMENTS_SHOWN);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"id", "offset", "length", "align"});
        for (int i = 0; i < shown; i++) {
            SegmentSpec s = segments.get(i);
            rows.add(new String[] {Integer.toString(i), Text.count(s.offset()), Text.count(s.length()),
                    Long.toString(s.alignment())});
        }
        table(rows);
        if (shown < segments.size()) {
            out.println("  … " + (segments.size() - shown) + " more (--all shows them)");
        }
    }

    private void statistics(FileReport r) {
        boolean any = r.columns().stream().anyMatch(c -> c.stats().isPresent() && !c.stats().get().isEmpty());
        if (!any) {
            out.println("statistics  none (the file has no file-level statistics)");
            return;
        }
        out.println("statistics");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"column", "min", "max", "nulls", "NaNs", "sum"});
        for (FileReport.Column c : r.columns()) {
            ArrayStats s = c.stats().orElse(ArrayStats.empty());
            rows.add(new String[] {c.name(), bound(s.min(), s.minExact()), bound(s.max(), s.maxExact()),
                    s.nullCount().isPresent() ? Text.count(s.nullCount().getAsLong()) : "",
                    s.nanCount().isPresent() ? Text.count(s.nanCount().getAsLong()) : "",
                    s.sum().map(TextReport::scalar).orElse("")});
        }
        table(rows);
    }

    private static String bound(Optional<Scalar> value, boolean exact) {
        return value.map(v -> scalar(v) + (exact ? "" : " (bound)")).orElse("");
    }

    private static String scalar(Scalar s) {
        String text = ValueFormat.of(s.dtype()).text(s);
        if (text == null) {
            return "null";
        }
        return text.length() > 40 ? text.substring(0, 39) + "…" : text;
    }

    /** Left-aligned columns, two spaces apart, indented by two. */
    private void table(List<String[]> rows) {
        int[] widths = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < row.length; c++) {
                line.append(row[c]);
                if (c < row.length - 1) {
                    line.append(" ".repeat(widths[c] - row[c].length() + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
