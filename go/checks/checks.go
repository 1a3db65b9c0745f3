package checks

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"rpcbench/go/cases"
	"rpcbench/go/contract"
)

// ExistUser checks existUser's answer; expected is the existUser rule's answer, worked out before the call.
func ExistUser(email string, expected bool, answer proto.Message) string {
	reply, ok := answer.(*contract.BoolReply)
	if !ok {
		return fmt.Sprintf("existUser(%s) answered %s, expected %t", email, describe(answer), expected)
	}
	if reply.GetValue() == expected {
		return ""
	}
	return fmt.Sprintf("existUser(%s) answered %t, expected %t", email, reply.GetValue(), expected)
}

// CreateUser checks createUser's answer: true, the server having found the user it was sent intact.
func CreateUser(answer proto.Message) string {
	if reply, ok := answer.(*contract.BoolReply); ok && reply.GetValue() {
		return ""
	}
	return "createUser answered " + describe(answer) + ", expected true (the server saw a different user)"
}

// Ping checks that a call without a return value came back with nothing.
func Ping(answer proto.Message) string {
	if _, ok := answer.(*contract.Empty); ok {
		return ""
	}
	return "ping returned " + describe(answer) + ", expected nothing"
}

// Say checks that the answer is the message sent with field1 "OK" and field2 100, nothing else changed.
func Say(expected *contract.BenchmarkMessage, answer proto.Message) string {
	m, ok := answer.(*contract.BenchmarkMessage)
	if !ok {
		return "say answered " + describe(answer)
	}
	if proto.Equal(expected, m) {
		return ""
	}
	if m.Field1 == nil || m.GetField1() != expected.GetField1() {
		return "say answered field1=" + quoteOptional(m.Field1) + ", expected " + quote(expected.GetField1())
	}
	if m.Field2 == nil || m.GetField2() != expected.GetField2() {
		return fmt.Sprintf("say answered field2=%d, expected %d", m.GetField2(), expected.GetField2())
	}
	return "say changed fields other than field1 and field2: " + prototext.MarshalOptions{}.Format(m)
}

// User checks a user as a server answers it: every field as expected's, and the server's createTime and
// updateTime present, equal and in the window of the client's clock. Reads the clock once.
func User(expected *contract.User, answer proto.Message, clock *Clock) string {
	now := clock.Now()
	actual, ok := answer.(*contract.User)
	if ok && answered(expected, actual, clock, now) {
		return ""
	}
	if !ok {
		return fmt.Sprintf("expected user %d, got %s", expected.GetId(), describe(answer))
	}
	return explained(userProblem(expected, actual, clock, now), fmt.Sprintf("user %d", expected.GetId()))
}

// Page checks a page as a server answers it, each user as User checks it, at one reading of the clock.
func Page(expected *contract.Page, answer proto.Message, clock *Clock) string {
	now := clock.Now()
	actual, ok := answer.(*contract.Page)
	if ok && answeredPage(expected, actual, clock, now) {
		return ""
	}
	if !ok {
		return fmt.Sprintf("expected page %d, got %s", expected.GetPageNo(), describe(answer))
	}
	for i, u := range actual.GetResult() {
		if p := unreadable(u); p != "" {
			return fmt.Sprintf("page %d, entry %d: %s", expected.GetPageNo(), i, p)
		}
	}
	if actual.GetPageNo() != expected.GetPageNo() {
		return fmt.Sprintf("asked for page %d, got page %d", expected.GetPageNo(), actual.GetPageNo())
	}
	if actual.GetTotal() != expected.GetTotal() {
		return fmt.Sprintf("page %d: total was %d, expected %d", expected.GetPageNo(), actual.GetTotal(), expected.GetTotal())
	}
	if len(actual.GetResult()) != len(expected.GetResult()) {
		return fmt.Sprintf("page %d held %d users, expected %d", expected.GetPageNo(), len(actual.GetResult()),
			len(expected.GetResult()))
	}
	now = clock.Now()
	for i, want := range expected.GetResult() {
		if p := userProblem(want, actual.GetResult()[i], clock, now); p != "" {
			return fmt.Sprintf("page %d, entry %d: %s", expected.GetPageNo(), i, p)
		}
	}
	return explained("", fmt.Sprintf("page %d", expected.GetPageNo()))
}

// Submitted is the server's check of the user sent to createUser: a contract user (its times real
// LocalDate and LocalDateTime values) equal in every field, times exactly, to the submitted user of its id.
func Submitted(u *contract.User) bool {
	if u == nil || unreadable(u) != "" {
		return false
	}
	want := cases.SubmittedUser(u.GetId())
	return sameProfile(want, u) && sameTime(want.GetCreateTime(), u.GetCreateTime()) &&
		sameTime(want.GetUpdateTime(), u.GetUpdateTime())
}

func answeredPage(expected, actual *contract.Page, clock *Clock, now int64) bool {
	if actual.GetPageNo() != expected.GetPageNo() || actual.GetTotal() != expected.GetTotal() ||
		len(actual.GetResult()) != len(expected.GetResult()) {
		return false
	}
	for i, u := range expected.GetResult() {
		if !answered(u, actual.GetResult()[i], clock, now) {
			return false
		}
	}
	return true
}

// answered: every field as expected's, and the server's two times present, equal and in the window.
func answered(expected, actual *contract.User, clock *Clock, now int64) bool {
	if actual == nil || !sameProfile(expected, actual) {
		return false
	}
	created, updated := actual.GetCreateTime(), actual.GetUpdateTime()
	return created != nil && updated != nil && sameTime(created, updated) &&
		clock.Accepts(created.GetSeconds(), created.GetNanos(), now)
}

// sameProfile compares every field but the times a server stamps, allocating nothing.
func sameProfile(expected, actual *contract.User) bool {
	return expected.GetId() == actual.GetId() && expected.GetSex() == actual.GetSex() &&
		expected.GetStatus() == actual.GetStatus() &&
		(expected.GetBirthday() == nil) == (actual.GetBirthday() == nil) &&
		sameTime(expected.GetBirthday(), actual.GetBirthday()) &&
		expected.GetName() == actual.GetName() && expected.GetEmail() == actual.GetEmail() &&
		expected.GetMobile() == actual.GetMobile() && expected.GetAddress() == actual.GetAddress() &&
		expected.GetIcon() == actual.GetIcon() && slices.Equal(expected.GetPermissions(), actual.GetPermissions())
}

func sameTime(a, b *timestamppb.Timestamp) bool {
	return a.GetSeconds() == b.GetSeconds() && a.GetNanos() == b.GetNanos()
}

// userProblem describes what is wrong with a user the server answered, as Checks does for the contract's
// user: a time no contract user can hold, the first field that differs, or the server's times.
func userProblem(expected, actual *contract.User, clock *Clock, now int64) string {
	if actual == nil {
		return fmt.Sprintf("expected user %d, got null", expected.GetId())
	}
	if p := unreadable(actual); p != "" {
		return p
	}
	for _, f := range profileFields {
		want, got := f.show(expected), f.show(actual)
		if want != got {
			return fmt.Sprintf("user %d: %s was %s, expected %s", expected.GetId(), f.name, got, want)
		}
	}
	if answered(expected, actual, clock, now) {
		return ""
	}
	return fmt.Sprintf("user %d: %s", expected.GetId(), stampProblem(actual, clock, now))
}

// stampProblem says what is wrong with a server's createTime and updateTime.
func stampProblem(u *contract.User, clock *Clock, now int64) string {
	created, updated := u.GetCreateTime(), u.GetUpdateTime()
	if created == nil {
		return "createTime was null, expected the server's time"
	}
	c, _ := localDateTime(created.GetSeconds(), created.GetNanos())
	if updated == nil {
		return "updateTime was null, expected the server's time (createTime's, " + c + ")"
	}
	if !sameTime(created, updated) {
		up, _ := localDateTime(updated.GetSeconds(), updated.GetNanos())
		return "updateTime was " + up + ", expected createTime's value " + c +
			" (the server sets both from one reading of its clock)"
	}
	if p := clock.Problem("createTime", created.GetSeconds(), created.GetNanos(), now); p != "" {
		return p
	}
	return "createTime and updateTime are right"
}

// unreadable says why a user holds a value no contract user can (a birthday off midnight, a time with
// nanos out of range), or "".
func unreadable(u *contract.User) string {
	if b := u.GetBirthday(); b != nil {
		if _, err := localDate(b.GetSeconds(), b.GetNanos()); err != nil {
			return fmt.Sprintf("user %d: %v", u.GetId(), err)
		}
	}
	for _, t := range []*timestamppb.Timestamp{u.GetCreateTime(), u.GetUpdateTime()} {
		if t != nil {
			if err := validTime(t.GetSeconds(), t.GetNanos()); err != nil {
				return fmt.Sprintf("user %d: %v", u.GetId(), err)
			}
		}
	}
	return ""
}

type field struct {
	name string
	show func(*contract.User) string
}

// profileFields are the fields a server does not stamp, in the contract bean's order, shown as Java shows them.
var profileFields = []field{
	{"id", func(u *contract.User) string { return strconv.FormatInt(u.GetId(), 10) }},
	{"name", func(u *contract.User) string { return quote(u.GetName()) }},
	{"sex", func(u *contract.User) string { return strconv.Itoa(int(u.GetSex())) }},
	{"birthday", func(u *contract.User) string {
		if u.GetBirthday() == nil {
			return "null"
		}
		d, _ := localDate(u.GetBirthday().GetSeconds(), u.GetBirthday().GetNanos())
		return d
	}},
	{"email", func(u *contract.User) string { return quote(u.GetEmail()) }},
	{"mobile", func(u *contract.User) string { return quote(u.GetMobile()) }},
	{"address", func(u *contract.User) string { return quote(u.GetAddress()) }},
	{"icon", func(u *contract.User) string { return quote(u.GetIcon()) }},
	{"permissions", func(u *contract.User) string {
		parts := make([]string, len(u.GetPermissions()))
		for i, p := range u.GetPermissions() {
			parts[i] = strconv.Itoa(int(p))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}},
	{"status", func(u *contract.User) string { return strconv.Itoa(int(u.GetStatus())) }},
}

func explained(problem, what string) string {
	if problem != "" {
		return problem
	}
	return what + " differs from the expected one in its protobuf form"
}

func quote(s string) string { return "'" + s + "'" }

func quoteOptional(s *string) string {
	if s == nil {
		return "null"
	}
	return quote(*s)
}

// describe names an unexpected answer: its type and, when short, its content.
func describe(answer proto.Message) string {
	if answer == nil || reflect.ValueOf(answer).IsNil() {
		return "null"
	}
	if b, ok := answer.(*contract.BoolReply); ok {
		return "Boolean " + strconv.FormatBool(b.GetValue())
	}
	text := prototext.MarshalOptions{}.Format(answer)
	if len(text) > 80 {
		text = fmt.Sprintf("of %d bytes", proto.Size(answer))
	}
	return string(answer.ProtoReflect().Descriptor().Name()) + " " + text
}
