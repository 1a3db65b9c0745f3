package org.rpcbench.binding;

import java.net.ConnectException;
import java.util.Map;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;
import org.rpcbench.server.FixtureUserService;

/**
 * A binding with no network: calls go straight to the fixture service. It lets the launcher, JMH
 * glue and reports be tested in one JVM. Switches make it lie or be unreachable.
 */
public final class InMemoryBinding implements ClientBinding {
    public static volatile boolean down;
    public static volatile boolean lying;
    /** Connections from this number on (0 is the first) lie; the launcher's preflight opens number 0. */
    public static volatile int lyingFromConnection = Integer.MAX_VALUE;
    /** How long every call takes, beyond the service's own work: a server that got slower. */
    public static volatile long delayNanos;
    public static final java.util.concurrent.atomic.AtomicInteger CONNECTIONS = new java.util.concurrent.atomic.AtomicInteger();
    /** Connections closed: every one opened must be, by the end of a run. */
    public static final java.util.concurrent.atomic.AtomicInteger CLOSED = new java.util.concurrent.atomic.AtomicInteger();
    /** When each UserService method was last called (System.nanoTime): cases run one after another end in their order. */
    public static final Map<String, Long> LAST_CALLED = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public String name() {
        return "in-memory";
    }

    @Override
    public int defaultPort() {
        return 1;
    }

    @Override
    public Map<String, String> settings() {
        return Map.of("protocol", "none", "serialization", "none", "framework", "none", "frameworkVersion", "0");
    }

    @Override
    public Connection connect(Target target) throws Exception {
        if (down) {
            throw new ConnectException("Connection refused: " + target);
        }
        boolean lies = lying || CONNECTIONS.getAndIncrement() >= lyingFromConnection;
        UserService real = new FixtureUserService();
        UserService service = new UserService() {
            @Override public boolean existUser(String email) { LAST_CALLED.put("existUser", System.nanoTime()); return real.existUser(email); }
            @Override public boolean createUser(User user) { LAST_CALLED.put("createUser", System.nanoTime()); return real.createUser(user); }
            @Override public User getUser(long id) {
                LAST_CALLED.put("getUser", System.nanoTime());
                if (delayNanos > 0) {
                    java.util.concurrent.locks.LockSupport.parkNanos(delayNanos);
                }
                return real.getUser(lies ? id + 1 : id);
            }
            @Override public Page listUser(int pageNo) { LAST_CALLED.put("listUser", System.nanoTime()); return real.listUser(pageNo); }
            @Override public void ping() { real.ping(); }
            @Override public String echo(String text) { return real.echo(text); }
            @Override public Person echoPerson(Person person) { return real.echoPerson(person); }
            @Override public BenchmarkMessage say(BenchmarkMessage message) { return real.say(message); }
            @Override public String assemble(String text) { return real.assemble(text); }
            @Override public Map<String, Person> echoPersons(Map<String, Person> persons) { return lies ? Map.of() : real.echoPersons(persons); }
        };
        return new ContractConnection(service, CLOSED::incrementAndGet);
    }
}
