package org.rpcbench.cases;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Sex;
import org.rpcbench.contract.User;

/**
 * Deterministic data for the contract. The server builds its answers from these functions and the
 * client builds its expectations from the same functions, so every answer can be checked exactly
 * without the two sides sharing anything but this code.
 */
public final class Fixtures {
    public static final int PAGE_SIZE = 15;
    public static final int PERMISSIONS = 15;
    public static final String EMAIL_DOMAIN = "@rpc-bench.test";
    /** What {@link Page#getTotal()} reports: the size of the imaginary user table. */
    public static final int TOTAL_USERS = 1_000_000;

    private static final long BIRTHDAY_BASE = 315_532_800_000L;   // 1980-01-01T00:00:00Z
    private static final long CREATED_BASE = 1_577_836_800_000L;  // 2020-01-01T00:00:00Z
    private static final long DAY = 86_400_000L;

    private Fixtures() {}

    /** The user with this id. Text fields carry non-ASCII characters so encoders do real UTF-8 work. */
    public static User user(long id) {
        User u = new User();
        u.setId(id);
        u.setName("用户" + id + " Zoë");
        u.setSex(id % 2 == 0 ? Sex.FEMALE : Sex.MALE);
        u.setBirthday(BIRTHDAY_BASE + (id % 10_000) * DAY);
        u.setEmail(email(id));
        u.setMobile("1380" + (10_000_000 + id % 10_000_000));
        u.setAddress("北京市朝阳区望京街道" + id + "号 Straße " + (id % 97));
        u.setIcon("https://img.rpc-bench.test/avatar/" + id + ".png");
        List<Integer> permissions = new ArrayList<>(PERMISSIONS);
        for (int i = 0; i < PERMISSIONS; i++) {
            permissions.add((int) ((id * 31 + i * 7) % 1000));
        }
        u.setPermissions(permissions);
        u.setStatus((int) (id % 3));
        u.setCreateTime(CREATED_BASE + id * 1000);
        u.setUpdateTime(CREATED_BASE + id * 1000 + 60_000);
        return u;
    }

    /** Page {@code pageNo} (from 1): the users {@code (pageNo-1)*15+1 .. pageNo*15}. */
    public static Page page(int pageNo) {
        Page page = new Page();
        page.setPageNo(pageNo);
        page.setTotal(TOTAL_USERS);
        List<User> users = new ArrayList<>(PAGE_SIZE);
        long first = (long) (pageNo - 1) * PAGE_SIZE + 1;
        for (int i = 0; i < PAGE_SIZE; i++) {
            users.add(user(first + i));
        }
        page.setResult(users);
        return page;
    }

    public static String email(long id) {
        return "user" + id + EMAIL_DOMAIN;
    }

    /** The existUser rule: an email exists when it is a fixture user's email and that user's id is even. */
    public static boolean exists(String email) {
        if (email == null || !email.startsWith("user") || !email.endsWith(EMAIL_DOMAIN)) {
            return false;
        }
        String digits = email.substring(4, email.length() - EMAIL_DOMAIN.length());
        if (digits.isEmpty() || digits.length() > 18) {
            return false;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (!Character.isDigit(digits.charAt(i))) {
                return false;
            }
        }
        return Long.parseLong(digits) % 2 == 0;
    }

    // The requests a client sends. Sequence numbers start at 0; each maps to one distinct request.

    public static String existUserRequest(int seq) {
        return email(seq);
    }

    public static User createUserRequest(int seq) {
        return user(seq + 1L);
    }

    public static long getUserRequest(int seq) {
        return seq + 1L;
    }

    public static int listUserRequest(int seq) {
        return seq + 1;
    }
}
