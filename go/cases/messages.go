package cases

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"rpcbench/go/contract"
)

// Request is request number seq of a case (ProtoFixtures.request).
func Request(c Case, seq int) proto.Message {
	switch c {
	case ExistUser:
		return &contract.ExistUserRequest{Email: ExistUserRequest(seq)}
	case CreateUser:
		return CreateUserRequest(seq)
	case GetUser:
		return &contract.GetUserRequest{Id: GetUserRequest(seq)}
	case ListUser:
		return &contract.ListUserRequest{PageNo: ListUserRequest(seq)}
	case Ping:
		return &contract.Empty{}
	case Say:
		return BenchmarkMessage(seq)
	}
	panic(fmt.Sprintf("no case %q", c))
}

// Answer is the right answer to request number seq of a case (ProtoFixtures.answer), its server times
// read from clock: a server's differ, which the checks allow for.
func Answer(c Case, seq int, clock Clock) proto.Message {
	switch c {
	case ExistUser:
		return &contract.BoolReply{Value: Exists(ExistUserRequest(seq))}
	case CreateUser:
		return &contract.BoolReply{Value: true}
	case GetUser:
		return UserAt(GetUserRequest(seq), clock())
	case ListUser:
		p := &contract.Page{}
		FillPage(p, ListUserRequest(seq), clock)
		return p
	case Ping:
		return &contract.Empty{}
	case Say:
		return Said(BenchmarkMessage(seq))
	}
	panic(fmt.Sprintf("no case %q", c))
}
