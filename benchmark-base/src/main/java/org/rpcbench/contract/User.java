package org.rpcbench.contract;

import java.io.Serializable;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;

/**
 * A user as the seeds' benchmark carries it (apache/dubbo-benchmark's bean), field for field: sex an int,
 * the birthday a {@link LocalDate}, the creation and update times {@link LocalDateTime}s, which the server
 * stamps with its clock on every answer. How a serialization copes with java.time is part of what the
 * seeds measured, so the times stay java.time here: no pair turns them into numbers behind the contract's
 * back (the IDL twins carry them as timestamps; see {@link ProtoTwin}).
 * A mutable bean with a no-argument constructor, because that is what hessian2, kryo and fst expect.
 */
public class User implements Serializable {
    private static final long serialVersionUID = 2L;

    private long id;
    private String name;
    private int sex;
    private LocalDate birthday;
    private String email;
    private String mobile;
    private String address;
    private String icon;
    private List<Integer> permissions;
    private int status;
    private LocalDateTime createTime;
    private LocalDateTime updateTime;

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public int getSex() { return sex; }
    public void setSex(int sex) { this.sex = sex; }
    public LocalDate getBirthday() { return birthday; }
    public void setBirthday(LocalDate birthday) { this.birthday = birthday; }
    public String getEmail() { return email; }
    public void setEmail(String email) { this.email = email; }
    public String getMobile() { return mobile; }
    public void setMobile(String mobile) { this.mobile = mobile; }
    public String getAddress() { return address; }
    public void setAddress(String address) { this.address = address; }
    public String getIcon() { return icon; }
    public void setIcon(String icon) { this.icon = icon; }
    public List<Integer> getPermissions() { return permissions; }
    public void setPermissions(List<Integer> permissions) { this.permissions = permissions; }
    public int getStatus() { return status; }
    public void setStatus(int status) { this.status = status; }
    public LocalDateTime getCreateTime() { return createTime; }
    public void setCreateTime(LocalDateTime createTime) { this.createTime = createTime; }
    public LocalDateTime getUpdateTime() { return updateTime; }
    public void setUpdateTime(LocalDateTime updateTime) { this.updateTime = updateTime; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof User)) return false;
        User u = (User) o;
        return id == u.id && sex == u.sex && status == u.status
                && Objects.equals(birthday, u.birthday) && Objects.equals(createTime, u.createTime)
                && Objects.equals(updateTime, u.updateTime)
                && Objects.equals(name, u.name) && Objects.equals(email, u.email)
                && Objects.equals(mobile, u.mobile) && Objects.equals(address, u.address)
                && Objects.equals(icon, u.icon) && Objects.equals(permissions, u.permissions);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        return "User{id=" + id + ", name=" + name + ", email=" + email + ", createTime=" + createTime + "}";
    }
}
