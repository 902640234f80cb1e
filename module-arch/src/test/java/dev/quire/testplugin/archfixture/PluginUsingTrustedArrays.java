package dev.quire.testplugin.archfixture;

import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.array.TrustedArrays;
import java.lang.foreign.MemorySegment;

/** Violates: a plugin other than the dictionary uses layout's trusted array factories. */
public final class PluginUsingTrustedArrays {
    public VarBinViewArray gathered(VarBinViewArray source, MemorySegment views) {
        return TrustedArrays.gathered(new DType.Utf8(false), source, views, Validity.NON_NULLABLE);
    }
}
