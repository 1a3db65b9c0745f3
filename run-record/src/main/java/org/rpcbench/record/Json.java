package org.rpcbench.record;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * The harness's one JSON configuration. A figure that is not known is NaN in Java and null in JSON, both
 * ways, so that "not measured" never reads as 0 and never as the string "NaN". Keys a reader does not
 * know are ignored: a newer record still reads.
 */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, false)
            .configure(SerializationFeature.INDENT_OUTPUT, true)
            .addModule(new SimpleModule("unknown-is-null")
                    .addSerializer(Double.class, new NanAsNull())
                    .addSerializer(Double.TYPE, new NanAsNull())
                    .addDeserializer(Double.TYPE, new NullAsNan()))
            .build();

    private Json() {}

    private static final class NanAsNull extends StdSerializer<Double> {
        NanAsNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator out, SerializerProvider provider) throws IOException {
            if (value == null || value.isNaN() || value.isInfinite()) {
                out.writeNull();
            } else {
                out.writeNumber(value);
            }
        }
    }

    private static final class NullAsNan extends JsonDeserializer<Double> {
        @Override
        public Double deserialize(JsonParser in, DeserializationContext context) throws IOException {
            return in.getValueAsDouble(Double.NaN);
        }

        @Override
        public Double getNullValue(DeserializationContext context) {
            return Double.NaN;
        }
    }
}
