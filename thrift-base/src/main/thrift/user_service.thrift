// The Thrift twin of org.rpcbench.contract (benchmark-base): the same UserService, the same fields and
// values, for the thrift pair. ThriftTwin converts between the two.
//
// The Java sources generated from this file are committed under src/main/java-gen, so a clone builds
// without a Thrift compiler; ./regenerate.sh rewrites them (Thrift compiler 0.17.0, matching libthrift).

namespace java org.rpcbench.thrift.idl

enum Sex {
  MALE = 0,
  FEMALE = 1
}

struct User {
  1: i64 id,
  2: string name,
  3: Sex sex,
  4: i64 birthday,          // epoch millis
  5: string email,
  6: string mobile,
  7: string address,
  8: string icon,
  9: list<i32> permissions,
  10: i32 status,
  11: i64 createTime,       // epoch millis
  12: i64 updateTime        // epoch millis
}

struct Page {
  1: i32 pageNo,
  2: i32 total,
  3: list<User> result
}

service UserService {
  bool existUser(1: string email),
  bool createUser(1: User user),
  User getUser(1: i64 id),
  Page listUser(1: i32 pageNo)
}
