// Package binding is what a Go pair implements, and the prepared calls the load rig makes through it
// (client-base's ClientBinding, Connection and ProtoContractConnection; server-base's ServerBinding): a
// pair serves the contract from the shared fixtures on a listener the harness bound, and connects a client
// connection to a server: one that every caller shares, or one per caller (ConnectEach), as the run asks.
package binding

import (
	"context"
	"net"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"

	"rpcbench/go/cases"
	"rpcbench/go/service"
)

// Pair is one Go framework, both halves.
type Pair interface {
	// Name is the pair's name, as pairs/NAME.properties declares it.
	Name() string
	// DefaultPort is the port a server listens on when none is given.
	DefaultPort() int
	// Settings are the framework, protocol, serialization and the settings that matter for fairness;
	// "connection" says what one connection is (the launcher adds how many the callers had).
	Settings() Settings
	// Serve serves the contract on ln until the returned server is closed.
	Serve(ln net.Listener, fixtures *service.Fixtures) (Server, error)
	// Connect opens one connection, its own dialled client (shared by the callers, or one caller's); it
	// fails when no server of this protocol answers at addr within timeout.
	Connect(addr string, timeout time.Duration) (Conn, error)
}

// Server is a started server; closing it stops listening and ends its connections.
type Server interface {
	Close() error
}

// Invoker makes one call of one case: sends the request and waits for the answer.
type Invoker func(ctx context.Context, request proto.Message) (proto.Message, error)

// Conn is one client connection.
type Conn interface {
	// Method is the invoker of a case's method; it is looked up once, before measurement.
	Method(c cases.Case) Invoker
	Close() error
}

// Setting is one framework setting; a pair's settings keep their order.
type Setting struct {
	Key, Value string
}

// Settings are a pair's framework settings in the order they are declared.
type Settings []Setting

// Map is the settings by key, as a run record keeps them.
func (s Settings) Map() map[string]string {
	m := make(map[string]string, len(s))
	for _, kv := range s {
		m[kv.Key] = kv.Value
	}
	return m
}

// Get is the value of a key, or "".
func (s Settings) Get(key string) string {
	for _, kv := range s {
		if kv.Key == key {
			return kv.Value
		}
	}
	return ""
}

// String writes them as the Java server's settings line does (a Java map's toString).
func (s Settings) String() string {
	parts := make([]string, len(s))
	for i, kv := range s {
		parts[i] = kv.Key + "=" + kv.Value
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// NewSettings makes settings from keys and values, in turn.
func NewSettings(keysAndValues ...string) Settings {
	if len(keysAndValues)%2 != 0 {
		panic("settings need a value for every key")
	}
	s := make(Settings, 0, len(keysAndValues)/2)
	for i := 0; i < len(keysAndValues); i += 2 {
		s = append(s, Setting{Key: keysAndValues[i], Value: keysAndValues[i+1]})
	}
	return s
}
