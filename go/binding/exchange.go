package binding

import (
	"context"
	"time"

	"google.golang.org/protobuf/proto"

	"rpcbench/go/cases"
	"rpcbench/go/checks"
	"rpcbench/go/contract"
)

// Exchange is one prepared request: Call is the measured part, Check runs after the clock stopped.
type Exchange struct {
	invoke  Invoker
	request proto.Message
	timeout time.Duration
	check   func(answer proto.Message) string
}

// NewExchange is a request with its own check; Prepare makes the real ones.
func NewExchange(invoke Invoker, request proto.Message, timeout time.Duration, check func(proto.Message) string) *Exchange {
	return &Exchange{invoke: invoke, request: request, timeout: timeout, check: check}
}

// Call sends the request and waits for the answer, for at most the call timeout.
func (e *Exchange) Call() (proto.Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), e.timeout)
	defer cancel()
	return e.invoke(ctx, e.request)
}

// Check is "" when the answer is right, otherwise one line on what is wrong.
func (e *Exchange) Check(answer proto.Message) string {
	return e.check(answer)
}

// Prepare builds request number seq of a case and what its answer is checked against, before
// measurement (ProtoContractConnection.prepare); the server's times are checked against clock.
func Prepare(conn Conn, c cases.Case, seq int, timeout time.Duration, clock *checks.Clock) *Exchange {
	request := cases.Request(c, seq)
	var check func(proto.Message) string
	switch c {
	case cases.ExistUser:
		email := request.(*contract.ExistUserRequest).GetEmail()
		exists := cases.Exists(email)
		check = func(a proto.Message) string { return checks.ExistUser(email, exists, a) }
	case cases.CreateUser:
		check = checks.CreateUser
	case cases.GetUser:
		expected := cases.User(request.(*contract.GetUserRequest).GetId())
		check = func(a proto.Message) string { return checks.User(expected, a, clock) }
	case cases.ListUser:
		expected := cases.Page(request.(*contract.ListUserRequest).GetPageNo())
		check = func(a proto.Message) string { return checks.Page(expected, a, clock) }
	case cases.Ping:
		check = checks.Ping
	case cases.Say:
		expected := cases.Said(request.(*contract.BenchmarkMessage))
		check = func(a proto.Message) string { return checks.Say(expected, a) }
	default:
		panic("no case " + string(c))
	}
	return NewExchange(conn.Method(c), request, timeout, check)
}
