package org.rpcbench.dubbo;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * How a host is written for Dubbo so that loopback stays loopback.
 *
 * <p>Dubbo treats every host that starts with "127." (and "localhost") as "no address given": a
 * provider then listens on 0.0.0.0, every interface ({@code AbstractServer}: anyhost or
 * {@code NetUtils.isInvalidLocalHost(bindIp)}), and a consumer connects to the machine's first
 * network address instead ({@code NetUtils.filterLocalHost}). Both defeat a server that must listen
 * on loopback only. Java also reads an IPv4 address written as one 32-bit number (127.0.0.1 is
 * 2130706433); Dubbo's string checks do not recognise that form, so it is bound and dialled as given.
 * Non-loopback hosts are passed through unchanged.
 */
public final class DubboHosts {
    private DubboHosts() {}

    public static String literal(String host) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            return host; // binding or connecting reports it
        }
        if (!(address instanceof Inet4Address) || !address.isLoopbackAddress()) {
            return host;
        }
        byte[] b = address.getAddress();
        long number = ((b[0] & 0xffL) << 24) | ((b[1] & 0xffL) << 16) | ((b[2] & 0xffL) << 8) | (b[3] & 0xffL);
        return Long.toString(number);
    }
}
