package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.Objects;

/** The canonical array of an extension dtype: its storage array, labelled with the extension. */
public final class ExtensionArray implements Array {
    public static final String ID = "vortex.ext";

    private final DType.Extension dtype;
    private final Array storage;

    public ExtensionArray(DType.Extension dtype, Array storage) {
        this.dtype = Objects.requireNonNull(dtype, "dtype is null");
        this.storage = Objects.requireNonNull(storage, "storage is null");
        if (!storage.dtype().equals(dtype.storage())) {
            throw new InvalidArgumentException("extension " + dtype.id() + " is stored as " + dtype.storage()
                    + ", got " + storage.dtype());
        }
    }

    @Override
    public DType.Extension dtype() {
        return dtype;
    }

    public Array storage() {
        return storage;
    }

    @Override
    public long length() {
        return storage.length();
    }

    @Override
    public String encodingId() {
        return ID;
    }

    @Override
    public boolean isValid(long index) {
        return storage.isValid(index);
    }

    @Override
    public long nullCount() {
        return storage.nullCount();
    }

    @Override
    public ExtensionArray slice(long from, long to) {
        return new ExtensionArray(dtype, storage.slice(from, to));
    }

    @Override
    public ExtensionArray toCanonical() {
        Array canonical = storage.toCanonical();
        return canonical == storage ? this : new ExtensionArray(dtype, canonical);
    }

    @Override
    public Scalar scalarAt(long index) {
        Scalar s = storage.scalarAt(index);
        return new Scalar(dtype, s.value());
    }
}
