package org.rpcbench.contract;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts between the contract's Java types and their protobuf twins (user_service.proto), field by
 * field, so an IDL protocol serves and is checked against exactly the same values. User's java.time
 * fields are google.protobuf.Timestamps at UTC (see {@link #timestamp(LocalDateTime)}).
 */
public final class ProtoTwin {

    private ProtoTwin() {}

    public static org.rpcbench.contract.proto.User toProto(User u) {
        org.rpcbench.contract.proto.User.Builder b = org.rpcbench.contract.proto.User.newBuilder()
                .setId(u.getId())
                .setName(u.getName())
                .setSex(u.getSex())
                .setEmail(u.getEmail())
                .setMobile(u.getMobile())
                .setAddress(u.getAddress())
                .setIcon(u.getIcon())
                .addAllPermissions(u.getPermissions())
                .setStatus(u.getStatus());
        // a null time is an absent field, and an absent one comes back null
        if (u.getBirthday() != null) {
            b.setBirthday(timestamp(u.getBirthday()));
        }
        if (u.getCreateTime() != null) {
            b.setCreateTime(timestamp(u.getCreateTime()));
        }
        if (u.getUpdateTime() != null) {
            b.setUpdateTime(timestamp(u.getUpdateTime()));
        }
        return b.build();
    }

    /**
     * The contract's user from its twin. A birthday that is not a midnight, or a time with nanos out of
     * range, is refused (IllegalArgumentException, naming the user) rather than rounded into a valid value.
     */
    public static User fromProto(org.rpcbench.contract.proto.User p) {
        User u = new User();
        u.setId(p.getId());
        u.setName(p.getName());
        u.setSex(p.getSex());
        u.setEmail(p.getEmail());
        u.setMobile(p.getMobile());
        u.setAddress(p.getAddress());
        u.setIcon(p.getIcon());
        u.setPermissions(new ArrayList<>(p.getPermissionsList()));
        u.setStatus(p.getStatus());
        try {
            u.setBirthday(p.hasBirthday() ? localDate(p.getBirthday()) : null);
            u.setCreateTime(p.hasCreateTime() ? localDateTime(p.getCreateTime()) : null);
            u.setUpdateTime(p.hasUpdateTime() ? localDateTime(p.getUpdateTime()) : null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("user " + p.getId() + ": " + e.getMessage(), e);
        }
        return u;
    }

    /**
     * A LocalDateTime as a Timestamp. LocalDateTime has no zone, so its wall time is taken at UTC: the
     * Timestamp's seconds are those of that wall time read as UTC, its nanos the value's. The server's
     * {@code LocalDateTime.now()} is its zone's wall time, so the Timestamp is that instant only when the
     * server runs in UTC; read back by {@link #localDateTime}, the wall time is exact either way.
     */
    public static Timestamp timestamp(LocalDateTime t) {
        return Timestamp.newBuilder().setSeconds(WallTime.seconds(t)).setNanos(t.getNano()).build();
    }

    /** The LocalDateTime a Timestamp made by {@link #timestamp(LocalDateTime)} carries: its wall time at UTC. */
    public static LocalDateTime localDateTime(Timestamp t) {
        return WallTime.localDateTime(t.getSeconds(), t.getNanos());
    }

    /** A LocalDate as the Timestamp of its midnight at UTC. */
    public static Timestamp timestamp(LocalDate d) {
        return Timestamp.newBuilder().setSeconds(WallTime.seconds(d)).build();
    }

    /** The LocalDate whose midnight at UTC a Timestamp is; any other Timestamp is refused, not rounded. */
    public static LocalDate localDate(Timestamp t) {
        return WallTime.localDate(t.getSeconds(), t.getNanos());
    }

    public static org.rpcbench.contract.proto.Page toProto(Page page) {
        org.rpcbench.contract.proto.Page.Builder b = org.rpcbench.contract.proto.Page.newBuilder()
                .setPageNo(page.getPageNo())
                .setTotal(page.getTotal());
        for (User u : page.getResult()) {
            b.addResult(toProto(u));
        }
        return b.build();
    }

    public static Page fromProto(org.rpcbench.contract.proto.Page p) {
        Page page = new Page();
        page.setPageNo(p.getPageNo());
        page.setTotal(p.getTotal());
        page.setResult(Page.read(p.getPageNo(), p.getResultCount(), i -> fromProto(p.getResult(i))));
        return page;
    }

    public static org.rpcbench.contract.proto.Person toProto(Person p) {
        org.rpcbench.contract.proto.Person.Builder b = org.rpcbench.contract.proto.Person.newBuilder()
                .setId(p.getId())
                .setName(p.getName())
                .setAge(p.getAge())
                .setEmail(p.getEmail())
                .setPhone(p.getPhone());
        if (p.getAddress() != null) {
            Address a = p.getAddress();
            b.setAddress(org.rpcbench.contract.proto.Address.newBuilder()
                    .setStreet(a.getStreet()).setCity(a.getCity()).setZip(a.getZip()).setCountry(a.getCountry()));
        }
        for (Person friend : Person.orEmpty(p.getFriends())) {
            b.addFriends(toProto(friend));
        }
        return b.build();
    }

    public static Person fromProto(org.rpcbench.contract.proto.Person p) {
        Person person = new Person();
        person.setId(p.getId());
        person.setName(p.getName());
        person.setAge(p.getAge());
        person.setEmail(p.getEmail());
        person.setPhone(p.getPhone());
        if (p.hasAddress()) {
            Address a = new Address();
            a.setStreet(p.getAddress().getStreet());
            a.setCity(p.getAddress().getCity());
            a.setZip(p.getAddress().getZip());
            a.setCountry(p.getAddress().getCountry());
            person.setAddress(a);
        }
        List<Person> friends = new ArrayList<>(p.getFriendsCount());
        for (org.rpcbench.contract.proto.Person friend : p.getFriendsList()) {
            friends.add(fromProto(friend));
        }
        person.setFriends(friends);
        return person;
    }

    /**
     * The twin of a BenchmarkMessage, field by field through the proto's descriptor and the bean's
     * properties of the same names ({@link MessageProperty}). Reflective, so never on a measured path:
     * fixtures and failure reports.
     */
    public static org.rpcbench.contract.proto.BenchmarkMessage toProto(BenchmarkMessage m) {
        org.rpcbench.contract.proto.BenchmarkMessage.Builder b = org.rpcbench.contract.proto.BenchmarkMessage.newBuilder();
        for (FieldDescriptor field : b.getDescriptorForType().getFields()) {
            Object value = MessageProperty.named(field.getName()).get(m);
            if (field.isRepeated()) {
                for (Object item : Person.orEmpty((List<?>) value)) {
                    b.addRepeatedField(field, item);
                }
            } else {
                b.setField(field, value);
            }
        }
        return b.build();
    }

    public static BenchmarkMessage fromProto(org.rpcbench.contract.proto.BenchmarkMessage p) {
        BenchmarkMessage m = new BenchmarkMessage();
        for (FieldDescriptor field : p.getDescriptorForType().getFields()) {
            Object value = p.getField(field);
            MessageProperty.named(field.getName()).set(m, field.isRepeated() ? new ArrayList<>((List<?>) value) : value);
        }
        return m;
    }
}
