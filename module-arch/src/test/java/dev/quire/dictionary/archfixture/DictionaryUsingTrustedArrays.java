package dev.quire.dictionary.archfixture;

import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.array.TrustedArrays;
import java.lang.foreign.MemorySegment;

/** Allowed: the dictionary uses the trusted array factories layout exports to it alone. */
public final class DictionaryUsingTrustedArrays {
    public VarBinViewArray gathered(VarBinViewArray source, MemorySegment views) {
        return TrustedArrays.gathered(new DType.Utf8(false), source, views, Validity.NON_NULLABLE);
    }
}
