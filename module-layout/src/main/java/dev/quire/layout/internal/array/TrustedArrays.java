package dev.quire.layout.internal.array;

import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Canonical arrays built from parts their caller vouches for, skipping the O(n) checks the public constructors make.
 * This package is exported to {@code dev.quire.dictionary} alone: a user's views always go through a checking
 * constructor, so bad input fails there with a typed error, never later with an index exception.
 *
 * <p>{@link VarBinViewArray} hands its trusted factory to this class when it is initialised ({@link #register}); the
 * factory's checks of shape stay with the array.
 */
public final class TrustedArrays {
    private TrustedArrays() {}

    /** Builds a {@link VarBinViewArray} over views copied from another's, checking only their shape. */
    @FunctionalInterface
    public interface GatheredViews {
        /** See {@link TrustedArrays#gathered}. */
        VarBinViewArray gathered(DType dtype, VarBinViewArray source, MemorySegment views, Validity validity);
    }

    private static volatile GatheredViews gatheredViews;

    /**
     * Called once, by {@link VarBinViewArray}'s class initialiser.
     *
     * @throws IllegalStateException when a factory is registered already
     */
    public static void register(GatheredViews factory) {
        Objects.requireNonNull(factory, "factory is null");
        synchronized (TrustedArrays.class) {
            if (gatheredViews != null) {
                throw new IllegalStateException("the gathered-views factory is registered already");
            }
            gatheredViews = factory;
        }
    }

    /**
     * An array whose views were gathered from {@code source}'s: each view is a byte-for-byte copy of the view of one
     * of {@code source}'s valid values, or sixteen zero bytes (an empty inline value, what a null row's slot holds).
     * The data buffers are {@code source}'s, shared.
     *
     * <p>Those views were checked when {@code source} was built, and a copy names the same bytes of the same buffers,
     * so they are not checked again as the constructor's are: this is O(1), where checking would be a pass over every
     * view. The caller vouches for how the views were made (a dictionary gathering its values by code); views from a
     * file or a user go through the constructor. Only the shape is checked here.
     *
     * @throws dev.quire.errors.InvalidArgumentException when the dtype is not utf8 or binary, the views are not a
     *     whole number of views, or the validity does not fit the dtype and the number of views
     */
    public static VarBinViewArray gathered(DType dtype, VarBinViewArray source, MemorySegment views,
            Validity validity) {
        Objects.requireNonNull(source, "source is null");
        // `source` exists, so VarBinViewArray is initialised and its factory registered.
        return gatheredViews.gathered(dtype, source, views, validity);
    }
}
