package org.rpcbench.dubbo.fastjson;

import com.alibaba.fastjson.JSON;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.dubbo.common.serialize.ObjectOutput;

/** Writes each value as a length-prefixed JSON text, without class names. */
final class FastjsonObjectOutput implements ObjectOutput {
    private final DataOutputStream out;

    FastjsonObjectOutput(OutputStream output) {
        this.out = new DataOutputStream(output);
    }

    @Override
    public void writeObject(Object value) throws IOException {
        byte[] json = JSON.toJSONBytes(value);
        out.writeInt(json.length);
        out.write(json);
    }

    /**
     * Type and message only: the reader must not be told which class to make. Not marked as overriding:
     * Dubbo 3.1 on declares this one, 3.0 the one below.
     */
    public void writeThrowable(Throwable t) throws IOException {
        Map<String, String> described = new LinkedHashMap<>();
        described.put("type", t.getClass().getName());
        described.put("message", String.valueOf(t.getMessage()));
        writeObject(described);
    }

    /** Dubbo 3.0's form of {@link #writeThrowable(Throwable)}, which it is given a Throwable through. */
    public void writeThrowable(Object t) throws IOException {
        if (!(t instanceof Throwable throwable)) {
            throw new IOException("not a Throwable: " + (t == null ? null : t.getClass().getName()));
        }
        writeThrowable(throwable);
    }

    @Override
    public void writeBool(boolean v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeByte(byte v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeShort(short v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeDouble(double v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeUTF(String v) throws IOException {
        writeObject(v);
    }

    @Override
    public void writeBytes(byte[] b) throws IOException {
        writeObject(b);
    }

    @Override
    public void writeBytes(byte[] b, int off, int len) throws IOException {
        writeObject(Arrays.copyOfRange(b, off, off + len));
    }

    @Override
    public void flushBuffer() throws IOException {
        out.flush();
    }
}
