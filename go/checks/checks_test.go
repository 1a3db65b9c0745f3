package checks

import (
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"rpcbench/go/cases"
	"rpcbench/go/contract"
)

// A client in UTC whose connection opened at 2026-11-25T12:00:00 and whose clock reads 12:30:00.
var (
	opened   = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clockNow = opened.Add(30 * time.Minute)
)

func testClock() *Clock {
	return OpenedAt(opened.UnixMilli(), time.UTC, func() int64 { return clockNow.UnixMilli() })
}

func wallAt(t time.Time) cases.WallTime {
	return cases.WallTime{Seconds: t.Unix(), Nanos: int32(t.Nanosecond())}
}

// served is user id as a server answers it, stamped a minute before the clock's reading.
func served(id int64) *contract.User {
	return cases.UserAt(id, wallAt(clockNow.Add(-time.Minute).Add(123_456_789)))
}

func mustFind(t *testing.T, problem, want string) {
	t.Helper()
	if !strings.Contains(problem, want) {
		t.Errorf("the problem %q should say %q", problem, want)
	}
}

func TestARightUserAndPagePass(t *testing.T) {
	clock := testClock()
	if p := User(served(7), served(7), clock); p != "" {
		t.Fatal(p)
	}
	page := &contract.Page{}
	cases.FillPage(page, 3, func() cases.WallTime { return wallAt(clockNow) })
	answer := &contract.Page{}
	cases.FillPage(answer, 3, func() cases.WallTime { return wallAt(opened.Add(-4 * time.Minute)) })
	if p := Page(page, answer, clock); p != "" {
		t.Fatal(p)
	}
}

func TestEveryProfileFieldOfAUserIsChecked(t *testing.T) {
	breaks := map[string]func(u *contract.User){
		"id: 8":          func(u *contract.User) { u.Id = 8 },
		"name was":       func(u *contract.User) { u.Name = "用户7 Zoe" },
		"sex was 2":      func(u *contract.User) { u.Sex = 2 },
		"birthday was":   func(u *contract.User) { u.Birthday.Seconds += 86_400 },
		"birthday was n": func(u *contract.User) { u.Birthday = nil },
		"email was":      func(u *contract.User) { u.Email = "user8@rpc-bench.test" },
		"mobile was":     func(u *contract.User) { u.Mobile = "" },
		"address was":    func(u *contract.User) { u.Address = strings.Replace(u.Address, "ß", "ss", 1) },
		"icon was":       func(u *contract.User) { u.Icon += "?" },
		"permissions was": func(u *contract.User) {
			u.Permissions = u.Permissions[:14]
		},
		"status was 0": func(u *contract.User) { u.Status = 0 },
	}
	for want, brk := range breaks {
		u := served(7)
		brk(u)
		p := User(served(7), u, testClock())
		if p == "" {
			t.Errorf("%s: a wrong user passed", want)
			continue
		}
		if want == "id: 8" {
			mustFind(t, p, "id was 8, expected 7")
		} else {
			mustFind(t, p, strings.TrimSuffix(strings.TrimSuffix(want, " n"), " 2"))
		}
	}
}

func TestTheServersTimesAreCheckedAgainstTheClientsClock(t *testing.T) {
	clock := testClock()
	cases := map[string]func(u *contract.User){
		"createTime was null":                 func(u *contract.User) { u.CreateTime = nil },
		"updateTime was null":                 func(u *contract.User) { u.UpdateTime = nil },
		"expected createTime's value":         func(u *contract.User) { u.UpdateTime.Nanos++ },
		"outside the window":                  func(u *contract.User) { u.CreateTime.Seconds -= 3600; u.UpdateTime.Seconds -= 3600 },
		"no LocalDateTime":                    func(u *contract.User) { u.CreateTime.Nanos = 1_000_000_000 },
		"no date's midnight":                  func(u *contract.User) { u.Birthday.Nanos = 1 },
		"outside the window the client's clo": func(u *contract.User) { u.CreateTime.Seconds += 3600; u.UpdateTime.Seconds += 3600 },
	}
	for want, brk := range cases {
		u := served(7)
		brk(u)
		mustFind(t, User(served(7), u, clock), want)
	}
	inside := served(7)
	inside.CreateTime = timestamppb.New(opened.Add(-4 * time.Minute))
	inside.UpdateTime = timestamppb.New(opened.Add(-4 * time.Minute))
	if p := User(served(7), inside, clock); p != "" {
		t.Errorf("a time 4 minutes before the connection opened is inside the window: %s", p)
	}
}

func TestAWrongPageIsCaught(t *testing.T) {
	clock := testClock()
	fill := func() *contract.Page {
		p := &contract.Page{}
		cases.FillPage(p, 2, func() cases.WallTime { return wallAt(clockNow) })
		return p
	}
	breaks := map[string]func(p *contract.Page){
		"asked for page 2, got page 3": func(p *contract.Page) { p.PageNo = 3 },
		"total was 5":                  func(p *contract.Page) { p.Total = 5 },
		"held 14 users":                func(p *contract.Page) { p.Result = p.Result[1:] },
		"entry 4: user 20: name was":   func(p *contract.Page) { p.Result[4].Name = "x" },
		"entry 0: user 16: createTime": func(p *contract.Page) { p.Result[0].CreateTime = nil },
	}
	for want, brk := range breaks {
		p := fill()
		brk(p)
		mustFind(t, Page(fill(), p, clock), want)
	}
	mustFind(t, Page(fill(), &contract.User{}, clock), "expected page 2, got User")
}

func TestSayAndTheSmallAnswersAreChecked(t *testing.T) {
	expected := cases.Said(cases.BenchmarkMessage(3))
	if p := Say(expected, cases.Said(cases.BenchmarkMessage(3))); p != "" {
		t.Fatal(p)
	}
	m := cases.BenchmarkMessage(3)
	mustFind(t, Say(expected, m), "field1='"+cases.MessageText[3:])
	m = cases.Said(cases.BenchmarkMessage(3))
	m.Field2 = proto.Int32(99)
	mustFind(t, Say(expected, m), "field2=99, expected 100")
	m = cases.Said(cases.BenchmarkMessage(3))
	m.Field22 = proto.Int64(1)
	mustFind(t, Say(expected, m), "other than field1 and field2")
	m = cases.Said(cases.BenchmarkMessage(3))
	m.Field129 = nil // absent is not the declared default
	mustFind(t, Say(expected, m), "other than field1 and field2")
	mustFind(t, Say(expected, &contract.Empty{}), "say answered Empty")

	mustFind(t, ExistUser("user3@rpc-bench.test", false, &contract.BoolReply{Value: true}), "answered true, expected false")
	if ExistUser("user2@rpc-bench.test", true, &contract.BoolReply{Value: true}) != "" {
		t.Error("a right existUser answer failed")
	}
	mustFind(t, CreateUser(&contract.BoolReply{}), "createUser answered Boolean false")
	mustFind(t, CreateUser(nil), "createUser answered null")
	if CreateUser(&contract.BoolReply{Value: true}) != "" || Ping(&contract.Empty{}) != "" {
		t.Error("a right answer failed")
	}
	mustFind(t, Ping(&contract.BoolReply{}), "ping returned")
}

func TestTheServerChecksTheSubmittedUserToTheNanosecond(t *testing.T) {
	for id := int64(1); id < 50; id++ {
		if !Submitted(cases.SubmittedUser(id)) {
			t.Fatalf("submitted user %d refused", id)
		}
	}
	u := cases.SubmittedUser(5)
	u.CreateTime.Nanos -= u.CreateTime.Nanos % 1000 // kept to the microsecond only
	if Submitted(u) {
		t.Error("a time cut to microseconds passed")
	}
	u = cases.SubmittedUser(5)
	u.UpdateTime = nil
	if Submitted(u) {
		t.Error("a user without updateTime passed")
	}
	u = cases.SubmittedUser(5)
	u.Birthday.Seconds++
	if Submitted(u) {
		t.Error("a birthday off midnight passed")
	}
}

func TestJavaStyleTimes(t *testing.T) {
	for _, c := range []struct {
		sec   int64
		nanos int32
		want  string
	}{
		{1_795_610_096, 123_456_789, "2026-11-25T12:34:56.123456789"},
		{1_795_610_096, 120_000_000, "2026-11-25T12:34:56.120"},
		{1_795_610_040, 0, "2026-11-25T12:34"},
		{1_795_610_040, 1_000, "2026-11-25T12:34:00.000001"},
	} {
		if got, _ := localDateTime(c.sec, c.nanos); got != c.want {
			t.Errorf("%d s %d ns: %s, want %s", c.sec, c.nanos, got, c.want)
		}
	}
}
