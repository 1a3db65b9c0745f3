// The Thrift twin of org.rpcbench.contract (benchmark-base): the same UserService, the same fields and
// values, for the thrift pair. ThriftTwin converts between the two.
//
// The Java sources generated from this file are committed under src/main/java-gen, so a clone builds
// without a Thrift compiler; ./regenerate.sh rewrites them (Thrift compiler 0.17.0, matching libthrift).

namespace java org.rpcbench.thrift.idl

// Thrift has no type for a date or a time. Its nearest equivalent of the seeds' google.protobuf.Timestamp
// is a struct of the same two fields: seconds since 1970-01-01T00:00:00 UTC and the nanoseconds of that
// second (0 to 999,999,999). The contract's LocalDate and LocalDateTime have no zone: they travel as the
// Timestamp of their wall time at UTC (a date at its midnight), exactly as the protobuf twin's do.
struct Timestamp {
  1: i64 seconds,
  2: i32 nanos
}

// The seeds' User: sex an int, the birthday and the two times Timestamps (unset for null)
struct User {
  1: i64 id,
  2: string name,
  3: i32 sex,
  4: Timestamp birthday,
  5: string email,
  6: string mobile,
  7: string address,
  8: string icon,
  9: list<i32> permissions,
  10: i32 status,
  11: Timestamp createTime,
  12: Timestamp updateTime
}

struct Page {
  1: i32 pageNo,
  2: i32 total,
  3: list<User> result
}

struct Address {
  1: string street,
  2: string city,
  3: string zip,
  4: string country
}

// seed 003's nested object; friends are persons too (one level deep in the fixtures)
struct Person {
  1: i64 id,
  2: string name,
  3: i32 age,
  4: string email,
  5: string phone,
  6: Address address,
  7: list<Person> friends
}

// The seeds' proto2 BenchmarkMessage (benchmark_message.proto): the same numbers, names, types,
// required/optional and defaults. fixed64 has no Thrift twin: field5 is a list<i64>, left unset, as the
// Java twin leaves it empty.
struct BenchmarkMessage {
  1: required string field1,
  2: required i32 field2,
  3: required i32 field3,
  4: optional string field4,
  5: optional list<i64> field5,
  6: optional i32 field6 = 0,
  7: optional string field7,
  9: optional string field9,
  12: optional bool field12 = true,
  13: optional bool field13 = true,
  14: optional bool field14 = true,
  16: optional i32 field16,
  17: optional bool field17 = true,
  18: optional string field18,
  22: optional i64 field22,
  23: optional i32 field23 = 0,
  24: optional bool field24 = false,
  25: optional i32 field25 = 0,
  29: optional i32 field29 = 0,
  30: optional bool field30 = false,
  59: optional bool field59 = false,
  60: optional i32 field60 = -1,
  67: optional i32 field67 = 0,
  68: optional i32 field68,
  78: optional bool field78,
  80: optional bool field80 = false,
  81: optional bool field81 = true,
  100: optional i32 field100 = 0,
  101: optional i32 field101 = 0,
  102: optional string field102,
  103: optional string field103,
  104: optional i32 field104 = 0,
  128: optional i32 field128 = 0,
  129: optional string field129 = "xxxxxxxxxxxxxxxxxxxxx",
  130: optional i32 field130 = 0,
  131: optional i32 field131 = 0,
  150: optional i32 field150,
  271: optional i32 field271 = -1,
  272: optional i32 field272 = -1,
  280: optional i32 field280
}

service UserService {
  bool existUser(1: string email),
  bool createUser(1: User user),
  User getUser(1: i64 id),
  Page listUser(1: i32 pageNo),
  void ping(),
  string echo(1: string text),
  Person echoPerson(1: Person person),
  BenchmarkMessage say(1: BenchmarkMessage message)
}
