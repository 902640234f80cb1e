package dev.quire.io.s3.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.StoreAccessDeniedException;
import dev.quire.errors.StoreThrottledException;
import dev.quire.errors.StoreTimeoutException;
import dev.quire.io.spi.MultipartUpload;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.RangeResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * One bucket of S3 (or an S3-compatible server) as an {@link ObjectStore}, on a shared {@link S3Client} whose own
 * retries are off. Ranged GETs are checked before their bytes are used: the status must be a partial response whose
 * {@code Content-Range} is exactly the range asked for, and the body exactly that long; anything else is a retryable
 * failure, never data. Every response body is closed, and one abandoned early is aborted so that its connection is
 * not reused with unread bytes.
 */
public final class S3ObjectStore implements ObjectStore {
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");
    private static final int COPY = 64 * 1024;

    private final S3Client client;
    private final String bucket;

    public S3ObjectStore(S3Client client, String bucket) {
        this.client = Objects.requireNonNull(client, "client is null");
        this.bucket = Objects.requireNonNull(bucket, "bucket is null");
        if (bucket.isEmpty()) {
            throw new InvalidArgumentException("an S3 bucket name is empty");
        }
    }

    public String bucket() {
        return bucket;
    }

    @Override
    public URI uri(String key) {
        return URI.create("s3://" + bucket + "/" + encodePath(key));
    }

    /** The key as a URI path: characters that URIs do not allow are percent-encoded, slashes kept. */
    private static String encodePath(String key) {
        try {
            return new URI(null, null, "/" + key, null).getRawPath().substring(1);
        } catch (java.net.URISyntaxException e) {
            throw new InvalidArgumentException("S3 key `" + key + "` cannot be written as a URI path", e);
        }
    }

    private void checkKey(String key) {
        Objects.requireNonNull(key, "key is null");
        if (key.isEmpty()) {
            throw new InvalidArgumentException("an S3 key is empty (bucket " + bucket + ")");
        }
    }

    @Override
    public ObjectMeta head(String key) {
        checkKey(key);
        try {
            HeadObjectResponse head = client.headObject(b -> b.bucket(bucket).key(key));
            return new ObjectMeta(key, head.contentLength(), etag(head.eTag()), instant(head.lastModified()));
        } catch (SdkException e) {
            throw failure(key, "HEAD", e);
        }
    }

    @Override
    public RangeResponse get(String key, long offset, ByteBuffer into, Optional<String> ifMatch) {
        checkKey(key);
        long length = into.remaining();
        if (offset < 0 || length < 1) {
            throw new InvalidArgumentException("an S3 GET needs a range of at least one byte at a non-negative "
                    + "offset, got " + length + " bytes at " + offset);
        }
        long last = offset + length - 1;
        String range = "bytes=" + offset + "-" + last;
        ResponseInputStream<GetObjectResponse> body;
        try {
            body = client.getObject(b -> {
                b.bucket(bucket).key(key).range(range);
                ifMatch.ifPresent(etag -> b.ifMatch("\"" + etag + "\""));
            });
        } catch (SdkException e) {
            throw failure(key, "GET " + range, e);
        }
        boolean whole = false;
        try (body) {
            GetObjectResponse response = body.response();
            OptionalLong objectSize = checkContentRange(key, response.contentRange(), offset, last);
            Long contentLength = response.contentLength();
            if (contentLength != null && contentLength != length) {
                throw new ObjectStoreException(uri(key), "GET " + range + " answered with " + contentLength
                        + " bytes", true);
            }
            long firstByte = read(key, range, body, into);
            whole = true;
            return new RangeResponse(firstByte, objectSize);
        } catch (IOException | SdkException e) {
            throw failure(key, "GET " + range, e);
        } finally {
            if (!whole) {
                // Unread bytes must not be left on a pooled connection: drop it instead.
                body.abort();
            }
        }
    }

    /** Copies the body into {@code into}, which it must fill exactly; returns when its first byte arrived. */
    private long read(String key, String range, InputStream body, ByteBuffer into) throws IOException {
        long firstByte = 0;
        byte[] chunk = into.hasArray() ? null : new byte[(int) Math.min(COPY, into.remaining())];
        while (into.hasRemaining()) {
            int n;
            if (chunk == null) {
                n = body.read(into.array(), into.arrayOffset() + into.position(), into.remaining());
                if (n > 0) {
                    into.position(into.position() + n);
                }
            } else {
                n = body.read(chunk, 0, Math.min(chunk.length, into.remaining()));
                if (n > 0) {
                    into.put(chunk, 0, n);
                }
            }
            if (n < 0) {
                throw new ObjectStoreException(uri(key), "the body of GET " + range + " ended " + into.remaining()
                        + " bytes short", true);
            }
            if (firstByte == 0 && n > 0) {
                firstByte = System.nanoTime();
            }
        }
        if (body.read() >= 0) {
            throw new ObjectStoreException(uri(key), "the body of GET " + range + " is longer than the range", true);
        }
        return firstByte == 0 ? System.nanoTime() : firstByte;
    }

    /** Checks the answer is for exactly the range asked; returns the object's size it states, if any. */
    private OptionalLong checkContentRange(String key, String contentRange, long first, long last) {
        Matcher m = contentRange == null ? null : CONTENT_RANGE.matcher(contentRange.strip());
        if (m == null || !m.matches() || Long.parseLong(m.group(1)) != first || Long.parseLong(m.group(2)) != last) {
            throw new ObjectStoreException(uri(key), "GET bytes=" + first + "-" + last + " answered with Content-Range "
                    + (contentRange == null ? "(none)" : "`" + contentRange + "`"), true);
        }
        return m.group(3).equals("*") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(m.group(3)));
    }

    /** Every object under the prefix, in key order; directory markers (keys ending in a slash) are left out. */
    @Override
    public List<ObjectMeta> list(String prefix) {
        Objects.requireNonNull(prefix, "prefix is null");
        List<ObjectMeta> out = new ArrayList<>();
        try {
            for (S3Object object : client.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix)).contents()) {
                if (object.key().endsWith("/")) {
                    // A directory marker (consoles and file-system backends make them), not an object.
                    continue;
                }
                out.add(new ObjectMeta(object.key(), object.size(), etag(object.eTag()),
                        instant(object.lastModified())));
            }
        } catch (SdkException e) {
            throw failure(prefix, "LIST", e);
        }
        return out;
    }

    @Override
    public ObjectMeta put(String key, ByteBuffer bytes) {
        checkKey(key);
        long size = bytes.remaining();
        try {
            String etag = client.putObject(b -> b.bucket(bucket).key(key).contentLength(size),
                    RequestBody.fromByteBuffer(bytes)).eTag();
            return new ObjectMeta(key, size, etag(etag), Instant.now());
        } catch (SdkException e) {
            throw failure(key, "PUT", e);
        }
    }

    @Override
    public MultipartUpload startUpload(String key) {
        checkKey(key);
        try {
            String id = client.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
            return new Upload(key, id);
        } catch (SdkException e) {
            throw failure(key, "CREATE UPLOAD", e);
        }
    }

    /** The client is shared by every store of its configuration and lives as long as the process. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "S3ObjectStore[" + bucket + "]";
    }

    private static Optional<String> etag(String etag) {
        if (etag == null || etag.isBlank()) {
            return Optional.empty();
        }
        String e = etag.strip();
        if (e.startsWith("W/")) {
            e = e.substring(2);
        }
        if (e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"")) {
            e = e.substring(1, e.length() - 1);
        }
        return Optional.of(e);
    }

    private static Instant instant(Instant time) {
        return time == null ? Instant.EPOCH : time;
    }

    /** The typed failure of a request about {@code key}. */
    ObjectStoreException failure(String key, String request, Exception e) {
        URI uri = uri(key.isEmpty() ? "" : key);
        if (e instanceof ObjectStoreException known) {
            return known;
        }
        if (e instanceof S3Exception s3) {
            int status = s3.statusCode();
            String code = s3.awsErrorDetails() == null ? "" : s3.awsErrorDetails().errorCode();
            String what = request + " failed with " + status + (code == null || code.isEmpty() ? "" : " " + code);
            return switch (status) {
                case 404 -> new ObjectNotFoundException(uri, what, e);
                case 401, 403 -> new StoreAccessDeniedException(uri, what, e);
                case 412 -> new ObjectChangedException(uri, what + " (the object was rewritten since it was opened)",
                        e);
                case 429, 503 -> new StoreThrottledException(uri, what, e);
                default -> new ObjectStoreException(uri, what, status >= 500 || status == 408, e);
            };
        }
        if (e instanceof ApiCallAttemptTimeoutException || e instanceof ApiCallTimeoutException) {
            return new StoreTimeoutException(uri, request + " timed out", e);
        }
        if (e instanceof AbortedException) {
            return new ObjectStoreException(uri, request + " was aborted: " + e.getMessage(), true, e);
        }
        if (e instanceof SdkClientException || e instanceof IOException) {
            // A connection refused or reset, a body cut short: the request may succeed on another connection.
            return new ObjectStoreException(uri, request + " failed: " + e.getMessage(), true, e);
        }
        return new ObjectStoreException(uri, request + " failed: " + e, false, e);
    }

    /** A multipart upload; the part ETags are kept for the completion. */
    private final class Upload implements MultipartUpload {
        private final String key;
        private final String id;
        private final List<CompletedPart> parts = new ArrayList<>();
        private boolean finished;

        Upload(String key, String id) {
            this.key = key;
            this.id = id;
        }

        @Override
        public String key() {
            return key;
        }

        @Override
        public void putPart(int number, ByteBuffer bytes) {
            boolean again = MultipartUpload.checkPart(uri(key), number, parts.size(), finished);
            long size = bytes.remaining();
            try {
                String etag = client.uploadPart(b -> b.bucket(bucket).key(key).uploadId(id).partNumber(number)
                        .contentLength(size), RequestBody.fromByteBuffer(bytes)).eTag();
                CompletedPart part = CompletedPart.builder().partNumber(number).eTag(etag).build();
                if (again) {
                    parts.set(number - 1, part);
                } else {
                    parts.add(part);
                }
            } catch (SdkException e) {
                throw failure(key, "UPLOAD PART " + number, e);
            }
        }

        @Override
        public ObjectMeta complete() {
            if (finished) {
                throw new InvalidArgumentException("the upload of " + uri(key) + " is already finished");
            }
            try {
                client.completeMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(id)
                        .multipartUpload(m -> m.parts(parts)));
                finished = true;
            } catch (SdkException e) {
                abort();
                throw failure(key, "COMPLETE UPLOAD", e);
            }
            return head(key);
        }

        @Override
        public void abort() {
            if (finished) {
                return;
            }
            finished = true;
            try {
                client.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(id));
            } catch (SdkException e) {
                // The parts stay invisible (never under the key); a bucket lifecycle rule removes them.
                System.getLogger(S3ObjectStore.class.getName()).log(System.Logger.Level.WARNING,
                        "could not abort the upload of " + uri(key) + ": " + e.getMessage());
            }
        }

        @Override
        public void close() {
            abort();
        }
    }
}
