package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.FsstMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A {@code vortex.fsst} array built by {@link FsstEncoder}: the symbol table (symbols and their lengths), the codes of
 * every value back to back, and two integer children, the uncompressed length of each value and the codes offsets
 * ({@code length + 1}); the validity is the source's. The two integer children may be replaced by compressed forms of
 * the same values.
 */
public final class FsstArray extends SourceBackedArray {
    private final MemorySegment symbols;
    private final MemorySegment symbolLengths;
    private final MemorySegment codes;
    private final Array uncompressedLengths;
    private final Array codesOffsets;

    FsstArray(VarBinViewArray source, MemorySegment symbols, MemorySegment symbolLengths, MemorySegment codes,
            Array uncompressedLengths, Array codesOffsets) {
        super(source);
        this.symbols = Objects.requireNonNull(symbols, "symbols is null");
        this.symbolLengths = Objects.requireNonNull(symbolLengths, "symbolLengths is null");
        this.codes = Objects.requireNonNull(codes, "codes is null");
        this.uncompressedLengths = Objects.requireNonNull(uncompressedLengths, "uncompressedLengths is null");
        this.codesOffsets = Objects.requireNonNull(codesOffsets, "codesOffsets is null");
    }

    @Override
    public String encodingId() {
        return FsstEncoding.ID;
    }

    /** The number of symbols in the table. */
    public int symbolCount() {
        return (int) symbolLengths.byteSize();
    }

    /** The length of each symbol, in code order. */
    public byte[] symbolLengths() {
        return symbolLengths.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }

    /** The symbols buffer: 8 bytes a symbol, little-endian, in code order. */
    MemorySegment symbolBytes() {
        return symbols;
    }

    /** The code stream. */
    MemorySegment codes() {
        return codes;
    }

    /** The bytes of the code stream. */
    public long codesByteSize() {
        return codes.byteSize();
    }

    /** The bytes of the three buffers (symbols, their lengths, the codes), without the children. */
    public long bufferBytes() {
        return symbols.byteSize() + symbolLengths.byteSize() + codes.byteSize();
    }

    /** The children in wire order: the uncompressed lengths and the codes offsets (the validity is implied). */
    public List<Array> children() {
        return List.of(uncompressedLengths, codesOffsets);
    }

    /** This array with its two integer children replaced by arrays of the same values. */
    public FsstArray withChildren(List<Array> children) {
        if (children.size() != 2) {
            throw new IllegalArgumentException(children.size() + " children for an FSST array with 2");
        }
        return new FsstArray((VarBinViewArray) source(), symbols, symbolLengths, codes, children.get(0),
                children.get(1));
    }

    /** Serializes this array: three buffers, the two integer children, then the validity child if there are nulls. */
    @Override
    public EncodedArray serialize(ArrayEncoder encoder) {
        byte[] meta = FsstMetadata.newBuilder()
                .setUncompressedLengthsPtype(ptype(uncompressedLengths))
                .setCodesOffsetsPtype(ptype(codesOffsets))
                .build().toByteArray();
        List<EncodedArray> children = new ArrayList<>();
        children.add(encoder.encode(uncompressedLengths));
        children.add(encoder.encode(codesOffsets));
        VarBinViewArray values = (VarBinViewArray) source();
        encoder.validityChild(values.validity(), length()).ifPresent(children::add);
        List<EncodedBuffer> buffers = List.of(new EncodedBuffer(symbols, 3), new EncodedBuffer(symbolLengths, 0),
                new EncodedBuffer(codes, 0));
        return new EncodedArray(FsstEncoding.ID, meta, buffers, children);
    }

    private static int ptype(Array child) {
        return ((DType.Primitive) child.dtype()).ptype().code();
    }
}
