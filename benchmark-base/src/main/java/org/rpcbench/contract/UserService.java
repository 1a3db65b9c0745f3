package org.rpcbench.contract;

/**
 * The service every protocol binding serves and calls: the four methods of the seeds' user service.
 * Plain Java types only, so serializations that need no IDL (hessian2, kryo, fst, json) carry it as is;
 * IDL protocols use its protobuf twin in {@code user_service.proto}.
 */
public interface UserService {

    /** Whether a user with this email exists; see {@link org.rpcbench.cases.Fixtures#exists}. */
    boolean existUser(String email);

    /** Accepts a user; true only when it arrived exactly as the fixture with its id. */
    boolean createUser(User user);

    /** The fixture user with this id. */
    User getUser(long id);

    /** Page {@code pageNo} of the fixture users, {@value org.rpcbench.cases.Fixtures#PAGE_SIZE} to a page. */
    Page listUser(int pageNo);
}
