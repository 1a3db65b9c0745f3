package org.rpcbench.motan;

import com.weibo.api.motan.core.extension.SpiMeta;
import com.weibo.api.motan.rpc.URL;
import com.weibo.api.motan.transport.MessageHandler;
import com.weibo.api.motan.transport.Server;
import com.weibo.api.motan.transport.netty4.NettyEndpointFactory;

/**
 * motan-transport-netty4's endpoint factory, but its servers listen on one address ({@link HostBoundServer}).
 * Registered as a Motan extension (META-INF/services) under {@value #NAME}; the server's protocol names it
 * as its endpointFactory. Clients are Motan's own.
 */
@SpiMeta(name = HostBoundEndpointFactory.NAME)
public final class HostBoundEndpointFactory extends NettyEndpointFactory {
    public static final String NAME = "rpcbench-host-bound";

    @Override
    protected Server innerCreateServer(URL url, MessageHandler messageHandler) {
        return new HostBoundServer(url, messageHandler);
    }
}
