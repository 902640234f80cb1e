package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.alp.AlpArray;
import dev.quire.encodings.internal.alp.AlpEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Floats as {@code vortex.alp}: decimal-like doubles and floats become integers that the compressor compresses again
 * (frame of reference and bit-packing, typically), with the values that do not survive as patches. The patch
 * positions are compressed too; the patch values stay plain floats.
 */
public final class AlpScheme implements Scheme {
    public static final String ID = "float.alp";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.FLOAT);
    }

    /** A multiply per value, plus the patches. */
    @Override
    public int decodeCost() {
        return 2;
    }

    @Override
    public boolean applies(Array canonical, CompressionContext ctx) {
        return canonical instanceof PrimitiveArray p && (p.ptype() == PType.F64 || p.ptype() == PType.F32)
                && p.nullCount() < p.length();
    }

    @Override
    public Optional<Array> compress(Array canonical, CompressionContext ctx) {
        if (!applies(canonical, ctx)) {
            return Optional.empty();
        }
        AlpArray alp = AlpEncoder.encode((PrimitiveArray) canonical);
        List<Array> children = alp.children();
        if (alp.patchCount() * 2L > canonical.length()) {
            // mostly patches: ALP-RD or plain floats will do better
            return Optional.empty();
        }
        List<Array> compressed = new ArrayList<>(children.size());
        compressed.add(ctx.compress(children.get(0)));
        if (children.size() > 1) {
            compressed.add(ctx.compress(children.get(1)));
            compressed.add(children.get(2));
        }
        return Optional.of(alp.withChildren(compressed));
    }
}
