package org.rpcbench.hessian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.caucho.hessian.io.Hessian2Input;
import com.caucho.hessian.io.Hessian2Output;
import com.caucho.hessian.io.SerializerFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;

/** Caucho Hessian with the class path's META-INF/hessian entries, as Motan's hessian2 and Hessian's servlet build their factory. */
class HessianJavaTimeTest {
    private final SerializerFactory factory = new SerializerFactory();

    private byte[] write(Object value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.setSerializerFactory(factory);
        out.writeObject(value);
        out.flush();
        return bytes.toByteArray();
    }

    private <T> T read(byte[] bytes, Class<T> type) throws IOException {
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes));
        in.setSerializerFactory(factory);
        return type.cast(in.readObject(type));
    }

    @Test
    void datesAndTimesComeBackToTheNanosecond() throws Exception {
        for (LocalDateTime t : new LocalDateTime[] {Fixtures.submittedTime(7), LocalDateTime.now(),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999), LocalDateTime.MIN, LocalDateTime.MAX}) {
            assertThat(read(write(t), LocalDateTime.class)).isEqualTo(t);
        }
        assertThat(read(write(LocalDate.of(1968, 12, 8)), LocalDate.class)).isEqualTo(LocalDate.of(1968, 12, 8));
    }

    @Test
    void theContractSurvivesExactlyAndTheSharedTimeStaysShared() throws Exception {
        User submitted = Fixtures.submittedUser(9);
        assertThat(Checks.user(submitted, read(write(submitted), User.class))).isNull();
        Page page = Fixtures.page(3);
        Page back = read(write(page), Page.class);
        assertThat(Checks.page(page, back)).isNull();
        // createTime and updateTime are one object on the server, written once and then as a reference
        assertThat(back.getResult().get(4).getUpdateTime()).isSameAs(back.getResult().get(4).getCreateTime());
    }

    @Test
    void anUnknownOrMissingFieldIsRefusedNotDefaulted() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.writeObjectBegin(LocalDate.class.getName());
        out.writeClassFieldLength(1);
        out.writeString("day");
        out.writeObjectBegin(LocalDate.class.getName());
        out.writeLong(3);
        out.flush();
        assertThatThrownBy(() -> read(bytes.toByteArray(), LocalDate.class)).hasMessageContaining("java.time.LocalDate has no field day");

        bytes.reset();
        out = new Hessian2Output(bytes);
        out.writeObjectBegin(LocalDateTime.class.getName());
        out.writeClassFieldLength(1);
        out.writeString("date");
        out.writeObjectBegin(LocalDateTime.class.getName());
        out.writeLong(3);
        out.flush();
        assertThatThrownBy(() -> read(bytes.toByteArray(), LocalDateTime.class))
                .hasMessageContaining("java.time.LocalDateTime arrived without its field time");
    }
}
