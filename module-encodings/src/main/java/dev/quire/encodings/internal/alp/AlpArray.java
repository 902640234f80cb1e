package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.AlpMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code vortex.alp} array built by {@link AlpEncoder}: the floats as integers under exponents {@code e} and
 * {@code f}, and the values that do not survive the round trip as patches. The children (encoded integers, patch
 * indices, patch values) may be replaced by compressed forms of the same values.
 */
public final class AlpArray extends SourceBackedArray {
    private final Array encoded;
    private final int e;
    private final int f;
    private final Optional<PatchList> patches;

    AlpArray(PrimitiveArray source, Array encoded, int e, int f, Optional<PatchList> patches) {
        super(source);
        this.encoded = Objects.requireNonNull(encoded, "encoded is null");
        this.patches = Objects.requireNonNull(patches, "patches is null");
        if (encoded.length() != source.length()) {
            throw new IllegalArgumentException(encoded.length() + " encoded values for " + source.length());
        }
        this.e = e;
        this.f = f;
    }

    @Override
    public String encodingId() {
        return AlpEncoding.ID;
    }

    /** The exponent that scales values up ({@code 10^e}) before rounding. */
    public int exponentE() {
        return e;
    }

    /** The exponent that scales the rounded values down again ({@code 10^f}). */
    public int exponentF() {
        return f;
    }

    /** The number of patched values. */
    public int patchCount() {
        return patches.map(PatchList::count).orElse(0);
    }

    /** The children in wire order: the encoded integers, then the patch indices and values if there are patches. */
    public List<Array> children() {
        List<Array> out = new ArrayList<>();
        out.add(encoded);
        patches.ifPresent(p -> out.addAll(p.children()));
        return out;
    }

    /** This array with its children (as {@link #children()} lists them) replaced by arrays of the same values. */
    public AlpArray withChildren(List<Array> children) {
        if (children.size() != children().size()) {
            throw new IllegalArgumentException(children.size() + " children for an ALP array with "
                    + children().size());
        }
        Optional<PatchList> p = patches.map(x -> new PatchList(children.get(1), children.get(2)));
        return new AlpArray((PrimitiveArray) source(), children.get(0), e, f, p);
    }

    /** Serializes this array: metadata {@code {exp_e, exp_f, patches?}}, no buffers, the children. */
    @Override
    public EncodedArray serialize(ArrayEncoder encoder) {
        AlpMetadata.Builder meta = AlpMetadata.newBuilder().setExpE(e).setExpF(f);
        patches.ifPresent(p -> meta.setPatches(p.metadata(length())));
        List<EncodedArray> children = new ArrayList<>();
        for (Array child : children()) {
            children.add(encoder.encode(child));
        }
        return new EncodedArray(AlpEncoding.ID, meta.build().toByteArray(), List.of(), children);
    }
}
