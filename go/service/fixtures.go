// Package service is the server side every Go pair serves, ported from server-base's FixtureProtoService
// (with FixtureUserService behind it): answers are built per call from the same fixtures the clients check
// against, every user of a getUser or listUser answer stamped with the server's own reading of the clock,
// and the user sent to createUser checked field by field, its times exactly.
package service

import (
	"rpcbench/go/cases"
	"rpcbench/go/checks"
	"rpcbench/go/contract"
)

// Fixtures answers the contract. Its methods fill the answer they are given, so that a framework that
// allocates the reply itself (rpcx) and one that takes a returned value (gRPC, erpc) cost the same.
type Fixtures struct {
	cost Costs
}

// New is the service with the calibration cost of every method (zero unless a calibration run set it).
func New(cost Costs) *Fixtures {
	return &Fixtures{cost: cost}
}

func (f *Fixtures) ExistUser(req *contract.ExistUserRequest, out *contract.BoolReply) {
	f.cost.spin(f.cost.ExistUser)
	out.Value = cases.Exists(req.GetEmail())
}

// CreateUser answers true only for the submitted user of its id, intact to the nanosecond; a user whose
// times are no contract times (a birthday off midnight, nanos out of range) is refused.
func (f *Fixtures) CreateUser(user *contract.User, out *contract.BoolReply) {
	f.cost.spin(f.cost.CreateUser)
	out.Value = checks.Submitted(user)
}

func (f *Fixtures) GetUser(req *contract.GetUserRequest, out *contract.User) {
	f.cost.spin(f.cost.GetUser)
	cases.FillUser(out, req.GetId(), cases.Now())
}

func (f *Fixtures) ListUser(req *contract.ListUserRequest, out *contract.Page) {
	f.cost.spin(f.cost.ListUser)
	cases.FillPage(out, req.GetPageNo(), cases.Now)
}

func (f *Fixtures) Ping(*contract.Empty, *contract.Empty) {
	f.cost.spin(f.cost.Ping)
}

// Say answers the message received with field1 and field2 set, as the seeds' server does.
func (f *Fixtures) Say(req *contract.BenchmarkMessage, out *contract.BenchmarkMessage) {
	f.cost.spin(f.cost.Say)
	said(req, out, &saidField1, &saidField2)
}

// the values say sets, shared by every answer: an answer is only read after it is made
var (
	saidField1 = cases.SaidField1
	saidField2 = int32(cases.SaidField2)
)
