package org.rpcbench.cases;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.rpcbench.contract.Address;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.MessageProperty;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;

/**
 * Deterministic data for the contract. The server builds its answers from these functions and the
 * client builds its expectations from the same functions, so every answer can be checked exactly
 * without the two sides sharing anything but this code.
 */
public final class Fixtures {
    public static final int PAGE_SIZE = 15;
    public static final int PERMISSIONS = 15;
    public static final String EMAIL_DOMAIN = "@rpc-bench.test";
    /** What {@link Page#getTotal()} reports: the size of the imaginary user table. */
    public static final int TOTAL_USERS = 1_000_000;

    private static final LocalDate BIRTHDAY_BASE = LocalDate.of(1980, 1, 1);
    private static final LocalDateTime SUBMITTED_BASE = LocalDateTime.of(2020, 1, 1, 0, 0);

    /** Friends of the echoed person: with them the object is about 1 KB serialized, as seed 003's was. */
    public static final int FRIENDS = 6;
    /** Distinct echo texts per size; requests reuse them, so 1,000 threads do not hold 1,000 copies of 200 KB. */
    static final int ECHO_VARIANTS = 8;

    /** What {@code say} sets, so the client can tell the server really handled the message (seeds 002/004). */
    public static final String SAID_FIELD1 = "OK";
    public static final int SAID_FIELD2 = 100;
    /**
     * The seeds fill every scalar field of BenchmarkMessage: strings with this sentence (54 UTF-8 bytes),
     * each field's rotated by its field number so that no two are equal (serializers that write a repeated
     * string once, kryo's and Java's references, would otherwise gain from eight copies of one value)...
     */
    public static final String MESSAGE_TEXT = "远方的山在晨雾里一层一层地浮现出来了";
    /** ...numbers with this (int64 fields add the request number, so requests differ), booleans with true. */
    public static final int MESSAGE_NUMBER = 100_000;

    /** How many random numbers seed 003's concurrency scene appends to its 1 KB text per call. */
    public static final int ASSEMBLED_NUMBERS = 10_000;
    /** The persons in the map of seed 003's stability scene. */
    public static final int PERSONS_IN_MAP = 3;

    private static final Map<Integer, String[]> ECHO_TEXTS = new ConcurrentHashMap<>();

    private Fixtures() {}

    /**
     * The user with this id as the server answers it, filled as the seeds' server fills it: created now
     * ({@link LocalDateTime#now()}, this call's own reading of the clock: to the nanosecond on Linux since JDK 15)
     * and updated at the same instant (the same object, as the seeds set updateTime = createTime). Every
     * other field is deterministic per id; text fields carry non-ASCII characters so encoders do real
     * UTF-8 work.
     */
    public static User user(long id) {
        User u = profile(id);
        LocalDateTime now = LocalDateTime.now();
        u.setCreateTime(now);
        u.setUpdateTime(now);
        return u;
    }

    /**
     * The user with this id as a client submits it to createUser: built before measurement, so its times
     * cannot be the clock's; they are {@link #submittedTime(long)}, fixed per id, which the server checks
     * exactly.
     */
    public static User submittedUser(long id) {
        User u = profile(id);
        LocalDateTime created = submittedTime(id);
        u.setCreateTime(created);
        u.setUpdateTime(created);
        return u;
    }

    /**
     * The creation time of a submitted user: a second from the id, and a fraction with every digit to the
     * nanosecond in use (never a whole number of microseconds, let alone milliseconds), as the server's
     * {@link LocalDateTime#now()} reads it on Linux with JDK 15 and later; so a serialization that keeps
     * only microseconds, milliseconds or seconds is caught.
     */
    public static LocalDateTime submittedTime(long id) {
        long nanos = Math.floorMod(id, 1000) * 1_000_000L + (1 + Math.floorMod(id * 7, 999)) * 1_000L
                + 1 + Math.floorMod(id * 13, 999);
        return SUBMITTED_BASE.plusSeconds(Math.floorMod(id, 100_000_000L)).plusNanos(nanos);
    }

    /** The birthday of the user with this id: a date from 1980 on. */
    public static LocalDate birthday(long id) {
        return BIRTHDAY_BASE.plusDays(Math.floorMod(id, 10_000));
    }

    /** 1 or 2 by the id (the seeds send 1 for everyone); never 0, so it is on every wire, protobuf's included. */
    public static int sex(long id) {
        return id % 2 == 0 ? 2 : 1;
    }

    /** Every field but the times. */
    private static User profile(long id) {
        User u = new User();
        u.setId(id);
        u.setName("用户" + id + " Zoë");
        u.setSex(sex(id));
        u.setBirthday(birthday(id));
        u.setEmail(email(id));
        u.setMobile("1380" + (10_000_000 + id % 10_000_000));
        u.setAddress("北京市朝阳区望京街道" + id + "号 Straße " + (id % 97));
        u.setIcon("https://img.rpc-bench.test/avatar/" + id + ".png");
        List<Integer> permissions = new ArrayList<>(PERMISSIONS);
        for (int i = 0; i < PERMISSIONS; i++) {
            permissions.add((int) ((id * 31 + i * 7) % 1000));
        }
        u.setPermissions(permissions);
        u.setStatus((int) (id % 3));
        return u;
    }

    /**
     * Page {@code pageNo} (from 1) as the server answers it: the users {@code (pageNo-1)*15+1 .. pageNo*15},
     * each created now by its own reading of the clock, as the seeds' server makes them.
     */
    public static Page page(int pageNo) {
        Page page = new Page();
        page.setPageNo(pageNo);
        page.setTotal(TOTAL_USERS);
        List<User> users = new ArrayList<>(PAGE_SIZE);
        long first = (long) (pageNo - 1) * PAGE_SIZE + 1;
        for (int i = 0; i < PAGE_SIZE; i++) {
            users.add(user(first + i));
        }
        page.setResult(users);
        return page;
    }

    public static String email(long id) {
        return "user" + id + EMAIL_DOMAIN;
    }

    /** The existUser rule: an email exists when it is a fixture user's email and that user's id is even. */
    public static boolean exists(String email) {
        if (email == null || !email.startsWith("user") || !email.endsWith(EMAIL_DOMAIN)) {
            return false;
        }
        String digits = email.substring(4, email.length() - EMAIL_DOMAIN.length());
        if (digits.isEmpty() || digits.length() > 18) {
            return false;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (!Character.isDigit(digits.charAt(i))) {
                return false;
            }
        }
        return Long.parseLong(digits) % 2 == 0;
    }

    // The requests a client sends. Sequence numbers start at 0; each maps to one distinct request.

    public static String existUserRequest(int seq) {
        return email(seq);
    }

    public static User createUserRequest(int seq) {
        return submittedUser(seq + 1L);
    }

    public static long getUserRequest(int seq) {
        return seq + 1L;
    }

    public static int listUserRequest(int seq) {
        return seq + 1;
    }

    /** Text of exactly {@code bytes} UTF-8 bytes (ASCII), one of a few variants chosen by {@code seq}. */
    public static String echoText(int bytes, int seq) {
        String[] variants = ECHO_TEXTS.computeIfAbsent(bytes, Fixtures::echoVariants);
        return variants[Math.floorMod(seq, ECHO_VARIANTS)];
    }

    private static String[] echoVariants(int bytes) {
        String[] variants = new String[ECHO_VARIANTS];
        for (int v = 0; v < ECHO_VARIANTS; v++) {
            StringBuilder text = new StringBuilder(bytes).append("echo ").append(v).append(' ');
            // letters from a xorshift sequence: no run a transport could shortcut, the same on every JVM
            long x = 0x9E3779B97F4A7C15L ^ (v + 1L);
            while (text.length() < bytes) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                text.append((char) ('a' + Math.floorMod(x, 26)));
            }
            text.setLength(bytes);
            variants[v] = text.toString();
        }
        return variants;
    }

    /** The person echoed by request number {@code seq}: {@value #FRIENDS} friends, each with an address. */
    public static Person person(int seq) {
        long id = seq + 1L;
        Person p = person(id);
        List<Person> friends = new ArrayList<>(FRIENDS);
        for (int i = 1; i <= FRIENDS; i++) {
            friends.add(person(id * 10 + i));
        }
        p.setFriends(friends);
        return p;
    }

    private static Person person(long id) {
        Person p = new Person();
        p.setId(id);
        p.setName("李华 Müller " + id);
        p.setAge((int) (20 + id % 50));
        p.setEmail("person" + id + EMAIL_DOMAIN);
        p.setPhone("+86 138 " + (1000 + id % 9000) + " " + (1000 + id * 7 % 9000));
        Address a = new Address();
        a.setStreet("望京街道 " + (id % 300) + " 号, Building " + (id % 17) + ", Chaoyang District");
        // the same values in every person, but not the same String objects: a serializer that writes an
        // object it has seen as a reference (kryo's, Java's) must not gain from the fixture's literals
        a.setCity(new String("Beijing"));
        a.setZip(String.valueOf(100_000 + id % 900_000));
        a.setCountry(new String("China"));
        p.setAddress(a);
        return p;
    }

    /**
     * The map of request number {@code seq} of seed 003's stability scene: {@value #PERSONS_IN_MAP} persons,
     * each the nested person of the POJO echo (friends, addresses), under a key of its own. A HashMap, the
     * map every Java serialization here makes of it on the way back, so that an allowlist of classes
     * (RMI's) names one map type.
     */
    public static Map<String, Person> persons(int seq) {
        Map<String, Person> persons = new HashMap<>();
        for (int i = 0; i < PERSONS_IN_MAP; i++) {
            Person p = person(seq * PERSONS_IN_MAP + i);
            persons.put("person-" + p.getId(), p);
        }
        return persons;
    }

    /**
     * Seed 003's concurrency scene's work on a text: {@value #ASSEMBLED_NUMBERS} times, a random number made
     * and appended, and the answer what was assembled, summed up: the text's length, the assembled string's
     * length and its {@link String#hashCode()}. The seed does not say what its server returned; a summary keeps
     * the answer small, so that the scene measures the work and not a 100 KB answer's serialization. The
     * numbers come from {@link Random} (the generator the seed's Java had) seeded by the text, one per call as
     * the seed made them, so that client and server work the same summary out apart and the client checks it
     * exactly: the server does all the work per call, the client once per prepared request.
     */
    public static String assemble(String text) {
        Random random = new Random(text.hashCode());
        StringBuilder assembled = new StringBuilder(text.length() + ASSEMBLED_NUMBERS * 11).append(text);
        for (int i = 0; i < ASSEMBLED_NUMBERS; i++) {
            assembled.append(random.nextInt());
        }
        return text.length() + " characters and " + ASSEMBLED_NUMBERS + " numbers: " + assembled.length() + " characters, hash "
                + Integer.toHexString(assembled.toString().hashCode());
    }

    /**
     * BenchmarkMessage number {@code seq}, filled as the seeds fill it: every scalar field set through
     * reflection by its type ({@link #messageValue}); field5, the one repeated field, left empty.
     */
    public static BenchmarkMessage benchmarkMessage(int seq) {
        BenchmarkMessage m = new BenchmarkMessage();
        for (MessageProperty p : MessageProperty.ALL) {
            if (p.type() != List.class) {
                p.set(m, messageValue(p.type(), Integer.parseInt(p.name().substring("field".length())), seq));
            }
        }
        return m;
    }

    /** The value field number {@code field} of this type gets in message {@code seq}. */
    public static Object messageValue(Class<?> type, int field, int seq) {
        if (type == String.class) {
            int turn = field % MESSAGE_TEXT.length();
            return MESSAGE_TEXT.substring(turn) + MESSAGE_TEXT.substring(0, turn);
        } else if (type == int.class || type == Integer.class) {
            return MESSAGE_NUMBER;
        } else if (type == long.class || type == Long.class) {
            return (long) MESSAGE_NUMBER + seq;
        } else if (type == boolean.class || type == Boolean.class) {
            return true;
        }
        throw new IllegalArgumentException("BenchmarkMessage has no field of type " + type);
    }

    /** What {@code say} answers to a message: the same message with field1 and field2 set. */
    public static BenchmarkMessage said(BenchmarkMessage request) {
        BenchmarkMessage answer = benchmarkMessageCopy(request);
        answer.setField1(SAID_FIELD1);
        answer.setField2(SAID_FIELD2);
        return answer;
    }

    private static BenchmarkMessage benchmarkMessageCopy(BenchmarkMessage m) {
        BenchmarkMessage copy = new BenchmarkMessage();
        for (MessageProperty p : MessageProperty.ALL) {
            Object value = p.get(m);
            p.set(copy, value instanceof List<?> list ? new ArrayList<>(list) : value);
        }
        return copy;
    }
}
