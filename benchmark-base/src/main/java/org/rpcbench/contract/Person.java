package org.rpcbench.contract;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The nested object of seed 003's POJO echo: a person with an address and friends, who are persons
 * too (one level deep in the fixtures), about 1 KB when serialized.
 */
public class Person implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String name;
    private int age;
    private String email;
    private String phone;
    private Address address;
    private List<Person> friends = new ArrayList<>();

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public int getAge() { return age; }
    public void setAge(int age) { this.age = age; }
    public String getEmail() { return email; }
    public void setEmail(String email) { this.email = email; }
    public String getPhone() { return phone; }
    public void setPhone(String phone) { this.phone = phone; }
    public Address getAddress() { return address; }
    public void setAddress(Address address) { this.address = address; }
    public List<Person> getFriends() { return friends; }
    public void setFriends(List<Person> friends) { this.friends = friends; }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Person p && id == p.id && age == p.age && Objects.equals(name, p.name)
                && Objects.equals(email, p.email) && Objects.equals(phone, p.phone)
                && Objects.equals(address, p.address) && orEmpty(friends).equals(orEmpty(p.friends));
    }

    // a serializer may hand back an empty list as null: the data is the same
    public static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        return "Person{id=" + id + ", name='" + name + "', friends=" + (friends == null ? 0 : friends.size()) + "}";
    }
}
