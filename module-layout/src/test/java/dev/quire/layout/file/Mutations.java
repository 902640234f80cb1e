package dev.quire.layout.file;

import dev.quire.layout.format.SegmentSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * The mutations of one valid file: truncations, bit flips and byte replacements in every structural region,
 * extreme values in the length, offset and count fields, and splices (regions copied within the file and from other
 * files, duplicated, swapped). Offsets come from the file's {@link FileAnatomy}.
 */
final class Mutations {
    /** Bytes written over every structural byte, besides the eight single-bit flips. */
    static final int[] REPLACEMENTS = {0x00, 0xFF, 0x7F, 0x80};

    private Mutations() {}

    /**
     * Every mutation of {@code a}, by category: truncations, the EOF and postscript bytes, the array flatbuffer
     * lengths, the Buffer, SegmentSpec and Layout fields, splices, and every byte of the other flatbuffers.
     */
    static Map<String, List<Mutation>> all(FileAnatomy a, List<FileAnatomy> others) {
        Map<String, List<Mutation>> out = new LinkedHashMap<>();
        truncations(a, out.computeIfAbsent("truncation", k -> new ArrayList<>()));
        List<Mutation> tail = out.computeIfAbsent("eof and postscript bytes", k -> new ArrayList<>());
        corruptRegion(a.eof, tail);
        corruptRegion(a.postscript, tail);
        List<Mutation> lengths = out.computeIfAbsent("array flatbuffer lengths", k -> new ArrayList<>());
        List<Mutation> buffers = out.computeIfAbsent("Buffer fields", k -> new ArrayList<>());
        for (FileAnatomy.Segment s : a.segments) {
            corruptRegion(new FileAnatomy.Region("segment " + s.id() + " array flatbuffer length", s.trailerPos(),
                    s.trailerPos() + 4), lengths);
            setU32(lengths, s.trailerPos(), "segment " + s.id() + " array flatbuffer length",
                    s.arrayFlatbuffer().length());
            for (int i = 0; i < s.buffers().size(); i++) {
                FileAnatomy.BufferSpec b = s.buffers().get(i);
                String what = "segment " + s.id() + " Buffer[" + i + "]";
                setU32(buffers, b.specPos() + 4, what + ".length", b.length());
                setU16(buffers, b.specPos(), what + ".padding", a.u16(b.specPos()));
                setU8(buffers, b.specPos() + 2, what + ".alignment_exponent");
                setU8(buffers, b.specPos() + 3, what + ".compression");
            }
        }
        List<Mutation> specs = out.computeIfAbsent("SegmentSpec fields", k -> new ArrayList<>());
        for (int i = 0; i < a.segments.size(); i++) {
            FileAnatomy.Segment s = a.segments.get(i);
            String what = "footer SegmentSpec[" + i + "]";
            setU64(specs, s.specPos(), what + ".offset", s.start(), a.bytes.length);
            setU32(specs, s.specPos() + 8, what + ".length", s.length());
            setU8(specs, s.specPos() + 12, what + ".alignment_exponent");
        }
        List<Mutation> layouts = out.computeIfAbsent("Layout fields", k -> new ArrayList<>());
        for (FileAnatomy.LayoutTable t : a.layouts) {
            if (t.rowCountPos() >= 0) {
                setU64(layouts, t.rowCountPos(), "layout " + t.path() + ".row_count", t.rowCount(), 0);
            }
            if (t.childrenVector() >= 0) {
                setU32(layouts, t.childrenVector(), "layout " + t.path() + ".children length", t.childCount());
            }
            if (t.segmentsVector() >= 0) {
                setU32(layouts, t.segmentsVector(), "layout " + t.path() + ".segments length", t.segmentCount());
                for (int k = 0; k < t.segmentCount(); k++) {
                    setU32(layouts, t.segmentsVector() + 4 + 4 * k, "layout " + t.path() + ".segments[" + k + "]",
                            a.u32(t.segmentsVector() + 4 + 4 * k));
                }
            }
        }
        splices(a, others, out.computeIfAbsent("splices", k -> new ArrayList<>()));
        List<Mutation> bytes = out.computeIfAbsent("flatbuffer bytes", k -> new ArrayList<>());
        for (FileAnatomy.Region r : a.footerFlatbuffers) {
            corruptRegion(r, bytes);
        }
        for (FileAnatomy.Segment s : a.segments) {
            corruptRegion(s.arrayFlatbuffer(), bytes);
        }
        return out;
    }

    /** Random damage anywhere: several bytes at once, for the longer campaign. */
    static List<Mutation> random(FileAnatomy a, long seed, int count) {
        Random rnd = new Random(seed);
        List<Mutation> out = new ArrayList<>();
        List<FileAnatomy.Region> regions = a.structuralRegions();
        for (int n = 0; n < count; n++) {
            int hits = 1 + rnd.nextInt(4);
            int[] pos = new int[hits];
            byte[] val = new byte[hits];
            for (int k = 0; k < hits; k++) {
                FileAnatomy.Region r = rnd.nextInt(4) == 0 ? new FileAnatomy.Region("file", 0, a.bytes.length)
                        : regions.get(rnd.nextInt(regions.size()));
                pos[k] = r.start() + rnd.nextInt(Math.max(1, r.length()));
                val[k] = (byte) rnd.nextInt(256);
            }
            out.add(new Mutation("random bytes", pos[0], "positions " + Arrays.toString(pos) + " := "
                    + Arrays.toString(val), b -> {
                        for (int k = 0; k < hits; k++) {
                            if (pos[k] < b.length) {
                                b[pos[k]] = val[k];
                            }
                        }
                        return b;
                    }));
        }
        return out;
    }

    /**
     * For each data buffer of each segment, {@code perBuffer} bytes (its first twelve, its last four, then random
     * ones) replaced with 0x00, 0xFF, 0x7F, 0x80 or a random value, and as many with one bit flipped.
     */
    static List<Mutation> bufferBytes(FileAnatomy a, int perBuffer, Random rnd) {
        List<Mutation> out = new ArrayList<>();
        for (FileAnatomy.Segment s : a.segments) {
            for (int b = 0; b < s.buffers().size(); b++) {
                FileAnatomy.BufferSpec buffer = s.buffers().get(b);
                int length = buffer.length();
                if (length == 0) {
                    continue;
                }
                for (int k = 0; k < perBuffer; k++) {
                    int at = k < 12 ? Math.min(k, length - 1) : k < 16 ? Math.max(0, length - 1 - (k - 12))
                            : rnd.nextInt(length);
                    int pos = buffer.dataStart() + at;
                    int value = switch (rnd.nextInt(6)) {
                        case 0 -> 0x00;
                        case 1 -> 0xFF;
                        case 2 -> 0x7F;
                        case 3 -> 0x80;
                        default -> rnd.nextInt(256);
                    };
                    String what = "segment " + s.id() + " buffer " + b + " (" + length + " bytes) byte " + at;
                    out.add(new Mutation("buffer byte", pos, what + " := 0x" + Integer.toHexString(value), bytes -> {
                        bytes[pos] = (byte) value;
                        return bytes;
                    }));
                    int bit = rnd.nextInt(8);
                    out.add(new Mutation("buffer bit flip", pos, what + ", bit " + bit, bytes -> {
                        bytes[pos] ^= (byte) (1 << bit);
                        return bytes;
                    }));
                }
            }
        }
        return out;
    }

    private static void truncations(FileAnatomy a, List<Mutation> out) {
        TreeSet<Integer> cuts = new TreeSet<>();
        for (int n = 0; n <= 12 && n < a.bytes.length; n++) {
            cuts.add(n);
        }
        for (int b : a.boundaries()) {
            for (int d = -1; d <= 1; d++) {
                if (b + d >= 0 && b + d < a.bytes.length) {
                    cuts.add(b + d);
                }
            }
        }
        Random rnd = new Random(a.bytes.length);
        for (int i = 0; i < 16; i++) {
            cuts.add(rnd.nextInt(a.bytes.length));
        }
        for (int cut : cuts) {
            out.add(new Mutation("truncate", cut, "file cut to " + cut + " of " + a.bytes.length + " bytes",
                    b -> Arrays.copyOf(b, cut)));
        }
        // The tail kept but data cut out before it: every later offset is off.
        for (FileAnatomy.Segment s : a.segments) {
            out.add(new Mutation("cut out", s.start(), "segment " + s.id() + " removed, " + s.length() + " bytes",
                    b -> remove(b, s.start(), s.length())));
        }
        FileAnatomy.Region first = a.footerFlatbuffers.getFirst();
        out.add(new Mutation("cut out", first.start() - 1, "the byte before the footer flatbuffers removed",
                b -> remove(b, first.start() - 1, 1)));
    }

    private static void corruptRegion(FileAnatomy.Region r, List<Mutation> out) {
        for (int p = r.start(); p < r.end(); p++) {
            int pos = p;
            for (int bit = 0; bit < 8; bit++) {
                int mask = 1 << bit;
                out.add(new Mutation("bit flip", pos, r.name() + " byte " + (pos - r.start()) + ", bit " + bit,
                        b -> {
                            b[pos] ^= (byte) mask;
                            return b;
                        }));
            }
            for (int v : REPLACEMENTS) {
                out.add(new Mutation("byte replacement", pos, r.name() + " byte " + (pos - r.start()) + " := 0x"
                        + Integer.toHexString(v), b -> {
                            b[pos] = (byte) v;
                            return b;
                        }));
            }
        }
    }

    private static void setU8(List<Mutation> out, int pos, String what) {
        for (int v : new int[] {1, 2, 4, 7, 8, 12, 13, 31, 63, 64, 127, 128, 255}) {
            out.add(new Mutation("set u8", pos, what + " := " + v, b -> {
                b[pos] = (byte) v;
                return b;
            }));
        }
    }

    private static void setU16(List<Mutation> out, int pos, String what, int current) {
        for (int v : new int[] {0, 1, current + 1, current + 8, 0x7FFF, 0x8000, 0xFFFF}) {
            out.add(new Mutation("set u16", pos, what + " := " + v, b -> {
                b[pos] = (byte) v;
                b[pos + 1] = (byte) (v >>> 8);
                return b;
            }));
        }
    }

    private static void setU32(List<Mutation> out, int pos, String what, long current) {
        TreeSet<Long> values = new TreeSet<>(List.of(0L, 1L, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL,
                (current + 1) & 0xFFFF_FFFFL, (current - 1) & 0xFFFF_FFFFL, (current * 2) & 0xFFFF_FFFFL,
                current >>> 1));
        for (int bit = 0; bit < 32; bit++) {
            values.add(current ^ (1L << bit));
        }
        values.remove(current);
        for (long v : values) {
            out.add(new Mutation("set u32", pos, what + " := " + v + " (was " + current + ")", b -> {
                putLong(b, pos, v, 4);
                return b;
            }));
        }
    }

    private static void setU64(List<Mutation> out, int pos, String what, long current, long fileSize) {
        TreeSet<Long> values = new TreeSet<>(Long::compareUnsigned);
        values.addAll(List.of(0L, 1L, Long.MAX_VALUE, -1L, Long.MIN_VALUE, 1L << 32, 1L << 31, current + 1,
                current - 1, current * 2, current * 8 + 7, fileSize, fileSize - 1, fileSize + 1, Long.MAX_VALUE / 8,
                Long.MAX_VALUE / 16 + 1, 1L << 62, (1L << 61) + 1));
        for (int bit = 0; bit < 64; bit++) {
            values.add(current ^ (1L << bit));
        }
        values.remove(current);
        for (long v : values) {
            out.add(new Mutation("set u64", pos, what + " := " + Long.toUnsignedString(v) + " (was " + current + ")",
                    b -> {
                        putLong(b, pos, v, 8);
                        return b;
                    }));
        }
    }

    private static void splices(FileAnatomy a, List<FileAnatomy> others, List<Mutation> out) {
        List<FileAnatomy.Segment> segs = a.segments;
        // Duplicated regions: one segment's bytes (or Array flatbuffer) written over another's.
        for (int i = 0; i < segs.size(); i++) {
            for (int j = 0; j < segs.size(); j++) {
                if (i == j || Math.abs(i - j) > 2) {
                    continue;
                }
                FileAnatomy.Segment from = segs.get(i);
                FileAnatomy.Segment to = segs.get(j);
                out.add(copyWithin("segment copied", from.start(), to.start(),
                        Math.min(from.length(), to.length()), "segment " + i + " over segment " + j));
                int fbLen = Math.min(from.arrayFlatbuffer().length() + 4, to.length());
                out.add(copyWithin("array flatbuffer copied", from.trailerPos() + 4 - fbLen,
                        to.trailerPos() + 4 - fbLen, fbLen, "segment " + i + "'s array flatbuffer and length over "
                                + "segment " + j + "'s"));
            }
        }
        // Swapped segments: two SegmentSpecs exchanged, and two flat layouts pointing at each other's segment.
        for (int i = 0; i + 1 < segs.size(); i++) {
            int p = segs.get(i).specPos();
            int q = segs.get(i + 1).specPos();
            out.add(new Mutation("segment specs swapped", p, "SegmentSpec " + i + " <-> " + (i + 1),
                    b -> swap(b, p, q, 16)));
        }
        List<FileAnatomy.LayoutTable> flats = a.layouts.stream().filter(t -> t.segmentCount() == 1).toList();
        for (int i = 0; i + 1 < flats.size(); i++) {
            int p = flats.get(i).segmentsVector() + 4;
            int q = flats.get(i + 1).segmentsVector() + 4;
            out.add(new Mutation("layout segments swapped", p, "layouts " + flats.get(i).path() + " <-> "
                    + flats.get(i + 1).path(), b -> swap(b, p, q, 4)));
        }
        // Layout row counts exchanged between siblings of different sizes.
        for (int i = 0; i + 1 < a.layouts.size(); i++) {
            FileAnatomy.LayoutTable s = a.layouts.get(i);
            FileAnatomy.LayoutTable t = a.layouts.get(i + 1);
            if (s.rowCountPos() >= 0 && t.rowCountPos() >= 0 && s.rowCount() != t.rowCount()) {
                out.add(new Mutation("row counts swapped", s.rowCountPos(), "layouts " + s.path() + " <-> "
                        + t.path(), b -> swap(b, s.rowCountPos(), t.rowCountPos(), 8)));
            }
        }
        // A region inserted again right after itself: the file grows and every later offset shifts.
        for (FileAnatomy.Region r : a.structuralRegions()) {
            if (r.length() > 0 && r.length() <= 4096) {
                out.add(new Mutation("region duplicated", r.end(), r.name() + " (" + r.length()
                        + " bytes) inserted again after itself", b -> insert(b, r.end(), b, r.start(), r.length())));
            }
        }
        for (FileAnatomy.Segment s : segs) {
            if (s.length() <= 1 << 20) {
                out.add(new Mutation("region duplicated", s.end(), "segment " + s.id() + " inserted again after "
                        + "itself", b -> insert(b, s.end(), b, s.start(), s.length())));
            }
        }
        // Other files' structures spliced in at this file's structural offsets.
        for (FileAnatomy o : others) {
            if (o == a) {
                continue;
            }
            for (FileAnatomy.Region r : o.footerFlatbuffers) {
                for (FileAnatomy.Region target : a.footerFlatbuffers) {
                    int len = Math.min(r.length(), a.bytes.length - target.start());
                    out.add(copyFrom(o, r.start(), target.start(), len, o.name + " " + r.name() + " over "
                            + target.name()));
                }
            }
            int tail = Math.min(o.bytes.length - o.postscript.start(), a.bytes.length);
            out.add(copyFrom(o, o.bytes.length - tail, a.bytes.length - tail, tail, o.name + " postscript and eof"
                    + " over this file's tail"));
            for (int k = 0; k < Math.min(3, o.segments.size()); k++) {
                FileAnatomy.Segment from = o.segments.get(k);
                for (int m = 0; m < Math.min(3, segs.size()); m++) {
                    FileAnatomy.Segment to = segs.get(m);
                    int fbLen = Math.min(from.arrayFlatbuffer().length() + 4, to.length());
                    out.add(copyFrom(o, from.trailerPos() + 4 - fbLen, to.trailerPos() + 4 - fbLen, fbLen, o.name
                            + " segment " + k + "'s array flatbuffer over segment " + m + "'s"));
                }
            }
        }
    }

    private static Mutation copyWithin(String kind, int from, int to, int len, String what) {
        return new Mutation(kind, to, what + ", " + len + " bytes", b -> {
            System.arraycopy(b.clone(), from, b, to, len);
            return b;
        });
    }

    private static Mutation copyFrom(FileAnatomy src, int from, int to, int len, String what) {
        return new Mutation("spliced from another file", to, what + ", " + len + " bytes", b -> {
            int n = Math.min(len, b.length - to);
            System.arraycopy(src.bytes, from, b, to, n);
            return b;
        });
    }

    private static byte[] swap(byte[] b, int p, int q, int len) {
        byte[] tmp = Arrays.copyOfRange(b, p, p + len);
        System.arraycopy(b, q, b, p, len);
        System.arraycopy(tmp, 0, b, q, len);
        return b;
    }

    private static byte[] remove(byte[] b, int at, int len) {
        byte[] out = new byte[b.length - len];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(b, at + len, out, at, b.length - at - len);
        return out;
    }

    private static byte[] insert(byte[] b, int at, byte[] src, int from, int len) {
        byte[] out = new byte[b.length + len];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(src, from, out, at, len);
        System.arraycopy(b, at, out, at + len, b.length - at);
        return out;
    }

    static void putLong(byte[] b, int pos, long v, int width) {
        for (int k = 0; k < width; k++) {
            b[pos + k] = (byte) (v >>> (8 * k));
        }
    }
}
