package org.rpcbench.rawnetty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The calls waiting for their answers, by id: the one piece of state every multiplexing RPC client
 * shares between its callers and its event loop (Dubbo's DefaultFuture map is the same thing).
 */
@ChannelHandler.Sharable
final class Callers extends SimpleChannelInboundHandler<ByteBuf> {
    private final Map<Long, CompletableFuture<byte[]>> waiting = new ConcurrentHashMap<>();
    private volatile IOException closed;

    CompletableFuture<byte[]> expect(long id) {
        CompletableFuture<byte[]> answer = new CompletableFuture<>();
        waiting.put(id, answer);
        IOException gone = closed;
        if (gone != null) {
            answer.completeExceptionally(gone);
        }
        return answer;
    }

    void forget(long id) {
        waiting.remove(id);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
        CompletableFuture<byte[]> answer = waiting.remove(frame.readLong());
        byte status = frame.readByte();
        if (answer == null) {
            return; // its caller gave up (timed out) already
        }
        if (status == RawNettyPair.ANSWERED) {
            answer.complete(ByteBufUtil.getBytes(frame));
        } else {
            answer.completeExceptionally(new IllegalStateException("the server refused the request: "
                    + frame.toString(StandardCharsets.UTF_8)));
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = new IOException("the server closed the connection");
        waiting.values().forEach(f -> f.completeExceptionally(closed));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
