package org.rpcbench.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSON;
import java.lang.reflect.Type;
import org.apache.dubbo.common.json.JsonUtil;
import org.apache.dubbo.common.json.impl.FastJson2Impl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Sex;
import org.rpcbench.contract.User;

/**
 * The JSON on this pair's wire carries the contract's values exactly, in both directions: what the client
 * writes (fastjson2) is what Dubbo's server-side JSON adapter reads, and what that adapter writes is what
 * the client reads back. Text with non-ASCII characters, epoch-millisecond longs, the enum, the list.
 */
class JsonValuesTest {
    /** The adapter Dubbo's Triple server encodes and decodes HTTP bodies with when fastjson2 is present. */
    private final JsonUtil server = new FastJson2Impl();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 7, 9_999, 10_000, 123_456_789, Long.MAX_VALUE / 1000})
    void aUserSurvivesBothWays(long id) {
        User user = Fixtures.user(id);
        assertThat((User) server.toJavaObject(new String(JSON.toJSONBytes(user), UTF_8), (Type) User.class))
                .as("client to server").isEqualTo(user);
        assertThat(JSON.parseObject(server.toJson(user).getBytes(UTF_8), User.class))
                .as("server to client").isEqualTo(user);
    }

    @Test
    void aPageSurvivesWithItsUsersTyped() {
        Page page = Fixtures.page(3);
        Page back = JSON.parseObject(server.toJson(page).getBytes(UTF_8), Page.class);
        assertThat(back).isEqualTo(page);
        assertThat(back.getResult()).first().isInstanceOf(User.class);
    }

    @Test
    void theEnumTravelsByNameAndTimesAsExactIntegers() {
        User user = Fixtures.user(2);
        String json = server.toJson(user);
        assertThat(user.getSex()).isEqualTo(Sex.FEMALE);
        assertThat(json).contains("\"sex\":\"FEMALE\"")
                .contains("\"birthday\":" + user.getBirthday() + ",")
                .contains("\"createTime\":" + user.getCreateTime() + ",")
                .contains(user.getName());
    }

    @Test
    void scalarArgumentsAndAnswersAreBareJsonValues() {
        assertThat(new String(JSON.toJSONBytes(Fixtures.existUserRequest(4)), UTF_8))
                .isEqualTo("\"user4@rpc-bench.test\"");
        assertThat(new String(JSON.toJSONBytes(Long.MAX_VALUE), UTF_8))
                .isEqualTo(String.valueOf(Long.MAX_VALUE));
        assertThat(JSON.parseObject(server.toJson(true).getBytes(UTF_8), Boolean.class)).isTrue();
    }
}
