package dev.quire.cli.csv;

import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.store.StoreOutput;
import dev.quire.layout.file.VortexWriter;
import java.io.IOException;
import java.util.Objects;

/**
 * An object written into a store through a multipart upload ({@link StoreOutput}): parts go up as the writer fills
 * them, and the object appears under its key only when the upload is committed, after the writer has closed on a
 * complete file. A write that fails aborts the upload, so the key keeps whatever it held before. The store is the
 * caller's to close.
 */
public final class StoreObject implements Output {
    private final ObjectStore store;
    private final String key;
    private long size = -1;

    public StoreObject(ObjectStore store, String key) {
        this.store = Objects.requireNonNull(store, "store is null");
        this.key = Objects.requireNonNull(key, "key is null");
    }

    @Override
    public String name() {
        return store.uri(key).toString();
    }

    @Override
    public <T> T write(Writing<T> writing) {
        try (StoreOutput out = StoreOutput.create(store, key)) {
            T result = writing.writeTo((schema, options, context) -> VortexWriter.create(out, schema, options,
                    context));
            ObjectMeta meta = out.commit();
            size = meta.size();
            return result;
        } catch (IOException e) {
            throw new QuireIoException("writing " + name() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public long size() {
        if (size < 0) {
            throw new IllegalStateException("nothing has been written to " + name() + " yet");
        }
        return size;
    }
}
