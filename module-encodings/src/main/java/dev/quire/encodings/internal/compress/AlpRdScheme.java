package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.alp.AlpRdArray;
import dev.quire.encodings.internal.alp.AlpRdEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Floats as {@code vortex.alprd}: for values with no short decimal form (random doubles), the top bits go into a
 * small dictionary and the low bits stay as they are; the compressor bit-packs both children (the codes to 1 to 3
 * bits, the low bits to their width) and the patch positions.
 */
public final class AlpRdScheme implements Scheme {
    public static final String ID = "float.alprd";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.FLOAT);
    }

    /** A dictionary lookup, a shift and an or per value. */
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
        AlpRdArray rd = AlpRdEncoder.encode((PrimitiveArray) canonical);
        List<Array> children = rd.children();
        List<Array> compressed = new ArrayList<>(children.size());
        compressed.add(ctx.compress(children.get(0)));
        compressed.add(ctx.compress(children.get(1)));
        if (children.size() > 2) {
            compressed.add(ctx.compress(children.get(2)));
            compressed.add(children.get(3));
        }
        return Optional.of(rd.withChildren(compressed));
    }
}
