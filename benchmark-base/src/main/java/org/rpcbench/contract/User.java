package org.rpcbench.contract;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A user as the seeds' benchmark carries it. Times are epoch milliseconds rather than java.time types,
 * so every serialization carries the same data and none needs extra JVM module openings for it.
 * A mutable bean with a no-argument constructor, because that is what hessian2, kryo and fst expect.
 */
public class User implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String name;
    private Sex sex;
    private long birthday;
    private String email;
    private String mobile;
    private String address;
    private String icon;
    private List<Integer> permissions;
    private int status;
    private long createTime;
    private long updateTime;

    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Sex getSex() { return sex; }
    public void setSex(Sex sex) { this.sex = sex; }
    public long getBirthday() { return birthday; }
    public void setBirthday(long birthday) { this.birthday = birthday; }
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
    public long getCreateTime() { return createTime; }
    public void setCreateTime(long createTime) { this.createTime = createTime; }
    public long getUpdateTime() { return updateTime; }
    public void setUpdateTime(long updateTime) { this.updateTime = updateTime; }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof User)) return false;
        User u = (User) o;
        return id == u.id && birthday == u.birthday && status == u.status
                && createTime == u.createTime && updateTime == u.updateTime && sex == u.sex
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
        return "User{id=" + id + ", name=" + name + ", email=" + email + "}";
    }
}
