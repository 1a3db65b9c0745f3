// Package rpcx is the rpcx pair (seed 002's Go framework): rpcx's own binary protocol over TCP, carrying
// the contract's protobuf messages with rpcx's protobuf codec; a connection is one client.Client, one TCP
// connection, calls multiplexed on it by sequence number.
package rpcx

import (
	"context"
	stdlog "log"
	"net"
	"os"
	"time"

	"github.com/smallnest/rpcx/client"
	rpcxlog "github.com/smallnest/rpcx/log"
	"github.com/smallnest/rpcx/protocol"
	"github.com/smallnest/rpcx/server"
	"google.golang.org/protobuf/proto"

	"rpcbench/go/binding"
	"rpcbench/go/cases"
	"rpcbench/go/contract"
	"rpcbench/go/service"
)

const servicePath = "UserService"

// Pair is rpcx; 8972 is the port of rpcx's own examples.
type Pair struct{}

func (Pair) Name() string     { return "rpcx" }
func (Pair) DefaultPort() int { return 8972 }

func (Pair) Settings() binding.Settings {
	return binding.NewSettings(
		"framework", "rpcx",
		"frameworkVersion", binding.ModuleVersion("github.com/smallnest/rpcx"),
		"protocol", "rpcx (its binary message format over TCP)",
		"serialization", "protobuf (rpcx's PBCodec on google.golang.org/protobuf "+binding.ModuleVersion("google.golang.org/protobuf")+")",
		"compression", "none",
		"serverExecutor", "rpcx default: a goroutine per request, no worker pool, synchronous writes",
		"objectPool", "arguments and replies taken from rpcx's per-type sync.Pool and reset after each call: rpcx 1.9's"+
			" only behaviour, what seed 002's server turned on with server.UsePool = true in the rpcx of its day",
		"clientCalls", "client.Client.Call; each caller goroutine waits for its answer",
		"callDeadline", "the client's timeout, set on every call (context deadline)",
		"heartbeat", "off (rpcx default)",
		"connection", "one client.Client: one TCP connection, calls multiplexed by sequence number",
		"logLevel", "rpcx's log at WARN on the server, off on the client",
	)
}

func (Pair) Serve(ln net.Listener, fixtures *service.Fixtures) (binding.Server, error) {
	rpcxlog.SetLogger(rpcxlog.NewDefaultLogger(os.Stderr, "rpcx ", stdlog.LstdFlags, rpcxlog.LvWarn))
	s := server.NewServer()
	if err := s.RegisterName(servicePath, &answers{fixtures: fixtures}, ""); err != nil {
		return nil, err
	}
	go s.ServeListener("tcp", ln) //nolint:errcheck // ends when the server is closed
	return s, nil
}

// answers is the service rpcx calls by reflection: the framework allocates each reply, the fixtures fill it.
type answers struct {
	fixtures *service.Fixtures
}

func (a *answers) ExistUser(_ context.Context, req *contract.ExistUserRequest, out *contract.BoolReply) error {
	a.fixtures.ExistUser(req, out)
	return nil
}

func (a *answers) CreateUser(_ context.Context, req *contract.User, out *contract.BoolReply) error {
	a.fixtures.CreateUser(req, out)
	return nil
}

func (a *answers) GetUser(_ context.Context, req *contract.GetUserRequest, out *contract.User) error {
	a.fixtures.GetUser(req, out)
	return nil
}

func (a *answers) ListUser(_ context.Context, req *contract.ListUserRequest, out *contract.Page) error {
	a.fixtures.ListUser(req, out)
	return nil
}

func (a *answers) Ping(_ context.Context, req *contract.Empty, out *contract.Empty) error {
	a.fixtures.Ping(req, out)
	return nil
}

func (a *answers) Say(_ context.Context, req *contract.BenchmarkMessage, out *contract.BenchmarkMessage) error {
	a.fixtures.Say(req, out)
	return nil
}

func (Pair) Connect(addr string, timeout time.Duration) (binding.Conn, error) {
	rpcxlog.SetDummyLogger()
	option := client.DefaultOption
	option.SerializeType = protocol.ProtoBuffer
	option.ConnectTimeout = timeout
	c := client.NewClient(option)
	if err := c.Connect("tcp", addr); err != nil {
		return nil, err
	}
	// one call proves that an rpcx server with this service is there, and says why not when it is not
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := c.Call(ctx, servicePath, "ExistUser", &contract.ExistUserRequest{}, &contract.BoolReply{}); err != nil {
		c.Close()
		return nil, err
	}
	return conn{c}, nil
}

type conn struct{ c *client.Client }

func (c conn) Close() error { return c.c.Close() }

func (c conn) Method(k cases.Case) binding.Invoker {
	var method string
	var reply func() proto.Message
	switch k {
	case cases.ExistUser:
		method, reply = "ExistUser", func() proto.Message { return &contract.BoolReply{} }
	case cases.CreateUser:
		method, reply = "CreateUser", func() proto.Message { return &contract.BoolReply{} }
	case cases.GetUser:
		method, reply = "GetUser", func() proto.Message { return &contract.User{} }
	case cases.ListUser:
		method, reply = "ListUser", func() proto.Message { return &contract.Page{} }
	case cases.Ping:
		method, reply = "Ping", func() proto.Message { return &contract.Empty{} }
	case cases.Say:
		method, reply = "Say", func() proto.Message { return &contract.BenchmarkMessage{} }
	default:
		panic("rpcx has no case " + string(k))
	}
	return func(ctx context.Context, req proto.Message) (proto.Message, error) {
		out := reply()
		if err := c.c.Call(ctx, servicePath, method, req, out); err != nil {
			return nil, err
		}
		return out, nil
	}
}
