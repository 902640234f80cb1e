package dev.quire.cli.output;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * An aligned table for reading in a terminal. Column widths come from the header and the first
 * {@value #SAMPLE_ROWS} rows (at most {@value #MAX_WIDTH} characters); longer values are cut with an ellipsis, so
 * the table streams however many rows follow. Numbers are right-aligned; control characters are escaped.
 */
final class TableWriter implements RowWriter {
    static final int SAMPLE_ROWS = 200;
    static final int MAX_WIDTH = 40;
    static final String NULL = "null";

    private final PrintWriter out;
    private final List<Columns.Leaf> columns;
    private final List<String[]> sample = new ArrayList<>();
    private int[] widths;
    private long rows;

    TableWriter(PrintWriter out, DType.Struct dtype) {
        this.out = out;
        this.columns = Columns.of(dtype);
    }

    @Override
    public void write(StructArray batch) {
        for (long row = 0; row < batch.length(); row++) {
            String[] cells = new String[columns.size()];
            for (int c = 0; c < cells.length; c++) {
                String text = columns.get(c).text(batch, row);
                cells[c] = text == null ? NULL : escape(text);
            }
            rows++;
            if (widths == null) {
                sample.add(cells);
                if (sample.size() >= SAMPLE_ROWS) {
                    printSample();
                }
            } else {
                printRow(cells);
            }
        }
        out.flush();
    }

    @Override
    public void finish() {
        if (widths == null) {
            printSample();
        }
        out.println("(" + rows + (rows == 1 ? " row)" : " rows)"));
        out.flush();
    }

    private void printSample() {
        widths = new int[columns.size()];
        String[] header = new String[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            header[c] = escape(columns.get(c).name());
            widths[c] = Math.min(MAX_WIDTH, header[c].length());
        }
        for (String[] cells : sample) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.min(MAX_WIDTH, Math.max(widths[c], cells[c].length()));
            }
        }
        StringBuilder line = new StringBuilder();
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            if (c > 0) {
                line.append(" | ");
                rule.append("-+-");
            }
            line.append(pad(fit(header[c], widths[c]), widths[c], columns.get(c).format().numeric()));
            rule.append("-".repeat(widths[c]));
        }
        out.println(line.toString().stripTrailing());
        out.println(rule);
        for (String[] cells : sample) {
            printRow(cells);
        }
        sample.clear();
    }

    private void printRow(String[] cells) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) {
                line.append(" | ");
            }
            boolean right = columns.get(c).format().numeric() && !cells[c].equals(NULL);
            line.append(pad(fit(cells[c], widths[c]), widths[c], right));
        }
        out.println(line.toString().stripTrailing());
    }

    private static String fit(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(width - s.length());
        return right ? spaces + s : s + spaces;
    }

    /** Control characters would break the table's lines; show them as escapes. */
    static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (Character.isISOControl(ch)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                switch (ch) {
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> sb.append(String.format("\\u%04x", (int) ch));
                }
            } else if (sb != null) {
                sb.append(ch);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
