package org.rpcbench.contract;

import java.util.Map;

/**
 * The service every protocol binding serves and calls: the four methods of the seeds' user service,
 * and the other seeds' calls: no argument (seed 000), echo of a string or a nested object (seed 003) and
 * the BenchmarkMessage exchange (seeds 002 and 004), and seed 003's other scenes' calls (the work of its
 * concurrency scene, the map of persons of its stability scene), which only the Java interface carries: the
 * IDL twins do not ({@link org.rpcbench.cases.Operation#twinned()}).
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

    /**
     * Seed 003's concurrency scene's work: appends {@value org.rpcbench.cases.Fixtures#ASSEMBLED_NUMBERS}
     * pseudo-random numbers to the text, one at a time, and returns what it assembled, summed up
     * ({@link org.rpcbench.cases.Fixtures#assemble}).
     */
    String assemble(String text);

    /** Returns the map of persons it was sent (seed 003's stability scene's third call), every person whole. */
    Map<String, Person> echoPersons(Map<String, Person> persons);

    /** Returns the message it was sent with field1 set to "OK" and field2 to 100, as the seeds' server does. */
    BenchmarkMessage say(BenchmarkMessage message);
}
