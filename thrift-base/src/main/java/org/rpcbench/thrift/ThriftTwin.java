package org.rpcbench.thrift;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Sex;
import org.rpcbench.contract.User;

/**
 * Moves values between the contract's Java types and the structs generated from user_service.thrift,
 * field by field. The server converts per call (its service keeps the contract's model behind a Thrift
 * API); the client converts only while preparing requests and expectations, and when explaining a wrong
 * answer.
 */
public final class ThriftTwin {

    private ThriftTwin() {}

    public static org.rpcbench.thrift.idl.User toThrift(User user) {
        org.rpcbench.thrift.idl.User t = new org.rpcbench.thrift.idl.User();
        t.setId(user.getId());
        t.setName(user.getName());
        t.setSex(user.getSex() == Sex.FEMALE ? org.rpcbench.thrift.idl.Sex.FEMALE : org.rpcbench.thrift.idl.Sex.MALE);
        t.setBirthday(user.getBirthday());
        t.setEmail(user.getEmail());
        t.setMobile(user.getMobile());
        t.setAddress(user.getAddress());
        t.setIcon(user.getIcon());
        t.setPermissions(user.getPermissions() == null ? null : new ArrayList<>(user.getPermissions()));
        t.setStatus(user.getStatus());
        t.setCreateTime(user.getCreateTime());
        t.setUpdateTime(user.getUpdateTime());
        return t;
    }

    public static User fromThrift(org.rpcbench.thrift.idl.User t) {
        User user = new User();
        user.setId(t.getId());
        user.setName(t.getName());
        user.setSex(t.getSex() == null ? null : t.getSex() == org.rpcbench.thrift.idl.Sex.FEMALE ? Sex.FEMALE : Sex.MALE);
        user.setBirthday(t.getBirthday());
        user.setEmail(t.getEmail());
        user.setMobile(t.getMobile());
        user.setAddress(t.getAddress());
        user.setIcon(t.getIcon());
        user.setPermissions(t.getPermissions() == null ? null : new ArrayList<>(t.getPermissions()));
        user.setStatus(t.getStatus());
        user.setCreateTime(t.getCreateTime());
        user.setUpdateTime(t.getUpdateTime());
        return user;
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
            List<User> users = new ArrayList<>(t.getResultSize());
            for (org.rpcbench.thrift.idl.User user : t.getResult()) {
                users.add(fromThrift(user));
            }
            page.setResult(users);
        }
        return page;
    }
}
