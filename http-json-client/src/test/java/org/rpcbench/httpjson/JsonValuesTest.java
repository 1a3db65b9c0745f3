package org.rpcbench.httpjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSON;
import java.lang.reflect.Type;
import java.time.LocalDateTime;
import org.apache.dubbo.common.json.JsonUtil;
import org.apache.dubbo.common.json.impl.FastJson2Impl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.server.FixtureUserService;

/**
 * The JSON on this pair's wire carries the contract's values exactly, in both directions: what the client
 * writes (fastjson2) is what Dubbo's server-side JSON adapter reads, and what that adapter writes is what
 * the client reads back. Text with non-ASCII characters, java.time dates and times to the nanosecond, the list,
 * nested objects, the boolean fields of BenchmarkMessage, and ping's empty answer.
 */
class JsonValuesTest {
    /** The adapter Dubbo's Triple server encodes and decodes HTTP bodies with when fastjson2 is present. */
    private final JsonUtil server = new FastJson2Impl();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 7, 9_999, 10_000, 123_456_789, Long.MAX_VALUE / 1000})
    void aUserSurvivesBothWays(long id) {
        for (User user : new User[] {Fixtures.user(id), Fixtures.submittedUser(id)}) {
            assertThat((User) server.toJavaObject(new String(JSON.toJSONBytes(user), UTF_8), (Type) User.class))
                    .as("client to server").isEqualTo(user);
            assertThat(JSON.parseObject(server.toJson(user).getBytes(UTF_8), User.class))
                    .as("server to client").isEqualTo(user);
        }
    }

    @Test
    void aPageSurvivesWithItsUsersTyped() {
        Page page = Fixtures.page(3);
        Page back = JSON.parseObject(server.toJson(page).getBytes(UTF_8), Page.class);
        assertThat(back).isEqualTo(page);
        assertThat(back.getResult()).first().isInstanceOf(User.class);
    }

    @Test
    void sexIsANumberAndTheTimesTextToTheNanosecondBothWays() {
        User user = Fixtures.submittedUser(2);
        LocalDateTime created = user.getCreateTime();
        // fastjson2's own form of a LocalDateTime: the date, a space, the time with every digit of its nanos
        String expected = created.toLocalDate() + " " + created.toLocalTime();
        assertThat(created.getNano() % 1_000).as("a time with nanoseconds").isNotZero();
        for (String json : new String[] {server.toJson(user), new String(JSON.toJSONBytes(user), UTF_8)}) {
            assertThat(json).contains("\"sex\":2,")
                    .contains("\"birthday\":\"1980-01-03\"")
                    .contains("\"createTime\":\"" + expected + "\"")
                    .contains("\"updateTime\":\"" + expected + "\"")
                    .contains(user.getName());
        }
    }

    @Test
    void scalarArgumentsAndAnswersAreBareJsonValues() {
        assertThat(new String(JSON.toJSONBytes(Fixtures.existUserRequest(4)), UTF_8))
                .isEqualTo("\"user4@rpc-bench.test\"");
        assertThat(new String(JSON.toJSONBytes(Long.MAX_VALUE), UTF_8))
                .isEqualTo(String.valueOf(Long.MAX_VALUE));
        assertThat(JSON.parseObject(server.toJson(true).getBytes(UTF_8), Boolean.class)).isTrue();
    }

    @Test
    void aPersonSurvivesBothWaysWithItsFriendsTyped() {
        Person person = Fixtures.person(4);
        Person atServer = (Person) server.toJavaObject(new String(JSON.toJSONBytes(person), UTF_8), (Type) Person.class);
        assertThat(atServer).as("client to server").isEqualTo(person);
        assertThat(atServer.getFriends()).hasSize(Fixtures.FRIENDS).first().isInstanceOf(Person.class);
        Object back = HttpJsonConnection.decode("echoPerson", 200, server.toJson(atServer).getBytes(UTF_8), Person.class);
        assertThat(Checks.person(Fixtures.person(4), back)).as("server to client").isNull();
        assertThat(Checks.person(Fixtures.person(5), back)).as("another person's check").isNotNull();
    }

    @Test
    void aBenchmarkMessageSurvivesBothWaysAndSaysAnswerIsChecked() {
        BenchmarkMessage message = Fixtures.benchmarkMessage(6);
        message.getField5().add(Long.MAX_VALUE);
        BenchmarkMessage expected = Fixtures.said(message);
        String request = new String(JSON.toJSONBytes(message), UTF_8);
        assertThat(request).contains("\"field12\":true").contains("\"field22\":" + (Fixtures.MESSAGE_NUMBER + 6L))
                .contains(Fixtures.MESSAGE_TEXT);

        BenchmarkMessage atServer = (BenchmarkMessage) server.toJavaObject(request, (Type) BenchmarkMessage.class);
        assertThat(atServer).as("client to server").isEqualTo(message);
        assertThat(atServer.getField5()).containsExactly(Long.MAX_VALUE);
        byte[] answer = server.toJson(new FixtureUserService().say(atServer)).getBytes(UTF_8);
        Object said = HttpJsonConnection.decode("say", 200, answer, BenchmarkMessage.class);
        assertThat(Checks.say(expected, said)).as("say's answer").isNull();
        assertThat(((BenchmarkMessage) said).getField5()).first().isInstanceOf(Long.class);

        Object unsaid = HttpJsonConnection.decode("say", 200, request.getBytes(UTF_8), BenchmarkMessage.class);
        assertThat(Checks.say(expected, unsaid)).as("the message sent back unchanged").contains("field1");
    }

    @Test
    void theEchoTextIsABareJsonString() {
        String text = Fixtures.echoText(Case.ECHO_1K.echoBytes(), 3);
        byte[] body = JSON.toJSONBytes(text);
        assertThat(body).hasSize(text.length() + 2);
        assertThat((String) server.toJavaObject(new String(body, UTF_8), (Type) String.class)).isEqualTo(text);
        assertThat(Checks.echo(text, HttpJsonConnection.decode("echo", 200, server.toJson(text).getBytes(UTF_8), String.class)))
                .isNull();
    }

    @Test
    void pingAcceptsTheJsonNullOnly() {
        assertThat(Checks.ping(HttpJsonConnection.decode("ping", 200, "null".getBytes(UTF_8), Object.class))).isNull();
        assertThat(Checks.ping(HttpJsonConnection.decode("ping", 200, "true".getBytes(UTF_8), Object.class))).isNotNull();
        assertThat(Checks.ping(HttpJsonConnection.decode("ping", 200, "{}".getBytes(UTF_8), Object.class))).isNotNull();
        assertThat(Checks.ping(HttpJsonConnection.decode("ping", 200, new byte[0], Object.class))).isNotNull();
        assertThat(Checks.ping(HttpJsonConnection.decode("ping", 500, "null".getBytes(UTF_8), Object.class))).isNotNull();
    }
}
