package org.rpcbench.dubbo.fastjson;

import com.alibaba.fastjson.parser.ParserConfig;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.Constants;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;

/**
 * fastjson 1.x as a Dubbo serialization, with autoType off: every value is read into the type the method
 * signature names, never into a type the bytes name. Registered as {@code fastjson} (Dubbo's id 6) by the
 * dubbo-fastjson modules only.
 *
 * <p>Why not dubbo-serialization-fastjson 3.2.0: it turns autoType on (it writes class names and reads with
 * {@code SupportAutoType}, guarded by Dubbo's class check instead), and it builds a new {@code ParserConfig}
 * for every value it reads, which would bill fastjson for the extension's cost. Dubbo 2.7's own fastjson
 * serialization, the one seed 001 measured, read each value into its declared type, as this one does.
 *
 * <p>Each value is one JSON text preceded by its length (4 bytes), so a value can hold any character.
 */
public final class FastjsonSerialization implements Serialization {
    /** One parser configuration for every read: safe mode refuses any {@code @type} in the input. */
    static final ParserConfig PARSER = new ParserConfig();

    static {
        PARSER.setAutoTypeSupport(false);
        PARSER.setSafeMode(true);
    }

    @Override
    public byte getContentTypeId() {
        return Constants.FASTJSON_SERIALIZATION_ID;
    }

    @Override
    public String getContentType() {
        return "text/json";
    }

    @Override
    public ObjectOutput serialize(URL url, OutputStream output) {
        return new FastjsonObjectOutput(output);
    }

    @Override
    public ObjectInput deserialize(URL url, InputStream input) {
        return new FastjsonObjectInput(input);
    }
}
