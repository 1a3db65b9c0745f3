package org.rpcbench.rawnetty;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.util.concurrent.TimeUnit;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Operation;

/** The raw-netty client: one Netty channel, shared by every benchmark thread, answers matched by call id. */
public final class RawNettyClient extends RawNettyPair implements ClientBinding {

    @Override
    public Connection connect(Target target) throws Exception {
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        Callers callers = new Callers();
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, target.timeoutMillis())
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(
                                new LengthFieldBasedFrameDecoder(MAX_FRAME_BYTES, 0, LENGTH_BYTES, 0, LENGTH_BYTES),
                                new LengthFieldPrepender(LENGTH_BYTES),
                                callers);
                    }
                });
        Channel channel;
        try {
            channel = bootstrap.connect(target.host(), target.port()).sync().channel();
        } catch (Exception e) {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
        return new RawConnection(channel, callers, target.timeoutMillis(), () -> {
            channel.close().syncUninterruptibly();
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        });
    }

    /** The twin's operations only: seed 003's scene calls are the Java interface's. */
    @Override
    public boolean carries(Operation op) {
        return op.twinned();
    }
}
