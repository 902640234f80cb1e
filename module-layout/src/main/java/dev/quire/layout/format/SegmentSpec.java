package dev.quire.layout.format;

/** Where one data segment lies in the file, and the alignment it was written at ({@code 2^alignmentExponent}). */
public record SegmentSpec(long offset, long length, int alignmentExponent) {
    public long end() {
        return offset + length;
    }

    public long alignment() {
        return 1L << alignmentExponent;
    }
}
