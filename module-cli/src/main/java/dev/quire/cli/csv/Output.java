package dev.quire.cli.csv;

import dev.quire.layout.QuireContext;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.io.IOException;

/**
 * Where {@code convert} writes its Vortex file: a local file ({@link OutputFile}) or an object in a store
 * ({@link StoreObject}). Either way the output appears under its name only once complete, and a conversion that fails
 * leaves nothing partial there.
 */
public interface Output {
    /** The target as messages name it: the path or URI given. */
    String name();

    /**
     * Runs {@code writing}, which creates the file's writer through the opener it is handed and closes it, then makes
     * the output visible; discards it when {@code writing} throws.
     *
     * @throws dev.quire.errors.QuireIoException when writing or publishing the output fails
     */
    <T> T write(Writing<T> writing);

    /** The bytes of the output, once {@link #write} has returned. */
    long size();

    /** Writes the whole file through a writer {@code open} creates; what it returns is handed back by {@link #write}. */
    @FunctionalInterface
    interface Writing<T> {
        T writeTo(Opener open) throws IOException;
    }

    /** Creates the writer of the output. */
    @FunctionalInterface
    interface Opener {
        VortexWriter create(DType.Struct schema, WriteOptions options, QuireContext context);
    }
}
