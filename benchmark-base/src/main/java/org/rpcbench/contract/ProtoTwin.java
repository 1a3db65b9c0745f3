package org.rpcbench.contract;

import java.util.ArrayList;
import java.util.List;

/**
 * Converts between the contract's Java types and their protobuf twins (user_service.proto), field by
 * field, so an IDL protocol serves and is checked against exactly the same values.
 */
public final class ProtoTwin {

    private ProtoTwin() {}

    public static org.rpcbench.contract.proto.User toProto(User u) {
        return org.rpcbench.contract.proto.User.newBuilder()
                .setId(u.getId())
                .setName(u.getName())
                .setSex(u.getSex() == Sex.FEMALE ? org.rpcbench.contract.proto.Sex.FEMALE : org.rpcbench.contract.proto.Sex.MALE)
                .setBirthday(u.getBirthday())
                .setEmail(u.getEmail())
                .setMobile(u.getMobile())
                .setAddress(u.getAddress())
                .setIcon(u.getIcon())
                .addAllPermissions(u.getPermissions())
                .setStatus(u.getStatus())
                .setCreateTime(u.getCreateTime())
                .setUpdateTime(u.getUpdateTime())
                .build();
    }

    public static User fromProto(org.rpcbench.contract.proto.User p) {
        User u = new User();
        u.setId(p.getId());
        u.setName(p.getName());
        u.setSex(p.getSex() == org.rpcbench.contract.proto.Sex.FEMALE ? Sex.FEMALE : Sex.MALE);
        u.setBirthday(p.getBirthday());
        u.setEmail(p.getEmail());
        u.setMobile(p.getMobile());
        u.setAddress(p.getAddress());
        u.setIcon(p.getIcon());
        u.setPermissions(new ArrayList<>(p.getPermissionsList()));
        u.setStatus(p.getStatus());
        u.setCreateTime(p.getCreateTime());
        u.setUpdateTime(p.getUpdateTime());
        return u;
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
        List<User> users = new ArrayList<>(p.getResultCount());
        for (org.rpcbench.contract.proto.User u : p.getResultList()) {
            users.add(fromProto(u));
        }
        page.setResult(users);
        return page;
    }
}
