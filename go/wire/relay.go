// Package wire measures the bytes each case puts on the wire, both ways (client-base's Relay and
// WireMeter): a relay on a free loopback port in front of the server counts what passes while a
// connection of its own makes the same calls one at a time, before the benchmark, never on a measured path.
package wire

import (
	"net"
	"sync"
	"sync/atomic"
)

// Relay forwards whatever a client sends it to the server, and the answers back, counting the bytes.
type Relay struct {
	ln       net.Listener
	upstream string
	up, down atomic.Int64
	mu       sync.Mutex
	conns    []net.Conn
}

// NewRelay listens on a free loopback port in front of upstream.
func NewRelay(upstream string) (*Relay, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &Relay{ln: ln, upstream: upstream}
	go r.accept()
	return r, nil
}

// Addr is where clients connect.
func (r *Relay) Addr() string { return r.ln.Addr().String() }

// Counts are the bytes passed so far, to the server and back.
func (r *Relay) Counts() (up, down int64) { return r.up.Load(), r.down.Load() }

func (r *Relay) accept() {
	for {
		client, err := r.ln.Accept()
		if err != nil {
			return // closed
		}
		server, err := net.Dial("tcp", r.upstream)
		if err != nil {
			client.Close() // this connection failed; keep serving the next ones
			continue
		}
		r.mu.Lock()
		r.conns = append(r.conns, client, server)
		r.mu.Unlock()
		go pump(client, server, &r.up)
		go pump(server, client, &r.down)
	}
}

// pump copies one direction, counting each chunk before it is forwarded, so that a reader of the count
// knows of the bytes no later than their receiver does.
func pump(from, to net.Conn, count *atomic.Int64) {
	buf := make([]byte, 64*1024)
	for {
		n, err := from.Read(buf)
		if n > 0 {
			count.Add(int64(n))
			if _, werr := to.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	if tcp, ok := to.(*net.TCPConn); ok {
		tcp.CloseWrite()
	} else {
		to.Close()
	}
}

// Close stops the relay and its connections.
func (r *Relay) Close() {
	r.ln.Close()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.conns {
		c.Close()
	}
}
