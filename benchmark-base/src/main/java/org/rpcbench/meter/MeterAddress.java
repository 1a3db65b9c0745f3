package org.rpcbench.meter;

/** Where a server's meter endpoint listens: HOST:PORT, an IPv6 host in brackets ([::1]:7070). */
public record MeterAddress(String host, int port) {

    /** @throws IllegalArgumentException naming what is wrong with {@code given} */
    public static MeterAddress parse(String given) {
        int colon = given.lastIndexOf(':');
        if (colon <= 0 || colon == given.length() - 1) {
            throw new IllegalArgumentException("takes HOST:PORT, not '" + given + "'");
        }
        String host = given.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("takes HOST:PORT with an IPv6 host in brackets ([::1]:7070), not '" + given + "'");
        }
        int port;
        try {
            port = Integer.parseInt(given.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("takes HOST:PORT with a port from 1 to 65535, not '" + given + "'");
        }
        if (port < 1 || port > 65_535 || host.isBlank()) {
            throw new IllegalArgumentException("takes HOST:PORT with a host and a port from 1 to 65535, not '" + given + "'");
        }
        return new MeterAddress(host, port);
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
