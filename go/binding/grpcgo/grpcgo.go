// Package grpcgo is the grpc-go pair: gRPC over HTTP/2 cleartext with the service generated from the
// contract's .proto, everything at grpc-go's defaults; the Go counterpart of grpc-protobuf, and its wire
// peer (the same service and method names, so either side's client calls either side's server).
package grpcgo

import (
	"context"
	"net"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	"rpcbench/go/binding"
	"rpcbench/go/cases"
	"rpcbench/go/contract"
	"rpcbench/go/service"
)

// Pair is grpc-go; its default port is clear of every Java pair's.
type Pair struct{}

func (Pair) Name() string     { return "grpc-go" }
func (Pair) DefaultPort() int { return 50061 }

func (Pair) Settings() binding.Settings {
	return binding.NewSettings(
		"framework", "gRPC-go",
		"frameworkVersion", grpc.Version,
		"protocol", "gRPC (HTTP/2 cleartext)",
		"serialization", "protobuf (google.golang.org/protobuf "+binding.ModuleVersion("google.golang.org/protobuf")+")",
		"stubs", "protoc-gen-go v1.36.12 and protoc-gen-go-grpc v1.5.1, generated from user_service.proto (go/regenerate.sh)",
		"transport", "grpc-go's own HTTP/2 over the Go runtime's netpoller",
		"serverExecutor", "grpc-go default: a goroutine per stream, no worker pool",
		"clientCalls", "generated client; each caller goroutine waits for its answer",
		"callDeadline", "the client's timeout, set on every call (context deadline)",
		"flowControl", "not set: grpc-go defaults (64 KiB initial windows, BDP-based window growth on)",
		"maxConcurrentStreams", "not set: unlimited",
		"connection", "one ClientConn: one HTTP/2 connection (passthrough resolver, pick_first), each call a stream on it",
		"logLevel", "grpc-go's logger at its default (errors only)",
	)
}

func (Pair) Serve(ln net.Listener, fixtures *service.Fixtures) (binding.Server, error) {
	s := grpc.NewServer()
	contract.RegisterUserServiceServer(s, &answers{fixtures: fixtures})
	go s.Serve(ln) //nolint:errcheck // ends when the server is stopped
	return server{s}, nil
}

type server struct{ s *grpc.Server }

// Close lets calls in flight finish for up to 5 s, then cuts them off, as the Java server stops.
func (s server) Close() error {
	done := make(chan struct{})
	go func() {
		s.s.GracefulStop()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		s.s.Stop()
	}
	return nil
}

// answers is the generated service; each method answers from the fixtures.
type answers struct {
	contract.UnimplementedUserServiceServer
	fixtures *service.Fixtures
}

func (a *answers) ExistUser(_ context.Context, req *contract.ExistUserRequest) (*contract.BoolReply, error) {
	out := &contract.BoolReply{}
	a.fixtures.ExistUser(req, out)
	return out, nil
}

func (a *answers) CreateUser(_ context.Context, req *contract.User) (*contract.BoolReply, error) {
	out := &contract.BoolReply{}
	a.fixtures.CreateUser(req, out)
	return out, nil
}

func (a *answers) GetUser(_ context.Context, req *contract.GetUserRequest) (*contract.User, error) {
	out := &contract.User{}
	a.fixtures.GetUser(req, out)
	return out, nil
}

func (a *answers) ListUser(_ context.Context, req *contract.ListUserRequest) (*contract.Page, error) {
	out := &contract.Page{}
	a.fixtures.ListUser(req, out)
	return out, nil
}

func (a *answers) Ping(_ context.Context, req *contract.Empty) (*contract.Empty, error) {
	out := &contract.Empty{}
	a.fixtures.Ping(req, out)
	return out, nil
}

func (a *answers) Say(_ context.Context, req *contract.BenchmarkMessage) (*contract.BenchmarkMessage, error) {
	out := &contract.BenchmarkMessage{}
	a.fixtures.Say(req, out)
	return out, nil
}

func (Pair) Connect(addr string, timeout time.Duration) (binding.Conn, error) {
	cc, err := grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	client := contract.NewUserServiceClient(cc)
	// the connection is made lazily; one call (failing fast, under the timeout) proves that a gRPC server
	// with this service is there, and says why not when it is not
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if _, err := client.ExistUser(ctx, &contract.ExistUserRequest{}); err != nil {
		cc.Close()
		return nil, err
	}
	return conn{cc: cc, client: client}, nil
}

type conn struct {
	cc     *grpc.ClientConn
	client contract.UserServiceClient
}

func (c conn) Close() error { return c.cc.Close() }

func (c conn) Method(k cases.Case) binding.Invoker {
	switch k {
	case cases.ExistUser:
		return func(ctx context.Context, req proto.Message) (proto.Message, error) {
			return c.client.ExistUser(ctx, req.(*contract.ExistUserRequest))
		}
	case cases.CreateUser:
		return func(ctx context.Context, req proto.Message) (proto.Message, error) {
			return c.client.CreateUser(ctx, req.(*contract.User))
		}
	case cases.GetUser:
		return func(ctx context.Context, req proto.Message) (proto.Message, error) {
			return c.client.GetUser(ctx, req.(*contract.GetUserRequest))
		}
	case cases.ListUser:
		return func(ctx context.Context, req proto.Message) (proto.Message, error) {
			return c.client.ListUser(ctx, req.(*contract.ListUserRequest))
		}
	case cases.Ping:
		return func(ctx context.Context, req proto.Message) (proto.Message, error) {
			return c.client.Ping(ctx, req.(*contract.Empty))
		}
	case cases.Say:
		return func(ctx context.Context, req proto.Message) (proto.Message, error) {
			return c.client.Say(ctx, req.(*contract.BenchmarkMessage))
		}
	}
	panic("grpc-go has no case " + string(k))
}
