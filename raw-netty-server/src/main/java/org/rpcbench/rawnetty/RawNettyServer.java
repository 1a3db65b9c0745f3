package org.rpcbench.rawnetty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.rpcbench.cases.Case;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/**
 * The raw-netty server: reads a frame, writes the answer to that request from the event loop. Answers
 * come from {@link Answers}, which computes each distinct request's answer once; an echo's frame is sent
 * back as it came.
 */
public final class RawNettyServer extends RawNettyPair implements ServerBinding {
    @Override
    public RunningServer start(String host, int port) throws Exception {
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
        Answers answers = new Answers();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, workers)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(
                                new LengthFieldBasedFrameDecoder(MAX_FRAME_BYTES, 0, LENGTH_BYTES, 0, LENGTH_BYTES),
                                new LengthFieldPrepender(LENGTH_BYTES),
                                new Answering(answers));
                    }
                });
        Channel listening;
        try {
            listening = bootstrap.bind(new InetSocketAddress(host, port)).sync().channel();
        } catch (Exception e) {
            stop(acceptor, workers);
            throw e;
        }
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.getAndSet(false)) {
                listening.close().syncUninterruptibly();
                stop(acceptor, workers);
            }
        };
    }

    private static void stop(EventLoopGroup... groups) {
        for (EventLoopGroup g : groups) {
            g.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** Per connection: one answer frame for each request frame, flushed once per read burst. */
    static final class Answering extends SimpleChannelInboundHandler<ByteBuf> {
        private final Answers answers;

        Answering(Answers answers) {
            this.answers = answers;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
            long id = frame.readLong();
            Case c = caseOf(frame.readByte());
            if (Answers.echoes(c)) {
                echo(ctx, frame);
                return;
            }
            byte[] answer;
            byte status = ANSWERED;
            try {
                answer = answers.to(c, ByteBufUtil.getBytes(frame));
            } catch (IllegalArgumentException e) {
                status = REFUSED;
                answer = String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8);
            }
            ByteBuf out = ctx.alloc().buffer(HEADER_BYTES + answer.length);
            out.writeLong(id).writeByte(status).writeBytes(answer);
            ctx.write(out);
        }

        /**
         * The request frame becomes its answer: the id stays, the case byte becomes the status, and the
         * body goes back without a copy. The frame is a slice of the decoder's buffer, which the decoder no
         * longer reads and does not reuse while the slice is retained (it is released once written).
         */
        private static void echo(ChannelHandlerContext ctx, ByteBuf frame) {
            int start = frame.readerIndex() - HEADER_BYTES;
            frame.setByte(start + HEADER_BYTES - 1, ANSWERED);
            ctx.write(frame.readerIndex(start).retain());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
