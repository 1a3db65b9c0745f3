package org.rpcbench.contract;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

/** One page of users: the answer of {@link UserService#listUser}. */
public class Page implements Serializable {
    private static final long serialVersionUID = 1L;

    private int pageNo;
    private int total;
    private List<User> result;

    public int getPageNo() { return pageNo; }
    public void setPageNo(int pageNo) { this.pageNo = pageNo; }
    public int getTotal() { return total; }
    public void setTotal(int total) { this.total = total; }
    public List<User> getResult() { return result; }
    public void setResult(List<User> result) { this.result = result; }

    /**
     * The users of page {@code pageNo} read from an IDL twin, entry by entry: an entry that cannot be read
     * (IllegalArgumentException) is refused with the page and entry named.
     */
    public static List<User> read(int pageNo, int count, IntFunction<User> entry) {
        List<User> users = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            try {
                users.add(entry.apply(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("page " + pageNo + ", entry " + i + ": " + e.getMessage(), e);
            }
        }
        return users;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Page)) return false;
        Page p = (Page) o;
        return pageNo == p.pageNo && total == p.total && Objects.equals(result, p.result);
    }

    @Override
    public int hashCode() {
        return pageNo;
    }

    @Override
    public String toString() {
        return "Page{pageNo=" + pageNo + ", total=" + total + ", users=" + (result == null ? null : result.size()) + "}";
    }
}
