package org.rpcbench.rmi;

import java.io.UncheckedIOException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.Map;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * Looks the service up in the server's registry and calls it through the stub. RMI has no connection
 * object to share: the stub draws on RMI's per-endpoint pool of TCP connections, one per call in flight.
 */
public final class RmiClient extends RmiBinding implements ClientBinding {

    @Override
    public Connection connect(Target target) throws Exception {
        BoundedSockets.install(target.timeoutMillis());
        // the lookup is a call on the server: no server, no stub
        RemoteUserService remote = (RemoteUserService) LocateRegistry.getRegistry(target.host(), target.port())
                .lookup(REGISTRY_NAME);
        // nothing to release: idle pooled connections close themselves, the server's reference to the
        // stub lapses when it is collected (RMI's distributed GC)
        return new ContractConnection(new Unchecked(remote), () -> { });
    }

    /** The contract's interface over the remote one; a RemoteException escapes unchecked, cause kept. */
    private record Unchecked(RemoteUserService remote) implements UserService {
        @Override
        public boolean existUser(String email) {
            try {
                return remote.existUser(email);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public boolean createUser(User user) {
            try {
                return remote.createUser(user);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public User getUser(long id) {
            try {
                return remote.getUser(id);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Page listUser(int pageNo) {
            try {
                return remote.listUser(pageNo);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void ping() {
            try {
                remote.ping();
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String echo(String text) {
            try {
                return remote.echo(text);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Person echoPerson(Person person) {
            try {
                return remote.echoPerson(person);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public BenchmarkMessage say(BenchmarkMessage message) {
            try {
                return remote.say(message);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String assemble(String text) {
            try {
                return remote.assemble(text);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Map<String, Person> echoPersons(Map<String, Person> persons) {
            try {
                return remote.echoPersons(persons);
            } catch (RemoteException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** No: RMI's runtime pools its sockets to an endpoint across every stub in the JVM. */
    @Override
    public boolean socketPerConnect() {
        return false;
    }
}
