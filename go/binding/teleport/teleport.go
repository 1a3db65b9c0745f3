// Package teleport is the teleport pair: erpc v6 (teleport's later name, seed 002's "teleport"), its
// pbproto framing over TCP (each message's header and body in one protobuf envelope, as seed 002's server
// and client chose with SetDefaultProtoFunc(pbproto.NewPbProtoFunc)) carrying the contract's protobuf
// messages with erpc's protobuf codec; a connection is one session, calls multiplexed on it by sequence
// number.
package teleport

import (
	"context"
	"errors"
	"net"
	"sync/atomic"
	"syscall"
	"time"

	erpc "github.com/henrylee2cn/erpc/v6"
	"github.com/henrylee2cn/erpc/v6/proto/pbproto"
	"google.golang.org/protobuf/proto"

	"rpcbench/go/binding"
	"rpcbench/go/cases"
	"rpcbench/go/contract"
	"rpcbench/go/service"
)

// Pair is erpc (teleport); 9090, its examples' port, is thrift's here, so it takes 9091.
type Pair struct{}

func (Pair) Name() string     { return "teleport" }
func (Pair) DefaultPort() int { return 9091 }

func (Pair) Settings() binding.Settings {
	return binding.NewSettings(
		"framework", "erpc (teleport)",
		"frameworkVersion", binding.ModuleVersion("github.com/henrylee2cn/erpc/v6"),
		"protocol", "erpc pbproto (its protobuf framing: seed 002's choice; erpc's default is rawproto) over TCP",
		"serialization", "protobuf (erpc's protobuf codec, which hands the contract's messages to google.golang.org/protobuf "+
			binding.ModuleVersion("google.golang.org/protobuf")+" through gogo's Marshaler interface)",
		"serverExecutor", "erpc default: each message handled on a goroutine of erpc's pool",
		"clientCalls", "Session.AsyncCall, each caller goroutine waiting for its answer or its deadline",
		"callDeadline", "the client's timeout, per call (erpc's own Call waits without one)",
		"serverAccept", "the harness's listener, each connection served by Peer.ServeConn",
		"quic", "not built: erpc's QUIC dependency does not build with this Go (go/third_party/quic-go-unavailable)",
		"connection", "one erpc session (Peer.Dial): one TCP connection, calls multiplexed by sequence number",
		"logLevel", "erpc's log at WARNING on the server, OFF on the client",
	)
}

// The call URIs erpc derives from the handler struct's and its methods' names.
const (
	existUserURI  = "/user_service/exist_user"
	createUserURI = "/user_service/create_user"
	getUserURI    = "/user_service/get_user"
	listUserURI   = "/user_service/list_user"
	pingURI       = "/user_service/ping"
	sayURI        = "/user_service/say"
)

// framing is seed 002's: both its teleport server and client set pbproto as erpc's default protocol.
var framing = pbproto.NewPbProtoFunc()

// served is the fixtures erpc's handlers answer from: erpc makes a new handler struct for each call,
// with nothing in it but its context.
var served atomic.Pointer[service.Fixtures]

func (Pair) Serve(ln net.Listener, fixtures *service.Fixtures) (binding.Server, error) {
	erpc.SetLoggerLevel("WARNING")
	served.Store(fixtures)
	peer := erpc.NewPeer(erpc.PeerConfig{DefaultBodyCodec: "protobuf"})
	peer.RouteCall(new(UserService))
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			if _, stat := peer.ServeConn(c, framing); !stat.OK() {
				c.Close()
			}
		}
	}()
	return server{ln: ln, peer: peer}, nil
}

type server struct {
	ln   net.Listener
	peer erpc.Peer
}

func (s server) Close() error {
	err := s.ln.Close()
	s.peer.Close()
	return err
}

// UserService is the call handler; erpc routes /user_service/METHOD to its methods.
type UserService struct {
	erpc.CallCtx
}

func (*UserService) ExistUser(arg *Body[contract.ExistUserRequest, *contract.ExistUserRequest]) (*Body[contract.BoolReply, *contract.BoolReply], *erpc.Status) {
	out := &contract.BoolReply{}
	served.Load().ExistUser(arg.get(), out)
	return wrap(out), nil
}

func (*UserService) CreateUser(arg *Body[contract.User, *contract.User]) (*Body[contract.BoolReply, *contract.BoolReply], *erpc.Status) {
	out := &contract.BoolReply{}
	served.Load().CreateUser(arg.get(), out)
	return wrap(out), nil
}

func (*UserService) GetUser(arg *Body[contract.GetUserRequest, *contract.GetUserRequest]) (*Body[contract.User, *contract.User], *erpc.Status) {
	out := &contract.User{}
	served.Load().GetUser(arg.get(), out)
	return wrap(out), nil
}

func (*UserService) ListUser(arg *Body[contract.ListUserRequest, *contract.ListUserRequest]) (*Body[contract.Page, *contract.Page], *erpc.Status) {
	out := &contract.Page{}
	served.Load().ListUser(arg.get(), out)
	return wrap(out), nil
}

func (*UserService) Ping(arg *Body[contract.Empty, *contract.Empty]) (*Body[contract.Empty, *contract.Empty], *erpc.Status) {
	out := &contract.Empty{}
	served.Load().Ping(arg.get(), out)
	return wrap(out), nil
}

func (*UserService) Say(arg *Body[contract.BenchmarkMessage, *contract.BenchmarkMessage]) (*Body[contract.BenchmarkMessage, *contract.BenchmarkMessage], *erpc.Status) {
	out := &contract.BenchmarkMessage{}
	served.Load().Say(arg.get(), out)
	return wrap(out), nil
}

func (Pair) Connect(addr string, timeout time.Duration) (binding.Conn, error) {
	erpc.SetLoggerLevel("OFF")
	peer := erpc.NewPeer(erpc.PeerConfig{DefaultBodyCodec: "protobuf", DialTimeout: timeout})
	sess, stat := peer.Dial(addr, framing)
	if !stat.OK() {
		peer.Close()
		return nil, statusError(stat)
	}
	c := conn{peer: peer, sess: sess}
	// one call proves that an erpc server with this service is there, and says why not when it is not
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if _, err := c.Method(cases.ExistUser)(ctx, &contract.ExistUserRequest{}); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

type conn struct {
	peer erpc.Peer
	sess erpc.Session
}

// Close ends the session's socket first: erpc's own Close waits for every call still unanswered, and a
// call whose deadline passed is one, so it would wait for ever.
func (c conn) Close() error {
	if s, ok := c.sess.(interface{ ControlFD(func(fd uintptr)) error }); ok {
		s.ControlFD(func(fd uintptr) { syscall.Shutdown(int(fd), syscall.SHUT_RDWR) }) //nolint:errcheck // closed next
	}
	c.sess.Close()
	return c.peer.Close()
}

func (c conn) Method(k cases.Case) binding.Invoker {
	switch k {
	case cases.ExistUser:
		return invoker[contract.ExistUserRequest, contract.BoolReply](c.sess, existUserURI)
	case cases.CreateUser:
		return invoker[contract.User, contract.BoolReply](c.sess, createUserURI)
	case cases.GetUser:
		return invoker[contract.GetUserRequest, contract.User](c.sess, getUserURI)
	case cases.ListUser:
		return invoker[contract.ListUserRequest, contract.Page](c.sess, listUserURI)
	case cases.Ping:
		return invoker[contract.Empty, contract.Empty](c.sess, pingURI)
	case cases.Say:
		return invoker[contract.BenchmarkMessage, contract.BenchmarkMessage](c.sess, sayURI)
	}
	panic("teleport has no case " + string(k))
}

// errTimedOut is a call that had no answer before its deadline; erpc's reply, if it comes, is dropped.
var errTimedOut = errors.New("no answer before the call's deadline")

func invoker[Q, A any, PQ interface {
	*Q
	proto.Message
}, PA interface {
	*A
	proto.Message
}](sess erpc.Session, uri string) binding.Invoker {
	return func(ctx context.Context, req proto.Message) (proto.Message, error) {
		out := &Body[A, PA]{}
		cmd := sess.AsyncCall(uri, &Body[Q, PQ]{msg: req.(PQ)}, out, make(chan erpc.CallCmd, 1))
		select {
		case <-cmd.Done():
		case <-ctx.Done():
			return nil, errTimedOut
		}
		if stat := cmd.Status(); !stat.OK() {
			return nil, statusError(stat)
		}
		return out.get(), nil
	}
}

// statusError is erpc's status as an error: its code, message and cause, in one line.
func statusError(stat *erpc.Status) error {
	return errors.New(stat.String())
}
