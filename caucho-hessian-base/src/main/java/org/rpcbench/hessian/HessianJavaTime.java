package org.rpcbench.hessian;

import com.caucho.hessian.io.AbstractDeserializer;
import com.caucho.hessian.io.AbstractHessianInput;
import com.caucho.hessian.io.AbstractHessianOutput;
import com.caucho.hessian.io.AbstractSerializer;
import com.caucho.hessian.io.HessianProtocolException;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * java.time for Caucho Hessian 4.0.66, the Hessian of Motan's hessian2 and of the hessian-http pair: it has no
 * serializer for LocalDate or LocalDateTime, and its fallback for them (their {@code writeReplace}, to
 * {@code java.time.Ser}, which holds the value itself) recurses until the stack overflows. Motan's
 * maintainers advise another serialization for java.time (weibocom/motan issue 209); these pairs keep their
 * framework's Hessian and give it what Hessian's users give it: a serializer and a deserializer per class,
 * named in the class path resources {@code META-INF/hessian/serializers} and
 * {@code META-INF/hessian/deserializers}, which every Hessian {@code SerializerFactory} (Motan's, and the
 * servlet's and proxy factory's of hessian-http) reads. Nothing of the frameworks is changed.
 *
 * <p>Each value is a Hessian object of its own class name: a LocalDate its epoch day ({@code date}), a
 * LocalDateTime its epoch day and its nanosecond of the day ({@code date}, {@code time}), exact to the
 * nanosecond. Both take part in Hessian's references, so updateTime, the same object as createTime in a
 * server's answer, is written as a reference, as Hessian writes any object it has seen.
 */
public final class HessianJavaTime {

    private HessianJavaTime() {}

    /** Writes a value as an object of its class with long fields, through Hessian's definition-then-instance form. */
    private abstract static class LongFieldsSerializer extends AbstractSerializer {
        private final String[] names;

        LongFieldsSerializer(String... names) {
            this.names = names;
        }

        abstract long field(Object value, int index);

        @Override
        protected void writeObject10(Object value, AbstractHessianOutput out) throws IOException {
            for (int i = 0; i < names.length; i++) {
                out.writeString(names[i]);
                out.writeLong(field(value, i));
            }
            out.writeMapEnd();
        }

        @Override
        protected void writeDefinition20(Class<?> type, AbstractHessianOutput out) throws IOException {
            out.writeClassFieldLength(names.length);
            for (String name : names) {
                out.writeString(name);
            }
        }

        @Override
        protected void writeInstance(Object value, AbstractHessianOutput out) throws IOException {
            for (int i = 0; i < names.length; i++) {
                out.writeLong(field(value, i));
            }
        }
    }

    /** Reads what {@link LongFieldsSerializer} wrote; a field missing or unknown is an error, not a default. */
    private abstract static class LongFieldsDeserializer extends AbstractDeserializer {
        private final Class<?> type;
        private final String[] names;

        LongFieldsDeserializer(Class<?> type, String... names) {
            this.type = type;
            this.names = names;
        }

        abstract Object value(long[] fields);

        @Override
        public Class<?> getType() {
            return type;
        }

        @Override
        public Object readObject(AbstractHessianInput in, Object[] fieldNames) throws IOException {
            int ref = in.addRef(null);
            long[] fields = new long[names.length];
            boolean[] seen = new boolean[names.length];
            for (Object name : fieldNames) {
                int i = index(name);
                fields[i] = in.readLong();
                seen[i] = true;
            }
            Object value = make(fields, seen);
            in.setRef(ref, value);
            return value;
        }

        @Override
        public Object readMap(AbstractHessianInput in) throws IOException {
            int ref = in.addRef(null);
            long[] fields = new long[names.length];
            boolean[] seen = new boolean[names.length];
            while (!in.isEnd()) {
                int i = index(in.readString());
                fields[i] = in.readLong();
                seen[i] = true;
            }
            in.readMapEnd();
            Object value = make(fields, seen);
            in.setRef(ref, value);
            return value;
        }

        private int index(Object name) throws HessianProtocolException {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
            throw new HessianProtocolException(type.getName() + " has no field " + name);
        }

        private Object make(long[] fields, boolean[] seen) throws HessianProtocolException {
            for (int i = 0; i < names.length; i++) {
                if (!seen[i]) {
                    throw new HessianProtocolException(type.getName() + " arrived without its field " + names[i]);
                }
            }
            try {
                return value(fields);
            } catch (DateTimeException e) {
                throw new HessianProtocolException(type.getName() + " out of range: " + e.getMessage());
            }
        }
    }

    public static final class LocalDateSerializer extends LongFieldsSerializer {
        public LocalDateSerializer() {
            super("date");
        }

        @Override
        long field(Object value, int index) {
            return ((LocalDate) value).toEpochDay();
        }
    }

    public static final class LocalDateDeserializer extends LongFieldsDeserializer {
        public LocalDateDeserializer() {
            super(LocalDate.class, "date");
        }

        @Override
        Object value(long[] fields) {
            return LocalDate.ofEpochDay(fields[0]);
        }
    }

    public static final class LocalDateTimeSerializer extends LongFieldsSerializer {
        public LocalDateTimeSerializer() {
            super("date", "time");
        }

        @Override
        long field(Object value, int index) {
            LocalDateTime time = (LocalDateTime) value;
            return index == 0 ? time.toLocalDate().toEpochDay() : time.toLocalTime().toNanoOfDay();
        }
    }

    public static final class LocalDateTimeDeserializer extends LongFieldsDeserializer {
        public LocalDateTimeDeserializer() {
            super(LocalDateTime.class, "date", "time");
        }

        @Override
        Object value(long[] fields) {
            return LocalDateTime.of(LocalDate.ofEpochDay(fields[0]), LocalTime.ofNanoOfDay(fields[1]));
        }
    }
}
