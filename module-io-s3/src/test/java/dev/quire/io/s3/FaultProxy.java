package dev.quire.io.s3;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small HTTP/1.1 proxy on loopback between the S3 client and the server, which injects the next queued fault into
 * ranged GETs: added latency, a 503 SlowDown, a 500, a reset connection, a body cut short, a wrong Content-Range or a
 * stall; and resets PUTs (objects and parts) halfway through their body while {@link #writeResets} says so. Every
 * other request passes through. Each request is forwarded on a connection of its own to the server
 * ({@code Connection: close}), and the answer goes back on the client's connection, which stays open.
 */
final class FaultProxy implements AutoCloseable {
    enum Fault { LATENCY, SLOW_DOWN, SERVER_ERROR, RESET, SHORT_BODY, WRONG_RANGE, STALL }

    private static final Pattern CONTENT_RANGE =
            Pattern.compile("(?im)^content-range: *bytes (\\d+)-(\\d+)/(\\d+)\\r\\n");

    private final ServerSocket listener;
    private final int upstreamPort;
    private final ConcurrentLinkedQueue<Fault> faults = new ConcurrentLinkedQueue<>();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    final AtomicInteger rangedGets = new AtomicInteger();
    final AtomicInteger faultsInjected = new AtomicInteger();
    final AtomicInteger connectionsAccepted = new AtomicInteger();
    /** PUTs (objects and parts) still to cut off halfway through their body with a reset. */
    final AtomicInteger writeResets = new AtomicInteger();
    volatile long latencyMillis = 50;
    private volatile boolean closed;

    private FaultProxy(ServerSocket listener, int upstreamPort) {
        this.listener = listener;
        this.upstreamPort = upstreamPort;
    }

    static FaultProxy start(int upstreamPort) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        FaultProxy proxy = new FaultProxy(listener, upstreamPort);
        Thread.ofVirtual().name("fault-proxy-accept").start(proxy::accept);
        return proxy;
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    void inject(Fault fault, int times) {
        for (int i = 0; i < times; i++) {
            faults.add(fault);
        }
    }

    void clear() {
        faults.clear();
        writeResets.set(0);
    }

    /** Client connections open now. */
    int openConnections() {
        return open.size();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                client.setTcpNoDelay(true);
                connectionsAccepted.incrementAndGet();
                open.add(client);
                Thread.ofVirtual().name("fault-proxy-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            OutputStream out = client.getOutputStream();
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                if (head.toLowerCase(Locale.ROOT).contains("\r\nexpect: 100-continue")) {
                    // Answer the client's wait for a go-ahead here, so the body can be read (or cut) before the
                    // request is forwarded; the server gets the request without the expectation.
                    out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    head = head.replaceAll("(?im)^expect:.*\\r\\n", "");
                }
                if (head.startsWith("PUT ") && writeResets.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    in.readNBytes(contentLength(head) / 2);
                    client.setSoLinger(true, 0);
                    return;
                }
                byte[] body = in.readNBytes(contentLength(head));
                boolean rangedGet = head.startsWith("GET ") && head.toLowerCase(Locale.ROOT).contains("\r\nrange:");
                Fault fault = null;
                if (rangedGet) {
                    rangedGets.incrementAndGet();
                    fault = faults.poll();
                    if (fault != null) {
                        faultsInjected.incrementAndGet();
                    }
                }
                if (fault == Fault.RESET) {
                    client.setSoLinger(true, 0);
                    return;
                }
                if (fault == Fault.STALL) {
                    // Hold the connection without answering until the client gives up on it.
                    while (in.read() >= 0) {
                        // drain
                    }
                    return;
                }
                if (fault == Fault.SLOW_DOWN) {
                    error(out, "503 Slow Down", "SlowDown", "Please reduce your request rate.");
                    continue;
                }
                if (fault == Fault.SERVER_ERROR) {
                    error(out, "500 Internal Server Error", "InternalError", "We encountered an internal error.");
                    continue;
                }
                byte[] response = forward(head, body);
                int split = indexOf(response, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)) + 4;
                String responseHead = new String(response, 0, split, StandardCharsets.ISO_8859_1)
                        .replaceAll("(?im)^connection:.*\\r\\n", "");
                if (fault == Fault.LATENCY) {
                    Thread.sleep(latencyMillis);
                }
                if (fault == Fault.WRONG_RANGE) {
                    Matcher m = CONTENT_RANGE.matcher(responseHead);
                    if (m.find()) {
                        long first = Long.parseLong(m.group(1)) + 1;
                        long last = Long.parseLong(m.group(2)) + 1;
                        responseHead = m.replaceFirst("Content-Range: bytes " + first + "-" + last + "/" + m.group(3)
                                + "\r\n");
                        // The body is left as it is: only the header says another range.
                    }
                }
                out.write(responseHead.getBytes(StandardCharsets.ISO_8859_1));
                if (fault == Fault.SHORT_BODY) {
                    out.write(response, split, (response.length - split) / 2);
                    out.flush();
                    return;
                }
                out.write(response, split, response.length - split);
                out.flush();
            }
        } catch (IOException e) {
            // The client went away.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.remove(client);
        }
    }

    private static void error(OutputStream out, String status, String code, String message) throws IOException {
        byte[] xml = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>" + message
                + "</Message></Error>").getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + "\r\nContent-Type: application/xml\r\nContent-Length: " + xml.length
                + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(xml);
        out.flush();
    }

    /** Sends the request to the server on a new connection and reads the whole answer. */
    private byte[] forward(String head, byte[] body) throws IOException {
        String request = head.replaceAll("(?im)^connection:.*\\r\\n", "");
        request = request.substring(0, request.length() - 2) + "Connection: close\r\n\r\n";
        try (Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            OutputStream out = upstream.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return upstream.getInputStream().readAllBytes();
        }
    }

    /** The request line and headers, through the blank line; null at the end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static int contentLength(String head) {
        Matcher m = Pattern.compile("(?im)^content-length: *(\\d+)\\r\\n").matcher(head);
        if (head.toLowerCase(Locale.ROOT).contains("\r\ntransfer-encoding: chunked")) {
            throw new IllegalStateException("the fault proxy does not forward chunked request bodies");
        }
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new IllegalStateException("no end of headers in the server's answer");
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        List<Socket> sockets = new ArrayList<>(open);
        for (Socket s : sockets) {
            s.close();
        }
    }
}
