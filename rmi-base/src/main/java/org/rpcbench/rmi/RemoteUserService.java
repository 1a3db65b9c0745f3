package org.rpcbench.rmi;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Map;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;

/**
 * The contract's UserService as RMI wants it: a {@link Remote} interface whose every method may throw
 * {@link RemoteException}. Same methods, same argument and answer types (User, Page, Person, Address
 * and BenchmarkMessage are Serializable), so only the transport differs from the plain interface.
 */
public interface RemoteUserService extends Remote {

    boolean existUser(String email) throws RemoteException;

    boolean createUser(User user) throws RemoteException;

    User getUser(long id) throws RemoteException;

    Page listUser(int pageNo) throws RemoteException;

    void ping() throws RemoteException;

    String echo(String text) throws RemoteException;

    Person echoPerson(Person person) throws RemoteException;

    BenchmarkMessage say(BenchmarkMessage message) throws RemoteException;

    String assemble(String text) throws RemoteException;

    Map<String, Person> echoPersons(Map<String, Person> persons) throws RemoteException;
}
