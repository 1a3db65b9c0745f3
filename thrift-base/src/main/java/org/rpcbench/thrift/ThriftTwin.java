package org.rpcbench.thrift;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.contract.Address;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.MessageProperty;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;
import org.rpcbench.contract.WallTime;

/**
 * Moves values between the contract's Java types and the structs generated from user_service.thrift,
 * field by field. The server converts per call (its service keeps the contract's model behind a Thrift
 * API); the client converts only while preparing requests and expectations, and when explaining a wrong
 * answer. Persons and BenchmarkMessages are never converted by the server: it answers with the struct it
 * received, as the other pairs answer with the object they decoded.
 */
public final class ThriftTwin {

    private ThriftTwin() {}

    public static org.rpcbench.thrift.idl.User toThrift(User user) {
        org.rpcbench.thrift.idl.User t = new org.rpcbench.thrift.idl.User();
        t.setId(user.getId());
        t.setName(user.getName());
        t.setSex(user.getSex());
        t.setBirthday(user.getBirthday() == null ? null : timestamp(user.getBirthday()));
        t.setEmail(user.getEmail());
        t.setMobile(user.getMobile());
        t.setAddress(user.getAddress());
        t.setIcon(user.getIcon());
        t.setPermissions(user.getPermissions() == null ? null : new ArrayList<>(user.getPermissions()));
        t.setStatus(user.getStatus());
        // a null time is an unset field, and an unset one comes back null
        t.setCreateTime(user.getCreateTime() == null ? null : timestamp(user.getCreateTime()));
        t.setUpdateTime(user.getUpdateTime() == null ? null : timestamp(user.getUpdateTime()));
        return t;
    }

    /**
     * The contract's user from its struct. A birthday that is not a midnight, or a time with nanos out of
     * range, is refused (IllegalArgumentException, naming the user) rather than rounded into a valid value.
     */
    public static User fromThrift(org.rpcbench.thrift.idl.User t) {
        User user = new User();
        user.setId(t.getId());
        user.setName(t.getName());
        user.setSex(t.getSex());
        user.setEmail(t.getEmail());
        user.setMobile(t.getMobile());
        user.setAddress(t.getAddress());
        user.setIcon(t.getIcon());
        user.setPermissions(t.getPermissions() == null ? null : new ArrayList<>(t.getPermissions()));
        user.setStatus(t.getStatus());
        try {
            user.setBirthday(t.getBirthday() == null ? null : localDate(t.getBirthday()));
            user.setCreateTime(t.getCreateTime() == null ? null : localDateTime(t.getCreateTime()));
            user.setUpdateTime(t.getUpdateTime() == null ? null : localDateTime(t.getUpdateTime()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("user " + t.getId() + ": " + e.getMessage(), e);
        }
        return user;
    }

    /**
     * A LocalDateTime as the IDL's Timestamp (the nearest Thrift has to google.protobuf.Timestamp). It has no
     * zone, so its wall time is taken at UTC: the seconds of that wall time read as UTC, and its nanos; read
     * back by {@link #localDateTime}, the wall time is exact whatever the hosts' zones.
     */
    public static org.rpcbench.thrift.idl.Timestamp timestamp(LocalDateTime time) {
        return new org.rpcbench.thrift.idl.Timestamp(WallTime.seconds(time), time.getNano());
    }

    /** The LocalDateTime a Timestamp made by {@link #timestamp(LocalDateTime)} carries. */
    public static LocalDateTime localDateTime(org.rpcbench.thrift.idl.Timestamp t) {
        return WallTime.localDateTime(t.getSeconds(), t.getNanos());
    }

    /** A LocalDate as the Timestamp of its midnight at UTC. */
    public static org.rpcbench.thrift.idl.Timestamp timestamp(LocalDate date) {
        return new org.rpcbench.thrift.idl.Timestamp(WallTime.seconds(date), 0);
    }

    /** The LocalDate whose midnight at UTC a Timestamp is; any other Timestamp is refused, not rounded. */
    public static LocalDate localDate(org.rpcbench.thrift.idl.Timestamp t) {
        return WallTime.localDate(t.getSeconds(), t.getNanos());
    }

    public static org.rpcbench.thrift.idl.Page toThrift(Page page) {
        List<org.rpcbench.thrift.idl.User> users = new ArrayList<>(page.getResult().size());
        for (User user : page.getResult()) {
            users.add(toThrift(user));
        }
        return new org.rpcbench.thrift.idl.Page(page.getPageNo(), page.getTotal(), users);
    }

    public static Page fromThrift(org.rpcbench.thrift.idl.Page t) {
        Page page = new Page();
        page.setPageNo(t.getPageNo());
        page.setTotal(t.getTotal());
        if (t.getResult() != null) {
            List<org.rpcbench.thrift.idl.User> users = t.getResult();
            page.setResult(Page.read(t.getPageNo(), users.size(), i -> users.get(i) == null ? null : fromThrift(users.get(i))));
        }
        return page;
    }

    public static org.rpcbench.thrift.idl.Person toThrift(Person p) {
        org.rpcbench.thrift.idl.Person t = new org.rpcbench.thrift.idl.Person();
        t.setId(p.getId());
        t.setName(p.getName());
        t.setAge(p.getAge());
        t.setEmail(p.getEmail());
        t.setPhone(p.getPhone());
        if (p.getAddress() != null) {
            Address a = p.getAddress();
            t.setAddress(new org.rpcbench.thrift.idl.Address(a.getStreet(), a.getCity(), a.getZip(), a.getCountry()));
        }
        List<org.rpcbench.thrift.idl.Person> friends = new ArrayList<>();
        for (Person friend : Person.orEmpty(p.getFriends())) {
            friends.add(toThrift(friend));
        }
        t.setFriends(friends);
        return t;
    }

    public static Person fromThrift(org.rpcbench.thrift.idl.Person t) {
        Person p = new Person();
        p.setId(t.getId());
        p.setName(t.getName());
        p.setAge(t.getAge());
        p.setEmail(t.getEmail());
        p.setPhone(t.getPhone());
        if (t.getAddress() != null) {
            Address a = new Address();
            a.setStreet(t.getAddress().getStreet());
            a.setCity(t.getAddress().getCity());
            a.setZip(t.getAddress().getZip());
            a.setCountry(t.getAddress().getCountry());
            p.setAddress(a);
        }
        List<Person> friends = new ArrayList<>(t.getFriendsSize());
        if (t.getFriends() != null) {
            for (org.rpcbench.thrift.idl.Person friend : t.getFriends()) {
                friends.add(fromThrift(friend));
            }
        }
        p.setFriends(friends);
        return p;
    }

    /**
     * The twin of a BenchmarkMessage, field by field through the struct's field ids and the bean's
     * properties of the same names ({@link MessageProperty}). Reflective, so never on a measured path: fixtures and failure reports.
     * An empty field5 stays unset, as an empty repeated field puts nothing on a protobuf wire.
     */
    public static org.rpcbench.thrift.idl.BenchmarkMessage toThrift(BenchmarkMessage m) {
        org.rpcbench.thrift.idl.BenchmarkMessage t = new org.rpcbench.thrift.idl.BenchmarkMessage();
        for (org.rpcbench.thrift.idl.BenchmarkMessage._Fields id : org.rpcbench.thrift.idl.BenchmarkMessage._Fields.values()) {
            Object value = MessageProperty.named(id.getFieldName()).get(m);
            if (value instanceof List<?> list) {
                value = list.isEmpty() ? null : new ArrayList<>(list);
            }
            t.setFieldValue(id, value);
        }
        return t;
    }

    /** Unset optional fields come back as the IDL's defaults (or Java's), as proto2's getters give them. */
    public static BenchmarkMessage fromThrift(org.rpcbench.thrift.idl.BenchmarkMessage t) {
        BenchmarkMessage m = new BenchmarkMessage();
        for (org.rpcbench.thrift.idl.BenchmarkMessage._Fields id : org.rpcbench.thrift.idl.BenchmarkMessage._Fields.values()) {
            Object value = t.getFieldValue(id);
            if (value != null) {
                MessageProperty.named(id.getFieldName()).set(m, value instanceof List<?> list ? new ArrayList<>(list) : value);
            }
        }
        return m;
    }
}
