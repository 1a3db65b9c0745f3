package org.rpcbench.dubbo.fastjson;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.JSONObject;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import org.apache.dubbo.common.serialize.ObjectInput;

/** Reads length-prefixed JSON texts into the types the caller names; autoType stays off. */
final class FastjsonObjectInput implements ObjectInput {
    private final DataInputStream in;

    FastjsonObjectInput(InputStream input) {
        this.in = new DataInputStream(input);
    }

    private byte[] next() throws IOException {
        int length = in.readInt();
        if (length < 0) {
            throw new IOException("a negative JSON length: " + length);
        }
        byte[] json = new byte[length];
        in.readFully(json);
        return json;
    }

    private <T> T read(Type type) throws IOException {
        byte[] json = next();
        return JSON.parseObject(json, 0, json.length, StandardCharsets.UTF_8, type, FastjsonSerialization.PARSER,
                null, JSON.DEFAULT_PARSER_FEATURE);
    }

    /** With no type named, a value comes back as fastjson's own maps, lists and scalars. */
    @Override
    public Object readObject() throws IOException {
        return read(Object.class);
    }

    @Override
    public <T> T readObject(Class<T> cls) throws IOException {
        return read(cls);
    }

    @Override
    public <T> T readObject(Class<T> cls, Type type) throws IOException {
        return read(type != null ? type : cls);
    }

    /** The remote exception's type and message, as a local exception that creates nothing else. */
    @Override
    public Throwable readThrowable() throws IOException {
        JSONObject described = read(JSONObject.class);
        return new RuntimeException(described.getString("type") + ": " + described.getString("message"));
    }

    @Override
    public boolean readBool() throws IOException {
        return read(boolean.class);
    }

    @Override
    public byte readByte() throws IOException {
        return read(byte.class);
    }

    @Override
    public short readShort() throws IOException {
        return read(short.class);
    }

    @Override
    public int readInt() throws IOException {
        return read(int.class);
    }

    @Override
    public long readLong() throws IOException {
        return read(long.class);
    }

    @Override
    public float readFloat() throws IOException {
        return read(float.class);
    }

    @Override
    public double readDouble() throws IOException {
        return read(double.class);
    }

    @Override
    public String readUTF() throws IOException {
        return read(String.class);
    }

    @Override
    public byte[] readBytes() throws IOException {
        return read(byte[].class);
    }
}
