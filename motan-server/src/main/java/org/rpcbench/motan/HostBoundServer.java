package org.rpcbench.motan;

import com.weibo.api.motan.common.ChannelState;
import com.weibo.api.motan.common.MotanConstants;
import com.weibo.api.motan.common.URLParamType;
import com.weibo.api.motan.core.DefaultThreadFactory;
import com.weibo.api.motan.core.StandardThreadExecutor;
import com.weibo.api.motan.rpc.URL;
import com.weibo.api.motan.transport.MessageHandler;
import com.weibo.api.motan.transport.netty4.NettyChannelHandler;
import com.weibo.api.motan.transport.netty4.NettyDecoder;
import com.weibo.api.motan.transport.netty4.NettyEncoder;
import com.weibo.api.motan.transport.netty4.NettyServer;
import com.weibo.api.motan.transport.netty4.NettyServerChannelManage;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Motan's netty4 server, listening on one address. motan-transport-netty4's {@code NettyServer.open()}
 * binds {@code new InetSocketAddress(port)}, every interface, whatever host the service URL names (and
 * Motan will not put a loopback address in a service URL anyway). This subclass opens the same server on
 * the address in the URL parameter {@value #BIND_HOST}: the same boss and worker event loops, pipeline
 * (connection manager, Motan's decoder and encoder, Motan's channel handler), socket options and Motan's
 * worker pool with its default sizes. It stays a NettyServer, so Motan's handler treats it as its own.
 */
final class HostBoundServer extends NettyServer {
    /** The URL parameter carrying the address to listen on. */
    static final String BIND_HOST = "rpcbench.bindHost";

    private final MessageHandler handler;
    private EventLoopGroup acceptor;
    private EventLoopGroup io;
    private StandardThreadExecutor workers;
    private Channel listener;

    HostBoundServer(URL url, MessageHandler handler) {
        super(url, handler);
        this.handler = handler;
    }

    @Override
    public synchronized boolean open() {
        if (isAvailable()) {
            return true;
        }
        String host = url.getParameter(BIND_HOST);
        if (host == null || host.isEmpty()) {
            throw new IllegalStateException("no " + BIND_HOST + " parameter in " + url);
        }
        int maxContentLength = url.getIntParameter(URLParamType.maxContentLength.getName(), URLParamType.maxContentLength.getIntValue());
        workers = new StandardThreadExecutor(
                url.getIntParameter(URLParamType.minWorkerThread.getName(), MotanConstants.NETTY_NOT_SHARECHANNEL_MIN_WORKDER),
                url.getIntParameter(URLParamType.maxWorkerThread.getName(), MotanConstants.NETTY_NOT_SHARECHANNEL_MAX_WORKDER),
                url.getIntParameter(URLParamType.workerQueueSize.getName(), URLParamType.workerQueueSize.getIntValue()),
                new DefaultThreadFactory("NettyServer-" + host + ":" + url.getPort(), true));
        workers.prestartAllCoreThreads();
        channelManage = new NettyServerChannelManage(
                url.getIntParameter(URLParamType.maxServerConnection.getName(), URLParamType.maxServerConnection.getIntValue()));
        acceptor = new NioEventLoopGroup(1);
        io = new NioEventLoopGroup();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, io)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline()
                                .addLast("channel_manage", channelManage)
                                .addLast("decoder", new NettyDecoder(codec, HostBoundServer.this, maxContentLength))
                                .addLast("encoder", new NettyEncoder())
                                .addLast("handler", new NettyChannelHandler(HostBoundServer.this, handler, workers));
                    }
                });
        try {
            listener = bootstrap.bind(new InetSocketAddress(host, url.getPort())).syncUninterruptibly().channel();
        } catch (Exception e) {
            // netty rethrows the bind failure itself, a checked BindException where the address is taken
            release();
            throw new IllegalStateException("Motan's server cannot listen on " + host + ":" + url.getPort(), e);
        }
        setLocalAddress((InetSocketAddress) listener.localAddress());
        state = ChannelState.ALIVE;
        return true;
    }

    @Override
    public boolean isBound() {
        return listener != null && listener.isActive();
    }

    @Override
    public synchronized void close(int timeout) {
        if (!state.isCloseState()) {
            release();
            state = ChannelState.CLOSE;
        }
    }

    @Override
    public void cleanup() {
        release();
    }

    /** Stops listening, closes the connections and ends every thread this server started, waiting for them. */
    private synchronized void release() {
        if (listener != null) {
            listener.close().syncUninterruptibly();
        }
        if (channelManage != null) {
            channelManage.close();
        }
        for (EventLoopGroup group : new EventLoopGroup[] {acceptor, io}) {
            if (group != null) {
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            }
        }
        if (workers != null) {
            workers.shutdownNow();
            try {
                workers.awaitTermination(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Motan's statistics thread asks each server for a line; this one keeps none. */
    @Override
    public String statisticCallback() {
        return null;
    }
}
