package org.rpcbench.binding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.rpcbench.rig.Relay;

/**
 * A loopback relay that keeps the first bytes a client sends, so a test can see what actually went on
 * the wire (a protocol's magic, the serialization id in its header) instead of trusting the
 * configuration that asked for it.
 */
public final class TapProxy implements AutoCloseable {
    private static final int KEPT = 4096;

    private final Relay relay;
    private ByteArrayOutputStream firstBytes = new ByteArrayOutputStream();

    public TapProxy(int upstreamPort) throws IOException {
        relay = new Relay(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort), new Relay.Tap() {
            @Override
            public void opened() {
                synchronized (TapProxy.this) {
                    firstBytes = new ByteArrayOutputStream();
                }
            }

            @Override
            public void passed(boolean toServer, byte[] chunk, int length) {
                if (toServer) {
                    synchronized (TapProxy.this) {
                        firstBytes.write(chunk, 0, Math.min(length, Math.max(0, KEPT - firstBytes.size())));
                    }
                }
            }
        });
    }

    public int port() {
        return relay.port();
    }

    /** The first bytes the latest client connection sent. */
    public synchronized byte[] firstClientBytes() {
        return firstBytes.toByteArray();
    }

    @Override
    public void close() {
        relay.close();
    }
}
