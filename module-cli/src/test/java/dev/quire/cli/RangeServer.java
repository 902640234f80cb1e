package dev.quire.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One file served over HTTP on loopback (the JDK's server) with ranged GETs and an ETag, counting the GETs it answers
 * and the body bytes it sends; {@link #throttleNext} answers the next GETs with 503.
 */
final class RangeServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d+)");

    private final byte[] bytes;
    private final HttpServer server;
    private final AtomicInteger gets = new AtomicInteger();
    private final AtomicLong bodyBytes = new AtomicLong();
    private final AtomicInteger throttled = new AtomicInteger();

    RangeServer(byte[] bytes) throws IOException {
        this.bytes = bytes;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/data/file.vortex", this::answer);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/data/file.vortex");
    }

    /** GETs answered, 503s included. */
    int gets() {
        return gets.get();
    }

    /** Bytes sent in the bodies of ranged answers. */
    long bodyBytes() {
        return bodyBytes.get();
    }

    void throttleNext(int count) {
        throttled.set(count);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("ETag", "\"fixed\"");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Integer.toString(bytes.length));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            gets.incrementAndGet();
            if (throttled.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            Matcher range = RANGE.matcher(String.valueOf(exchange.getRequestHeaders().getFirst("Range")));
            if (!range.matches()) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            int first = Integer.parseInt(range.group(1));
            int last = Math.min(Integer.parseInt(range.group(2)), bytes.length - 1);
            exchange.getResponseHeaders().set("Content-Range", "bytes " + first + "-" + last + "/" + bytes.length);
            exchange.sendResponseHeaders(206, last - first + 1);
            exchange.getResponseBody().write(bytes, first, last - first + 1);
            bodyBytes.addAndGet(last - first + 1);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
