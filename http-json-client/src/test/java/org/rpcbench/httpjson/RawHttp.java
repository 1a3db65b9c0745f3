package org.rpcbench.httpjson;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** HTTP/1.1 on a plain socket, byte by byte as it arrives, so that a malformed answer is seen as it is. */
final class RawHttp {
    private RawHttp() {}

    /** getUser(7)'s request: its start line and headers as the JDK's client writes them, and its body. */
    static byte[] head(int port, int bodyLength) {
        return ("POST " + HttpJsonPair.path("getUser") + " HTTP/1.1\r\nContent-Length: " + bodyLength + "\r\nHost: 127.0.0.1:" + port
                + "\r\nUser-Agent: Java-http-client/17\r\nAccept: application/json\r\nContent-Type: application/json\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    static final byte[] BODY = "7".getBytes(StandardCharsets.ISO_8859_1);

    static byte[] whole(int port) {
        byte[] head = head(port, BODY.length);
        byte[] all = new byte[head.length + BODY.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(BODY, 0, all, head.length, BODY.length);
        return all;
    }

    /** What came back for {@code answers} requests sent on a connection. */
    enum Outcome {
        /** Every answer whole: a status line, headers, and the body they announce. */
        ANSWERED,
        /** An answer that does not start with a status line: a body without its status line and headers. */
        HEADERLESS,
        /** Fewer answers than requests, and the connection still open when the wait ended. */
        UNANSWERED,
        /** The server closed the connection. */
        CLOSED
    }

    record Reading(Outcome outcome, String bytes) {}

    /** Reads {@code answers} answers, waiting at most {@code waitMillis} for each next byte. */
    static Reading read(Socket s, int answers, int waitMillis) throws IOException {
        s.setSoTimeout(waitMillis);
        InputStream in = s.getInputStream();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (true) {
            String text = seen.toString(StandardCharsets.ISO_8859_1);
            int whole = 0;
            int at = 0;
            while (whole < answers && at < text.length()) {
                if (!text.startsWith("HTTP/1.1 ", at) && !"HTTP/1.1 ".startsWith(text.substring(at))) {
                    return new Reading(Outcome.HEADERLESS, text);
                }
                int end = text.indexOf("\r\n\r\n", at);
                if (end < 0) {
                    break;
                }
                String headers = text.substring(at, end).toLowerCase(Locale.ROOT);
                int cl = headers.indexOf("content-length:");
                int length = Integer.parseInt(headers.substring(cl + 15, headers.indexOf('\r', cl) < 0 ? headers.length()
                        : headers.indexOf('\r', cl)).trim());
                if (text.length() < end + 4 + length) {
                    break;
                }
                at = end + 4 + length;
                whole++;
            }
            if (whole == answers) {
                return new Reading(Outcome.ANSWERED, text);
            }
            int n;
            try {
                n = in.read(buf);
            } catch (SocketTimeoutException e) {
                return new Reading(Outcome.UNANSWERED, text);
            }
            if (n < 0) {
                return new Reading(Outcome.CLOSED, text);
            }
            seen.write(buf, 0, n);
        }
    }

    /** The bytes as a line fit to print: bodies shortened. */
    static String shown(String bytes) {
        return bytes.replaceAll("\\{[^\\r]*?\\}(?=HTTP|$)", "{...}").replace("\r\n", "|");
    }
}
