package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.strings.FsstArray;
import dev.quire.encodings.internal.strings.FsstEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * UTF-8 strings as {@code vortex.fsst}, with a symbol table trained on the chunk (on the sample, when estimating);
 * the uncompressed lengths and the codes offsets are compressed again. Binary values are left alone, as the reference
 * leaves them.
 */
public final class FsstScheme implements Scheme {
    public static final String ID = "string.fsst";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.STRING);
    }

    /** A table lookup per code and a copy per value. */
    @Override
    public int decodeCost() {
        return 3;
    }

    @Override
    public boolean applies(Array canonical, CompressionContext ctx) {
        return canonical instanceof VarBinViewArray v && v.dtype() instanceof DType.Utf8
                && v.nullCount() < v.length();
    }

    @Override
    public Optional<Array> compress(Array canonical, CompressionContext ctx) {
        if (!applies(canonical, ctx)) {
            return Optional.empty();
        }
        FsstArray fsst = FsstEncoder.encode((VarBinViewArray) canonical);
        List<Array> children = fsst.children();
        return Optional.of(fsst.withChildren(List.of(ctx.compress(children.get(0)), ctx.compress(children.get(1)))));
    }
}
