package org.rpcbench.rmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InvalidClassException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.util.LinkedList;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.server.RunningServer;

class RmiServerTest {

    private static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    @Test
    void aBusyPortIsABindException() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> new RmiServer().start("127.0.0.1", taken.getLocalPort()))
                    .hasRootCauseInstanceOf(BindException.class);
        }
    }

    @Test
    void onlyTheContractsClassesAreDeserialized() throws Exception {
        int port = freePort();
        try (RunningServer ignored = new RmiServer().start("127.0.0.1", port)) {
            RemoteUserService remote = (RemoteUserService) LocateRegistry.getRegistry("127.0.0.1", port)
                    .lookup(RmiBinding.REGISTRY_NAME);
            assertThat(remote.createUser(Fixtures.submittedUser(5))).isTrue();

            // the same user, but its permissions in a list class the allowlist does not name: equal as a
            // List, so without the filter the server would accept it
            User smuggled = Fixtures.submittedUser(5);
            smuggled.setPermissions(new LinkedList<>(smuggled.getPermissions()));
            assertThatThrownBy(() -> remote.createUser(smuggled))
                    .hasRootCauseInstanceOf(InvalidClassException.class)
                    .hasStackTraceContaining("REJECTED");
        }
    }

    @Test
    void theEchoedPersonAndTheMessagePassTheFilterButNothingElseInsideThem() throws Exception {
        int port = freePort();
        try (RunningServer ignored = new RmiServer().start("127.0.0.1", port)) {
            RemoteUserService remote = (RemoteUserService) LocateRegistry.getRegistry("127.0.0.1", port)
                    .lookup(RmiBinding.REGISTRY_NAME);
            assertThat(remote.echoPerson(Fixtures.person(3))).isEqualTo(Fixtures.person(3));
            BenchmarkMessage message = Fixtures.benchmarkMessage(3);
            message.getField5().add(7L);
            BenchmarkMessage said = Fixtures.said(message);
            assertThat(remote.say(message)).isEqualTo(said);

            Person smuggled = Fixtures.person(3);
            smuggled.setFriends(new LinkedList<>(smuggled.getFriends()));
            assertThatThrownBy(() -> remote.echoPerson(smuggled))
                    .hasRootCauseInstanceOf(InvalidClassException.class)
                    .hasStackTraceContaining("REJECTED");
        }
    }

    @Test
    void aHashMapOfPersonsPassesTheFilterAndAnotherMapDoesNot() throws Exception {
        int port = freePort();
        try (RunningServer ignored = new RmiServer().start("127.0.0.1", port)) {
            RemoteUserService remote = (RemoteUserService) LocateRegistry.getRegistry("127.0.0.1", port)
                    .lookup(RmiBinding.REGISTRY_NAME);
            assertThat(remote.echoPersons(Fixtures.persons(3))).isEqualTo(Fixtures.persons(3));

            java.util.Map<String, Person> smuggled = new java.util.TreeMap<>(Fixtures.persons(3));
            assertThatThrownBy(() -> remote.echoPersons(smuggled))
                    .hasRootCauseInstanceOf(InvalidClassException.class)
                    .hasStackTraceContaining("REJECTED");
        }
    }

    @Test
    void closingUnexportsEverythingAndFreesThePort() throws Exception {
        int port = freePort();
        RunningServer first = new RmiServer().start("127.0.0.1", port);
        first.close();
        first.close();
        // RMI's reaper is its one non-daemon thread, alive while anything is exported
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().contains("Reaper") && !t.isDaemon()) {
                t.join(10_000);
                assertThat(t.isAlive()).as("%s after close", t.getName()).isFalse();
            }
        }
        try (RunningServer again = new RmiServer().start("127.0.0.1", port)) {
            assertThat(again).isNotNull();
        }
    }
}
