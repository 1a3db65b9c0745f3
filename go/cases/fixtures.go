package cases

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"rpcbench/go/contract"
)

// The constants of org.rpcbench.cases.Fixtures.
const (
	PageSize    = 15
	Permissions = 15
	EmailDomain = "@rpc-bench.test"
	TotalUsers  = 1_000_000

	SaidField1    = "OK"
	SaidField2    = 100
	MessageText   = "远方的山在晨雾里一层一层地浮现出来了"
	MessageNumber = 100_000

	secondsPerDay = 86_400
	// 1980-01-01 and 2020-01-01T00:00, as days and seconds since the epoch (the wall time read at UTC).
	birthdayBaseDay     = 3652
	submittedBaseSecond = 1_577_836_800
)

// WallTime is a zoneless date-time as the protobuf twin carries it: the seconds of that wall time read
// as if it were UTC, and its nanoseconds (org.rpcbench.contract.WallTime).
type WallTime struct {
	Seconds int64
	Nanos   int32
}

// Timestamp is the twin's form of a wall time.
func (w WallTime) Timestamp() *timestamppb.Timestamp {
	return &timestamppb.Timestamp{Seconds: w.Seconds, Nanos: w.Nanos}
}

// Now is this process's wall clock in its own zone, as Java's LocalDateTime.now() reads it: what a
// server stamps a user with.
func Now() WallTime {
	t := time.Now()
	_, offset := t.Zone()
	return WallTime{Seconds: t.Unix() + int64(offset), Nanos: int32(t.Nanosecond())}
}

// Clock gives the wall time of one reading; a server's is Now, the shared vectors' a fixed one.
type Clock func() WallTime

// User is the user with this id as a server answers it, created now by its own reading of the clock,
// updated at the same instant.
func User(id int64) *contract.User {
	return UserAt(id, Now())
}

// UserAt is the user with this id, created and updated at the given wall time.
func UserAt(id int64, created WallTime) *contract.User {
	u := &contract.User{}
	FillUser(u, id, created)
	return u
}

// FillUser makes u the user with this id, created and updated at the given wall time: for servers whose
// framework hands them the answer to fill.
func FillUser(u *contract.User, id int64, created WallTime) {
	fillProfile(u, id)
	u.CreateTime = created.Timestamp()
	u.UpdateTime = created.Timestamp()
}

// SubmittedUser is the user with this id as a client submits it to createUser, with fixed times.
func SubmittedUser(id int64) *contract.User {
	return UserAt(id, SubmittedTime(id))
}

// SubmittedTime is the creation time of a submitted user: a second from the id and a fraction with
// every digit to the nanosecond in use, so a serialization keeping only micro- or milliseconds is caught.
func SubmittedTime(id int64) WallTime {
	nanos := floorMod(id, 1000)*1_000_000 + (1+floorMod(id*7, 999))*1_000 + 1 + floorMod(id*13, 999)
	return WallTime{Seconds: submittedBaseSecond + floorMod(id, 100_000_000), Nanos: int32(nanos)}
}

// Birthday is the birthday of the user with this id, a date from 1980 on, as its midnight's wall time.
func Birthday(id int64) WallTime {
	return WallTime{Seconds: (birthdayBaseDay + floorMod(id, 10_000)) * secondsPerDay}
}

// Sex is 1 or 2 by the id, never 0, so that protobuf puts it on the wire.
func Sex(id int64) int32 {
	if id%2 == 0 {
		return 2
	}
	return 1
}

func fillProfile(u *contract.User, id int64) {
	ids := strconv.FormatInt(id, 10)
	u.Id = id
	u.Name = "用户" + ids + " Zoë"
	u.Sex = Sex(id)
	u.Birthday = Birthday(id).Timestamp()
	u.Email = Email(id)
	u.Mobile = "1380" + strconv.FormatInt(10_000_000+id%10_000_000, 10)
	u.Address = "北京市朝阳区望京街道" + ids + "号 Straße " + strconv.FormatInt(id%97, 10)
	u.Icon = "https://img.rpc-bench.test/avatar/" + ids + ".png"
	u.Permissions = make([]int32, Permissions)
	for i := int64(0); i < Permissions; i++ {
		u.Permissions[i] = int32((id*31 + i*7) % 1000)
	}
	u.Status = int32(id % 3)
}

// Page is page pageNo (from 1) as a server answers it, each user stamped by its own reading of the clock.
func Page(pageNo int32) *contract.Page {
	p := &contract.Page{}
	FillPage(p, pageNo, Now)
	return p
}

// FillPage makes p page pageNo, each user stamped by its own reading of clock.
func FillPage(p *contract.Page, pageNo int32, clock Clock) {
	p.PageNo = pageNo
	p.Total = TotalUsers
	p.Result = make([]*contract.User, PageSize)
	first := int64(pageNo-1)*PageSize + 1
	for i := range p.Result {
		p.Result[i] = UserAt(first+int64(i), clock())
	}
}

// Email is the email of the user with this id.
func Email(id int64) string {
	return "user" + strconv.FormatInt(id, 10) + EmailDomain
}

// Exists is the existUser rule: a fixture user's email whose id is even. As in Java, the digits are any
// decimal digits of the Basic Multilingual Plane (Character.isDigit on each UTF-16 unit, then
// Long.parseLong, which reads them all), at most 18 of them.
func Exists(email string) bool {
	if !strings.HasPrefix(email, "user") || !strings.HasSuffix(email, EmailDomain) || len(email) < 4+len(EmailDomain) {
		return false
	}
	digits := email[4 : len(email)-len(EmailDomain)]
	units := 0
	for _, r := range digits {
		units += utf16.RuneLen(r)
	}
	if units == 0 || units > 18 {
		return false
	}
	var n int64
	for _, r := range digits {
		if r > 0xFFFF || !unicode.IsDigit(r) { // Java looks at UTF-16 units: a surrogate is no digit
			return false
		}
		n = n*10 + int64(digitValue(r))
	}
	return n%2 == 0
}

// digitValue is a decimal digit's value: Unicode puts every set of decimal digits in a run of ten from 0.
func digitValue(r rune) int {
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return int(r-start) % 10
}

// The requests a client sends: sequence numbers start at 0, each one distinct request.

func ExistUserRequest(seq int) string          { return Email(int64(seq)) }
func CreateUserRequest(seq int) *contract.User { return SubmittedUser(int64(seq) + 1) }
func GetUserRequest(seq int) int64             { return int64(seq) + 1 }
func ListUserRequest(seq int) int32            { return int32(seq) + 1 }

// BenchmarkMessage is message number seq, filled as the seeds fill it: every scalar field set by its type
// (text rotated by the field number, numbers MessageNumber, int64 numbers plus seq, booleans true),
// field5, the one repeated field, left empty.
func BenchmarkMessage(seq int) *contract.BenchmarkMessage {
	n := int32(MessageNumber)
	return &contract.BenchmarkMessage{
		Field1: text(1), Field2: &n, Field3: &n, Field4: text(4), Field6: &n, Field7: text(7), Field9: text(9),
		Field12: yes(), Field13: yes(), Field14: yes(), Field16: &n, Field17: yes(), Field18: text(18),
		Field22: proto.Int64(MessageNumber + int64(seq)), Field23: &n, Field24: yes(), Field25: &n, Field29: &n,
		Field30: yes(), Field59: yes(), Field60: &n, Field67: &n, Field68: &n, Field78: yes(), Field80: yes(),
		Field81: yes(), Field100: &n, Field101: &n, Field102: text(102), Field103: text(103), Field104: &n,
		Field128: &n, Field129: text(129), Field130: &n, Field131: &n, Field150: &n, Field271: &n, Field272: &n,
		Field280: &n,
	}
}

// text is the sentence rotated by the field number, by UTF-16 units as Java's substring counts them
// (every character of it is one unit).
func text(field int) *string {
	runes := []rune(MessageText)
	turn := field % len(runes)
	s := string(runes[turn:]) + string(runes[:turn])
	return &s
}

func yes() *bool { return proto.Bool(true) }

// Said is what say answers to a message: a copy with field1 and field2 set.
func Said(request *contract.BenchmarkMessage) *contract.BenchmarkMessage {
	answer := proto.Clone(request).(*contract.BenchmarkMessage)
	answer.Field1 = proto.String(SaidField1)
	answer.Field2 = proto.Int32(SaidField2)
	return answer
}

// floorMod is Java's Math.floorMod for a positive divisor.
func floorMod(x, y int64) int64 {
	m := x % y
	if m < 0 {
		m += y
	}
	return m
}
