package dev.quire.cli;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.scan.Selection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The rows named by {@code --select-rows} and {@code --exclude-rows}: comma-separated 0-based row indices and
 * inclusive ranges, {@code 1,5,10-20}, where {@code 100-} runs to the last row. A leading {@code !} selects every row
 * but the listed ones. Which rows a scan keeps: those of {@code --select-rows} (all rows when absent), minus those of
 * {@code --exclude-rows}.
 *
 * <p>Rows are checked against the file: a row past its end is an error, not silently nothing, because it is almost
 * always a mistake (an off-by-one, the wrong file).
 */
final class RowSelection {
    /** Up to this many rows, a selection is a sorted list of indices; beyond, a bitmap over the rows it spans. */
    static final long MAX_LISTED_ROWS = 1 << 20;

    /** Rows {@code [from, to)}; {@code to} is {@link #OPEN} for a range that runs to the last row. */
    record Range(long from, long to) {}

    static final long OPEN = -1;

    private final List<Range> ranges;
    private final boolean negated;
    private final String text;

    private RowSelection(List<Range> ranges, boolean negated, String text) {
        this.ranges = ranges;
        this.negated = negated;
        this.text = text;
    }

    /**
     * Parses a list of rows.
     *
     * @throws InvalidArgumentException naming the item that is not a row, a range, or is a backwards range
     */
    static RowSelection parse(String text) {
        String body = text.strip();
        boolean negated = body.startsWith("!");
        if (negated) {
            body = body.substring(1).strip();
        }
        if (body.isEmpty()) {
            throw new InvalidArgumentException("no rows in `" + text + "`: expected rows and ranges like 1,5,10-20");
        }
        List<Range> ranges = new ArrayList<>();
        for (String raw : body.split(",", -1)) {
            String item = raw.strip();
            if (item.isEmpty()) {
                throw new InvalidArgumentException("empty item in `" + text + "`: expected rows and ranges like "
                        + "1,5,10-20");
            }
            int dash = item.indexOf('-');
            if (dash < 0) {
                long row = row(item, text);
                ranges.add(new Range(row, row + 1));
            } else {
                long from = row(item.substring(0, dash).strip(), text);
                String end = item.substring(dash + 1).strip();
                if (end.isEmpty()) {
                    ranges.add(new Range(from, OPEN));
                } else {
                    long to = row(end, text);
                    if (to < from) {
                        throw new InvalidArgumentException("backwards range `" + item + "` in `" + text
                                + "`: the first row must not be after the last");
                    }
                    ranges.add(new Range(from, to + 1));
                }
            }
        }
        return new RowSelection(List.copyOf(ranges), negated, text);
    }

    private static long row(String s, String text) {
        if (s.isEmpty() || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidArgumentException("`" + s + "` in `" + text + "` is not a row number (rows are counted "
                    + "from 0) or a range like 10-20");
        }
        try {
            long row = Long.parseLong(s);
            if (row == Long.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return row;
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("row `" + s + "` in `" + text + "` is too large");
        }
    }

    /**
     * The selection of {@code include} (all rows when empty) minus {@code exclude}, over a file of {@code rowCount}
     * rows, or empty when that is every row.
     *
     * @throws InvalidArgumentException when a listed row is past the end of the file
     */
    static Optional<Selection> of(Optional<RowSelection> include, Optional<RowSelection> exclude, long rowCount) {
        if (include.isEmpty() && exclude.isEmpty()) {
            return Optional.empty();
        }
        List<Range> kept = include.map(s -> s.rows(rowCount)).orElse(List.of(new Range(0, rowCount)));
        if (exclude.isPresent()) {
            kept = minus(kept, exclude.get().rows(rowCount));
        }
        return Optional.of(selection(kept, rowCount));
    }

    /** The rows this list names in a file of {@code rowCount} rows: sorted, disjoint, not adjacent. */
    List<Range> rows(long rowCount) {
        List<Range> resolved = new ArrayList<>(ranges.size());
        for (Range r : ranges) {
            long last = r.to() == OPEN ? r.from() : r.to() - 1;
            if (last >= rowCount) {
                throw new InvalidArgumentException("row " + last + " in `" + text + "` is past the end of the file, "
                        + (rowCount == 0 ? "which has no rows" : "whose last row is " + (rowCount - 1)));
            }
            resolved.add(new Range(r.from(), r.to() == OPEN ? rowCount : r.to()));
        }
        List<Range> merged = merge(resolved);
        return negated ? minus(List.of(new Range(0, rowCount)), merged) : merged;
    }

    static List<Range> merge(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingLong(Range::from));
        List<Range> out = new ArrayList<>();
        for (Range r : sorted) {
            if (r.from() == r.to()) {
                continue;
            }
            if (!out.isEmpty() && out.getLast().to() >= r.from()) {
                Range last = out.removeLast();
                out.add(new Range(last.from(), Math.max(last.to(), r.to())));
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /** {@code a} without the rows of {@code b}; both sorted and disjoint. */
    static List<Range> minus(List<Range> a, List<Range> b) {
        List<Range> out = new ArrayList<>();
        int j = 0;
        for (Range r : a) {
            long at = r.from();
            while (j < b.size() && b.get(j).to() <= at) {
                j++;
            }
            int k = j;
            while (at < r.to() && k < b.size() && b.get(k).from() < r.to()) {
                Range cut = b.get(k);
                if (cut.from() > at) {
                    out.add(new Range(at, cut.from()));
                }
                at = Math.max(at, cut.to());
                k++;
            }
            if (at < r.to()) {
                out.add(new Range(at, r.to()));
            }
        }
        return out;
    }

    private static long count(List<Range> ranges) {
        long n = 0;
        for (Range r : ranges) {
            n += r.to() - r.from();
        }
        return n;
    }

    /**
     * The cheapest form of a set of rows: a list of the rows kept or of the rows left out when either is short,
     * otherwise a bitmap of whichever of the two ends sooner (rows past a bitmap's end take the other side).
     */
    static Selection selection(List<Range> kept, long rowCount) {
        List<Range> dropped = minus(List.of(new Range(0, rowCount)), kept);
        long keptRows = count(kept);
        long droppedRows = rowCount - keptRows;
        if (keptRows <= MAX_LISTED_ROWS && keptRows <= droppedRows) {
            return Selection.include(rowsOf(kept, keptRows));
        }
        if (droppedRows <= MAX_LISTED_ROWS) {
            return Selection.exclude(rowsOf(dropped, droppedRows));
        }
        long keptEnd = kept.isEmpty() ? 0 : kept.getLast().to();
        long droppedEnd = dropped.isEmpty() ? 0 : dropped.getLast().to();
        return keptEnd <= droppedEnd ? Selection.include(bitmap(kept, keptEnd))
                : Selection.exclude(bitmap(dropped, droppedEnd));
    }

    private static long[] rowsOf(List<Range> ranges, long count) {
        long[] rows = new long[(int) count];
        int i = 0;
        for (Range r : ranges) {
            for (long row = r.from(); row < r.to(); row++) {
                rows[i++] = row;
            }
        }
        return rows;
    }

    private static RowMask bitmap(List<Range> ranges, long length) {
        if (length > RowMask.MAX_LENGTH) {
            throw new InvalidArgumentException("the selected rows span " + length + " rows, more than the "
                    + RowMask.MAX_LENGTH + " a row mask holds");
        }
        long[] words = new long[(int) ((length + 63) >>> 6)];
        for (Range r : ranges) {
            setBits(words, r.from(), r.to());
        }
        return RowMask.fromWords(words, length);
    }

    private static void setBits(long[] words, long from, long to) {
        int first = (int) (from >>> 6);
        int last = (int) ((to - 1) >>> 6);
        long firstMask = -1L << (from & 63);
        long lastMask = -1L >>> (63 - ((to - 1) & 63));
        if (first == last) {
            words[first] |= firstMask & lastMask;
            return;
        }
        words[first] |= firstMask;
        for (int w = first + 1; w < last; w++) {
            words[w] = -1L;
        }
        words[last] |= lastMask;
    }

    @Override
    public String toString() {
        return text;
    }
}
