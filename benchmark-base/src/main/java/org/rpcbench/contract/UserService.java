package org.rpcbench.contract;

/**
 * The service every protocol binding serves and calls: the four methods of the seeds' user service,
 * and the other seeds' calls: no argument (seed 000), echo of a string or a nested object (seed 003) and
 * the BenchmarkMessage exchange (seeds 002 and 004).
 * Plain Java types only, so serializations that need no IDL (hessian2, kryo, fst, json) carry it as is;
 * IDL protocols use its protobuf twin in {@code user_service.proto}.
 */
public interface UserService {

    /** Whether a user with this email exists; see {@link org.rpcbench.cases.Fixtures#exists}. */
    boolean existUser(String email);

    /** Accepts a user; true only when it arrived exactly as the fixture with its id. */
    boolean createUser(User user);

    /** The fixture user with this id. */
    User getUser(long id);

    /** Page {@code pageNo} of the fixture users, {@value org.rpcbench.cases.Fixtures#PAGE_SIZE} to a page. */
    Page listUser(int pageNo);

    /** Takes nothing and returns nothing: the cost of a call itself. */
    void ping();

    /** Returns the text it was sent. */
    String echo(String text);

    /** Returns the person it was sent, friends and all. */
    Person echoPerson(Person person);

    /** Returns the message it was sent with field1 set to "OK" and field2 to 100, as the seeds' server does. */
    BenchmarkMessage say(BenchmarkMessage message);
}
