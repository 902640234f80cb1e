package dev.quire.io.store.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.StoreAccessDeniedException;
import dev.quire.errors.StoreThrottledException;
import dev.quire.errors.StoreTimeoutException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.spi.MultipartUpload;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.RangeResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Objects served over HTTP(S), read-only, through {@code java.net.http}: a key is the object's whole URL (so signed
 * URLs with a query work). Sizes come from HEAD, ranges from {@code Range} requests that must be answered with a 206
 * and the exact {@code Content-Range} asked for, and the ETag pins the version through {@code If-Match}. Listing and
 * writing are not part of HTTP and fail with an {@link UnsupportedFeatureException}.
 */
public final class HttpObjectStore implements ObjectStore {
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");
    private static final int COPY = 64 * 1024;

    /** One client for the process: it pools connections and runs on the JDK's own threads. */
    private static final class Shared {
        static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    private final HttpClient client;
    private final Duration timeout;

    /** A store on the process's shared client; each request may take up to {@code timeout}. */
    public HttpObjectStore(Duration timeout) {
        this(Shared.CLIENT, timeout);
    }

    public HttpObjectStore(HttpClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    @Override
    public URI uri(String key) {
        URI uri;
        try {
            uri = URI.create(key);
        } catch (IllegalArgumentException e) {
            throw new InvalidArgumentException("`" + key + "` is not a URL", e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new InvalidArgumentException("`" + key + "` is not an http or https URL");
        }
        return uri;
    }

    @Override
    public ObjectMeta head(String key) {
        URI uri = uri(key);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<Void> response = send(uri, "HEAD", request, HttpResponse.BodyHandlers.discarding());
        check(uri, "HEAD", response.statusCode());
        OptionalLong length = response.headers().firstValueAsLong("Content-Length");
        if (length.isEmpty() || length.getAsLong() < 0) {
            throw new ObjectStoreException(uri, "the server does not say how long the object is (no Content-Length)",
                    false);
        }
        Instant modified = response.headers().firstValue("Last-Modified").map(HttpObjectStore::parseDate)
                .orElse(Instant.EPOCH);
        return new ObjectMeta(key, length.getAsLong(), etag(response.headers().firstValue("ETag")), modified);
    }

    @Override
    public RangeResponse get(String key, long offset, ByteBuffer into, Optional<String> ifMatch) {
        URI uri = uri(key);
        long length = into.remaining();
        if (offset < 0 || length < 1) {
            throw new InvalidArgumentException("a ranged GET needs at least one byte at a non-negative offset, got "
                    + length + " bytes at " + offset);
        }
        long last = offset + length - 1;
        String what = "GET bytes=" + offset + "-" + last;
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(timeout).GET()
                .header("Range", "bytes=" + offset + "-" + last);
        ifMatch.ifPresent(etag -> builder.header("If-Match", "\"" + etag + "\""));
        HttpResponse<InputStream> response = send(uri, what, builder.build(),
                HttpResponse.BodyHandlers.ofInputStream());
        // Closing the body before its end drops the connection instead of returning it with unread bytes.
        try (InputStream body = response.body()) {
            check(uri, what, response.statusCode());
            if (response.statusCode() != 206) {
                throw new ObjectStoreException(uri, what + " was answered with " + response.statusCode()
                        + " instead of 206 Partial Content (the server ignores ranges)", false);
            }
            String contentRange = response.headers().firstValue("Content-Range").orElse(null);
            Matcher m = contentRange == null ? null : CONTENT_RANGE.matcher(contentRange.strip());
            if (m == null || !m.matches() || Long.parseLong(m.group(1)) != offset
                    || Long.parseLong(m.group(2)) != last) {
                throw new ObjectStoreException(uri, what + " was answered with Content-Range "
                        + (contentRange == null ? "(none)" : "`" + contentRange + "`"), true);
            }
            long firstByte = read(uri, what, body, into);
            return new RangeResponse(firstByte, m.group(3).equals("*") ? OptionalLong.empty()
                    : OptionalLong.of(Long.parseLong(m.group(3))));
        } catch (IOException e) {
            throw new ObjectStoreException(uri, what + " failed: " + e, true, e);
        }
    }

    private static long read(URI uri, String what, InputStream body, ByteBuffer into) throws IOException {
        long firstByte = 0;
        byte[] chunk = new byte[(int) Math.min(COPY, into.remaining())];
        while (into.hasRemaining()) {
            int n = body.read(chunk, 0, Math.min(chunk.length, into.remaining()));
            if (n < 0) {
                throw new ObjectStoreException(uri, "the body of " + what + " ended " + into.remaining()
                        + " bytes short", true);
            }
            into.put(chunk, 0, n);
            if (firstByte == 0 && n > 0) {
                firstByte = System.nanoTime();
            }
        }
        if (body.read() >= 0) {
            throw new ObjectStoreException(uri, "the body of " + what + " is longer than the range", true);
        }
        return firstByte == 0 ? System.nanoTime() : firstByte;
    }

    private <T> HttpResponse<T> send(URI uri, String what, HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return client.send(request, handler);
        } catch (HttpTimeoutException e) {
            throw new StoreTimeoutException(uri, what + " timed out after " + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new ObjectStoreException(uri, what + " failed: " + e, true, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ObjectStoreException(uri, what + " was interrupted", true, e);
        }
    }

    private static void check(URI uri, String what, int status) {
        if (status >= 200 && status < 300) {
            return;
        }
        String message = what + " failed with HTTP " + status;
        throw switch (status) {
            case 404, 410 -> new ObjectNotFoundException(uri, message, null);
            case 401, 403 -> new StoreAccessDeniedException(uri, message, null);
            case 412 -> new ObjectChangedException(uri, message + " (the object changed since it was opened)", null);
            case 429, 503 -> new StoreThrottledException(uri, message, null);
            default -> new ObjectStoreException(uri, message, status >= 500 || status == 408, null);
        };
    }

    private static Optional<String> etag(Optional<String> header) {
        return header.map(String::strip).filter(e -> !e.isEmpty() && !e.startsWith("W/")).map(e ->
                e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"") ? e.substring(1, e.length() - 1) : e);
    }

    private static Instant parseDate(String text) {
        try {
            return ZonedDateTime.parse(text.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }

    @Override
    public List<ObjectMeta> list(String prefix) {
        throw new UnsupportedFeatureException("HTTP objects cannot be listed: name each file's URL");
    }

    @Override
    public ObjectMeta put(String key, ByteBuffer bytes) {
        throw new UnsupportedFeatureException("the http store is read-only: cannot write " + key);
    }

    @Override
    public MultipartUpload startUpload(String key) {
        throw new UnsupportedFeatureException("the http store is read-only: cannot write " + key);
    }

    @Override
    public void close() {
        // The client is shared by the process.
    }
}
