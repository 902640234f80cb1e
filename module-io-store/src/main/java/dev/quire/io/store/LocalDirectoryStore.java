package dev.quire.io.store;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.StoreAccessDeniedException;
import dev.quire.io.spi.MultipartUpload;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.RangeResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A local directory served as an {@link ObjectStore}: a key is a relative path under the root ({@code a/b.vortex}).
 * Writes are atomic the way a store's are: a put or a completed multipart upload is written beside the objects, in a
 * hidden staging directory ({@value #STAGING}) on the same file system, and moved under its key in one rename, so a
 * reader never sees half an object. The ETag is derived from the file's identity, size and modification time, so an
 * object replaced or rewritten gets a new one.
 *
 * <p>The embedded default for examples and tests, and a model of a store's contract: like S3 it refuses parts smaller
 * than {@link #minPartSize()} (but the last), and it never retries on its own.
 */
public final class LocalDirectoryStore implements ObjectStore {
    /** The directory under the root that holds writes in progress; never listed, never a key. */
    public static final String STAGING = ".quire-staging";

    private final Path root;
    private final long minPartSize;

    private LocalDirectoryStore(Path root, long minPartSize) {
        this.root = root;
        this.minPartSize = minPartSize;
    }

    /** The store rooted at {@code root}, an existing directory, with S3's minimum part size (5 MiB). */
    public static LocalDirectoryStore open(Path root) {
        return open(root, 5L * 1024 * 1024);
    }

    /** The store rooted at {@code root}, refusing multipart parts (but the last) under {@code minPartSize} bytes. */
    public static LocalDirectoryStore open(Path root, long minPartSize) {
        Objects.requireNonNull(root, "root is null");
        if (minPartSize < 1) {
            throw new InvalidArgumentException("the minimum part size must be positive, got " + minPartSize);
        }
        Path dir = root.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new ObjectNotFoundException(dir.toUri(), "the store's root is not a directory", null);
        }
        return new LocalDirectoryStore(dir, minPartSize);
    }

    /** The directory this store serves. */
    public Path root() {
        return root;
    }

    @Override
    public long minPartSize() {
        return minPartSize;
    }

    @Override
    public URI uri(String key) {
        return path(key).toUri();
    }

    /** The file of {@code key}, checked to be a plain relative path that stays under the root. */
    private Path path(String key) {
        Objects.requireNonNull(key, "key is null");
        if (key.isEmpty() || key.startsWith("/") || key.endsWith("/") || key.contains("\\") || key.contains("//")) {
            throw new InvalidArgumentException("object key `" + key + "` is not a relative path of names separated "
                    + "by single slashes, under " + root);
        }
        for (String name : key.split("/")) {
            if (name.equals(".") || name.equals("..") || name.equals(STAGING)) {
                throw new InvalidArgumentException("object key `" + key + "` may not contain `" + name + "`");
            }
        }
        Path path = root.resolve(key).normalize();
        if (!path.startsWith(root) || path.equals(root)) {
            throw new InvalidArgumentException("object key `" + key + "` leaves the store's root " + root);
        }
        return path;
    }

    @Override
    public ObjectMeta head(String key) {
        Path path = path(key);
        try {
            return meta(key, path);
        } catch (IOException e) {
            throw failure(path, "cannot read the object's attributes", e);
        }
    }

    private static ObjectMeta meta(String key, Path path) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new NoSuchFileException(path.toString(), null, "not a regular file");
        }
        return new ObjectMeta(key, attributes.size(), Optional.of(etag(attributes)),
                attributes.lastModifiedTime().toInstant());
    }

    /** The file's identity (inode where the file system has one), size and modification time, as a version tag. */
    private static String etag(BasicFileAttributes attributes) {
        Object fileKey = attributes.fileKey();
        long identity = fileKey == null ? 0 : fileKey.hashCode();
        long modified = attributes.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
        return Long.toHexString(identity) + "-" + Long.toHexString(attributes.size()) + "-"
                + Long.toHexString(modified);
    }

    @Override
    public RangeResponse get(String key, long offset, ByteBuffer into, Optional<String> ifMatch) {
        Path path = path(key);
        Objects.requireNonNull(into, "into is null");
        Objects.requireNonNull(ifMatch, "ifMatch is null");
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            ObjectMeta before = meta(key, path);
            checkVersion(path, before, ifMatch);
            long length = into.remaining();
            if (offset < 0 || offset > before.size() || length > before.size() - offset) {
                throw new ObjectStoreException(path.toUri(), "range of " + length + " bytes at offset " + offset
                        + " is outside the object (" + before.size() + " bytes)", false);
            }
            long firstByte = 0;
            long position = offset;
            while (into.hasRemaining()) {
                int n = channel.read(into, position);
                if (n < 0) {
                    throw new ObjectStoreException(path.toUri(), "the object ended at " + position + " bytes, "
                            + into.remaining() + " bytes short of the range read", true);
                }
                if (firstByte == 0) {
                    firstByte = System.nanoTime();
                }
                position += n;
            }
            // Replaced or rewritten while being read: the bytes may be of two versions.
            checkVersion(path, meta(key, path), ifMatch);
            return new RangeResponse(firstByte == 0 ? System.nanoTime() : firstByte, OptionalLong.of(before.size()));
        } catch (IOException e) {
            throw failure(path, "cannot read the object", e);
        }
    }

    private static void checkVersion(Path path, ObjectMeta meta, Optional<String> ifMatch) {
        if (ifMatch.isPresent() && !ifMatch.equals(meta.etag())) {
            throw new ObjectChangedException(path.toUri(), "the object was rewritten (ETag " + meta.etag().orElse("")
                    + ", expected " + ifMatch.get() + ")", null);
        }
    }

    @Override
    public List<ObjectMeta> list(String prefix) {
        Objects.requireNonNull(prefix, "prefix is null");
        // Walk from the deepest directory the prefix names; keys are compared as text after that.
        int slash = prefix.lastIndexOf('/');
        Path start = slash < 0 ? root : path(prefix.substring(0, slash));
        List<ObjectMeta> out = new ArrayList<>();
        if (!Files.isDirectory(start)) {
            return out;
        }
        Path staging = root.resolve(STAGING);
        try (Stream<Path> walk = Files.walk(start)) {
            for (Path file : (Iterable<Path>) walk::iterator) {
                if (file.startsWith(staging) || !Files.isRegularFile(file)) {
                    continue;
                }
                String key = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
                if (key.startsWith(prefix)) {
                    out.add(meta(key, file));
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            IOException cause = e instanceof java.io.UncheckedIOException u ? u.getCause() : (IOException) e;
            throw failure(start, "cannot list the objects under `" + prefix + "`", cause);
        }
        out.sort(Comparator.comparing(ObjectMeta::key));
        return out;
    }

    @Override
    public ObjectMeta put(String key, ByteBuffer bytes) {
        Path target = path(key);
        Objects.requireNonNull(bytes, "bytes is null");
        Path temp = null;
        try {
            temp = stagingFile();
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                out.force(false);
            }
            return publish(temp, key, target);
        } catch (IOException e) {
            deleteQuietly(temp);
            throw failure(target, "cannot write the object", e);
        }
    }

    /** An empty file in the staging directory, to be renamed under a key. */
    private Path stagingFile() throws IOException {
        Path staging = Files.createDirectories(root.resolve(STAGING));
        return Files.createTempFile(staging, "put-", ".tmp");
    }

    /** Moves a finished staging file under its key in one rename: readers see the old object or the new one. */
    private ObjectMeta publish(Path temp, String key, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the staging directory and " + target + " are not on one file system", e);
        }
        return meta(key, target);
    }

    @Override
    public MultipartUpload startUpload(String key) {
        Path target = path(key);
        try {
            Path dir = Files.createDirectories(root.resolve(STAGING).resolve("upload-" + UUID.randomUUID()));
            return new LocalUpload(key, target, dir);
        } catch (IOException e) {
            throw failure(target, "cannot start an upload", e);
        }
    }

    @Override
    public void close() {
        // Nothing is held between calls.
    }

    @Override
    public String toString() {
        return "LocalDirectoryStore[" + root + "]";
    }

    private static ObjectStoreException failure(Path path, String what, IOException e) {
        URI uri = path.toUri();
        return switch (e) {
            case NoSuchFileException n -> new ObjectNotFoundException(uri, "no such object", e);
            case NotDirectoryException n -> new ObjectNotFoundException(uri, "no such object", e);
            case AccessDeniedException a -> new StoreAccessDeniedException(uri, what + ": access denied", e);
            default -> new ObjectStoreException(uri, what + ": " + e, false, e);
        };
    }

    private static void deleteQuietly(Path path) {
        if (path == null) {
            return;
        }
        try {
            if (Files.isDirectory(path)) {
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
                    for (Path entry : entries) {
                        Files.deleteIfExists(entry);
                    }
                }
            }
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // Left behind in the staging directory, which is never listed; nothing under a key is affected.
        }
    }

    /** Parts as files in their own staging directory, joined into one staging file and renamed on completion. */
    private final class LocalUpload implements MultipartUpload {
        private final String key;
        private final Path target;
        private final Path dir;
        private final List<Long> partSizes = new ArrayList<>();
        private boolean finished;

        LocalUpload(String key, Path target, Path dir) {
            this.key = key;
            this.target = target;
            this.dir = dir;
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public void putPart(int number, ByteBuffer bytes) {
            boolean again = MultipartUpload.checkPart(target.toUri(), number, partSizes.size(), finished);
            long size = bytes.remaining();
            try (FileChannel out = FileChannel.open(part(number), StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
            } catch (IOException e) {
                throw failure(target, "cannot write part " + number, e);
            }
            if (again) {
                partSizes.set(number - 1, size);
            } else {
                partSizes.add(size);
            }
        }

        private Path part(int number) {
            return dir.resolve("part-" + number);
        }

        @Override
        public ObjectMeta complete() {
            if (finished) {
                throw new InvalidArgumentException("the upload of " + target.toUri() + " is already finished");
            }
            for (int i = 0; i < partSizes.size() - 1; i++) {
                if (partSizes.get(i) < minPartSize) {
                    abort();
                    throw new ObjectStoreException(target.toUri(), "part " + (i + 1) + " has " + partSizes.get(i)
                            + " bytes, under the store's minimum part size of " + minPartSize, false);
                }
            }
            Path joined = dir.resolve("joined");
            try {
                try (FileChannel out = FileChannel.open(joined, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE)) {
                    for (int i = 1; i <= partSizes.size(); i++) {
                        try (FileChannel in = FileChannel.open(part(i), StandardOpenOption.READ)) {
                            long size = in.size();
                            for (long done = 0; done < size; ) {
                                done += in.transferTo(done, size - done, out);
                            }
                        }
                    }
                    out.force(false);
                }
                ObjectMeta meta = publish(joined, key, target);
                finished = true;
                deleteQuietly(dir);
                return meta;
            } catch (IOException e) {
                abort();
                throw failure(target, "cannot complete the upload", e);
            }
        }

        @Override
        public void abort() {
            if (!finished) {
                finished = true;
                deleteQuietly(dir);
            }
        }

        @Override
        public void close() {
            abort();
        }
    }
}
