// Package quic is the part of quic-go's v0.15 API that erpc's quic package compiles against; none of it
// works: see go.mod.
package quic

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"time"
)

// ErrUnavailable is what every entry point returns.
var ErrUnavailable = errors.New("QUIC is not built into rpc-bench's Go binary (erpc runs over TCP here)")

// ErrorCode is an application error code.
type ErrorCode uint64

// Config holds the one setting erpc sets.
type Config struct {
	KeepAlive bool
}

// Stream is a QUIC stream.
type Stream interface {
	Read(b []byte) (int, error)
	Write(b []byte) (int, error)
	Close() error
	SetDeadline(t time.Time) error
	SetReadDeadline(t time.Time) error
	SetWriteDeadline(t time.Time) error
}

// Session is a QUIC connection.
type Session interface {
	OpenStreamSync(ctx context.Context) (Stream, error)
	AcceptStream(ctx context.Context) (Stream, error)
	CloseWithError(code ErrorCode, reason string) error
	LocalAddr() net.Addr
	RemoteAddr() net.Addr
}

// Listener accepts QUIC sessions.
type Listener interface {
	Accept(ctx context.Context) (Session, error)
	Close() error
	Addr() net.Addr
}

// DialContext always fails: QUIC is not built in.
func DialContext(ctx context.Context, conn net.PacketConn, addr net.Addr, host string, tlsConf *tls.Config, config *Config) (Session, error) {
	return nil, ErrUnavailable
}

// Listen always fails: QUIC is not built in.
func Listen(conn net.PacketConn, tlsConf *tls.Config, config *Config) (Listener, error) {
	return nil, ErrUnavailable
}
