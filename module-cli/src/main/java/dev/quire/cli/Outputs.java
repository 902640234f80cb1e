package dev.quire.cli;

import dev.quire.cli.csv.Output;
import dev.quire.cli.csv.OutputFile;
import dev.quire.cli.csv.StoreObject;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.StoreLocation;
import dev.quire.io.store.LocalDirectoryStore;
import dev.quire.layout.QuireContext;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * The output of {@code convert} as the command line names it: a local path, written through a temporary file; a
 * {@code file:} URI, written as an object of the local-directory store rooted at its directory; or the URI of an
 * object in a store that an I/O provider of the run's context hands out ({@code s3://bucket/key} when the {@code s3}
 * provider is on the module path), found by the URI alone, so the CLI names no store module. Objects in stores are
 * written through a multipart upload committed only when the file is complete.
 */
final class Outputs {
    private Outputs() {}

    /**
     * Runs {@code body} with the output {@code location} names, and releases the store it opened, if any.
     *
     * @param context the run's context, whose I/O providers hand out the store of a URI other than {@code file:}
     * @throws UnsupportedFeatureException for a URI that no provider of the context writes (naming it)
     * @throws InvalidArgumentException for a URI that names no object (a {@code file:} URI of no file in a directory,
     *     an {@code s3:} URI without a key)
     * @throws dev.quire.errors.ObjectNotFoundException when the directory of a {@code file:} URI does not exist
     */
    static <T> T write(String location, QuireContext context, Function<Output, T> body) {
        Optional<URI> url = Inputs.url(location);
        if (url.isEmpty()) {
            return body.apply(new OutputFile(Path.of(location)));
        }
        URI uri = url.get();
        if (!"file".equalsIgnoreCase(uri.getScheme())) {
            StoreLocation object = context.io().objectStore(uri, IoOptions.of(context.settings()));
            try (ObjectStore store = object.store()) {
                return body.apply(new StoreObject(store, object.key()));
            }
        }
        Path path;
        try {
            path = Path.of(uri);
        } catch (IllegalArgumentException e) {
            throw new InvalidArgumentException(uri + " does not name a local file: " + e.getMessage(), e);
        }
        if (path.getParent() == null || path.getFileName() == null) {
            throw new InvalidArgumentException(uri + " does not name a file in a directory");
        }
        try (LocalDirectoryStore store = LocalDirectoryStore.open(path.getParent())) {
            return body.apply(new StoreObject(store, path.getFileName().toString()));
        }
    }
}
