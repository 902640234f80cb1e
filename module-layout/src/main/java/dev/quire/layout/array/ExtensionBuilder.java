package dev.quire.layout.array;

import dev.quire.layout.dtype.DType;

/** Builds {@link ExtensionArray}s through a builder of the storage dtype. */
public final class ExtensionBuilder extends ArrayBuilder {
    private final DType.Extension dtype;
    private final ArrayBuilder storage;

    ExtensionBuilder(DType.Extension dtype) {
        this.dtype = dtype;
        this.storage = ArrayBuilder.forType(dtype.storage());
    }

    @Override
    public DType.Extension dtype() {
        return dtype;
    }

    /** The builder of the storage values: append the stored integers (days, microseconds, ...) here. */
    public ArrayBuilder storage() {
        return storage;
    }

    @Override
    public long length() {
        return storage.length();
    }

    @Override
    public long byteSize() {
        return storage.byteSize();
    }

    @Override
    public void appendNull() {
        storage.appendNull();
    }

    @Override
    void appendCanonical(Array canonical, long from, long to) {
        storage.append(((ExtensionArray) canonical).storage(), from, to);
    }

    @Override
    public void appendScalar(Scalar value) {
        storage.appendScalar(new Scalar(dtype.storage(), value.value()));
    }

    @Override
    public ExtensionArray finish() {
        return new ExtensionArray(dtype, storage.finish());
    }
}
