package dev.quire.cli;

import dev.quire.cli.csv.Output;
import dev.quire.cli.csv.OutputFile;
import dev.quire.cli.csv.StoreObject;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.store.LocalDirectoryStore;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * The output of {@code convert} as the command line names it: a local path, written through a temporary file, or a
 * {@code file:} URI, written as an object of the local-directory store rooted at its directory (a multipart upload
 * committed only when the file is complete). The CLI has no other store: the {@code s3} provider's module is not
 * part of it.
 */
final class Outputs {
    private Outputs() {}

    /**
     * Runs {@code body} with the output {@code location} names, and releases the store it opened, if any.
     *
     * @throws UnsupportedFeatureException for a URI of a scheme the CLI cannot write
     * @throws InvalidArgumentException for a {@code file:} URI that does not name a file in a directory
     * @throws dev.quire.errors.ObjectNotFoundException when the directory of a {@code file:} URI does not exist
     */
    static <T> T write(String location, Function<Output, T> body) {
        Optional<URI> url = Inputs.url(location);
        if (url.isEmpty()) {
            return body.apply(new OutputFile(Path.of(location)));
        }
        URI uri = url.get();
        if (!"file".equalsIgnoreCase(uri.getScheme())) {
            throw new UnsupportedFeatureException("convert cannot write " + uri + ": the CLI writes local paths and "
                    + "file: URIs (through the local-directory store); the s3 provider is not part of it");
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
