package dev.quire.layout.dtype;

import java.util.Objects;

/** A named field of a struct dtype. */
public record Field(String name, DType dtype) {
    public Field {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(dtype, "dtype is null");
    }

    @Override
    public String toString() {
        return name + ": " + dtype;
    }
}
