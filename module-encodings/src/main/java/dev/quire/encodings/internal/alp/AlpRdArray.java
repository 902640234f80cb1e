package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.AlpRdMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code vortex.alprd} array built by {@link AlpRdEncoder}: u16 codes into a dictionary of at most eight left parts
 * (the high bits of each float), the right parts (the low {@code rightBitWidth} bits), and patches for left parts the
 * dictionary lacks. The children (codes, right parts, patch indices, patch values) may be replaced by compressed forms
 * of the same values.
 */
public final class AlpRdArray extends SourceBackedArray {
    private final Array leftCodes;
    private final Array rightParts;
    private final int[] dictionary;
    private final int rightBitWidth;
    private final Optional<PatchList> patches;

    AlpRdArray(PrimitiveArray source, Array leftCodes, Array rightParts, int[] dictionary, int rightBitWidth,
            Optional<PatchList> patches) {
        super(source);
        this.leftCodes = Objects.requireNonNull(leftCodes, "leftCodes is null");
        this.rightParts = Objects.requireNonNull(rightParts, "rightParts is null");
        this.dictionary = dictionary.clone();
        this.rightBitWidth = rightBitWidth;
        this.patches = Objects.requireNonNull(patches, "patches is null");
    }

    @Override
    public String encodingId() {
        return AlpRdEncoding.ID;
    }

    /** The number of low bits in the right parts. */
    public int rightBitWidth() {
        return rightBitWidth;
    }

    /** The left parts' dictionary. */
    public int[] dictionary() {
        return dictionary.clone();
    }

    /** The number of patched left parts. */
    public int patchCount() {
        return patches.map(PatchList::count).orElse(0);
    }

    /** The children in wire order: codes, right parts, then the patch indices and values if there are patches. */
    public List<Array> children() {
        List<Array> out = new ArrayList<>();
        out.add(leftCodes);
        out.add(rightParts);
        patches.ifPresent(p -> out.addAll(p.children()));
        return out;
    }

    /** This array with its children (as {@link #children()} lists them) replaced by arrays of the same values. */
    public AlpRdArray withChildren(List<Array> children) {
        if (children.size() != children().size()) {
            throw new IllegalArgumentException(children.size() + " children for an ALP-RD array with "
                    + children().size());
        }
        Optional<PatchList> p = patches.map(x -> new PatchList(children.get(2), children.get(3)));
        return new AlpRdArray((PrimitiveArray) source(), children.get(0), children.get(1), dictionary, rightBitWidth,
                p);
    }

    /** Serializes this array: metadata {@code {right_bit_width, dict_len, dict, left_parts_ptype, patches?}}. */
    @Override
    public EncodedArray serialize(ArrayEncoder encoder) {
        AlpRdMetadata.Builder meta = AlpRdMetadata.newBuilder()
                .setRightBitWidth(rightBitWidth)
                .setDictLen(dictionary.length)
                .setLeftPartsPtype(PType.U16.code());
        for (int d : dictionary) {
            meta.addDict(d);
        }
        patches.ifPresent(p -> meta.setPatches(p.metadata(length())));
        List<EncodedArray> children = new ArrayList<>();
        for (Array child : children()) {
            children.add(encoder.encode(child));
        }
        return new EncodedArray(AlpRdEncoding.ID, meta.build().toByteArray(), List.of(), children);
    }
}
