// Package bindingtest is the round trip every binding's test makes: a server of the pair on a free
// loopback port in this process, a client connected to it, every case called through the binding and
// its answer checked, and a wrong expectation shown to be caught through the binding too.
package bindingtest

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"rpcbench/go/binding"
	"rpcbench/go/cases"
	"rpcbench/go/checks"
	"rpcbench/go/service"
)

const timeout = 5 * time.Second

// Serve starts the pair's server on a free loopback port; it is closed when the test ends.
func Serve(t *testing.T, pair binding.Pair) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	costs, _ := service.ParseCosts("")
	srv, err := pair.Serve(ln, service.New(costs))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// RoundTrip calls every case through the pair and checks each answer; then makes sure wrong
// expectations are caught.
func RoundTrip(t *testing.T, pair binding.Pair) {
	addr := Serve(t, pair)
	conn, err := pair.Connect(addr, timeout)
	if err != nil {
		t.Fatalf("connecting to %s: %v", addr, err)
	}
	defer conn.Close()
	clock := checks.Opened()
	for _, c := range cases.All {
		for _, seq := range []int{0, 1, 2, 15, 999} {
			e := binding.Prepare(conn, c, seq, timeout, clock)
			answer, err := e.Call()
			if err != nil {
				t.Fatalf("%s %d: %v", c, seq, err)
			}
			if p := e.Check(answer); p != "" {
				t.Errorf("%s %d: %s", c, seq, p)
			}
		}
	}
	for _, c := range cases.All {
		wrong := wrongExpectation(conn, c, clock)
		answer, err := wrong.Call()
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if p := wrong.Check(answer); p == "" {
			t.Errorf("%s: a wrong expectation was not caught", c)
		} else {
			t.Logf("%s, caught: %s", c, p)
		}
	}
}

// wrongExpectation sends one request and expects the answer to another (or, for ping, something).
func wrongExpectation(conn binding.Conn, c cases.Case, clock *checks.Clock) *binding.Exchange {
	request := cases.Request(c, 3)
	var check func(proto.Message) string
	switch c {
	case cases.ExistUser:
		check = func(a proto.Message) string { return checks.ExistUser("user4@rpc-bench.test", true, a) }
	case cases.CreateUser:
		// a user whose time was cut to the microsecond: the server must refuse it
		u := cases.SubmittedUser(4)
		u.CreateTime.Nanos -= u.CreateTime.Nanos % 1000
		request = u
		check = checks.CreateUser
	case cases.GetUser:
		expected := cases.User(5)
		check = func(a proto.Message) string { return checks.User(expected, a, clock) }
	case cases.ListUser:
		expected := cases.Page(5)
		check = func(a proto.Message) string { return checks.Page(expected, a, clock) }
	case cases.Ping:
		check = func(a proto.Message) string { return checks.CreateUser(a) }
	case cases.Say:
		expected := cases.Said(cases.BenchmarkMessage(4))
		check = func(a proto.Message) string { return checks.Say(expected, a) }
	}
	return binding.NewExchange(conn.Method(c), request, timeout, check)
}

// PerCaller opens connections the way a per-caller run does, calls through each, and counts the TCP
// connections the operating system has established to the server: one per caller, and a single one when
// the callers share a connection.
func PerCaller(t *testing.T, pair binding.Pair) {
	addr := Serve(t, pair)
	const callers = 40
	conns, err := binding.ConnectEach(pair, addr, timeout, callers)
	if err != nil {
		t.Fatal(err)
	}
	clock := checks.Opened()
	for i, conn := range conns {
		e := binding.Prepare(conn, cases.Say, i, timeout, clock)
		answer, err := e.Call()
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		if p := e.Check(answer); p != "" {
			t.Errorf("connection %d: %s", i, p)
		}
	}
	if got := established(t, addr); got != callers {
		t.Errorf("%d callers, each with its own connection, have %d TCP connections to the server", callers, got)
	}
	binding.CloseAll(conns)

	shared, err := pair.Connect(addr, timeout)
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close()
	waitFor(t, func() bool { return established(t, addr) == 1 }, "the closed connections to go and the shared one to stay")
}

// established counts the client ends of the established TCP connections to addr, as /proc/net/tcp lists them.
func established(t *testing.T, addr string) int {
	t.Helper()
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := strconv.Atoi(port)
	remote := fmt.Sprintf(":%04X", p)
	n := 0
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		data, err := os.ReadFile(table)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n")[1:] {
			f := strings.Fields(line)
			// sl local_address rem_address st ...: 01 is ESTABLISHED
			if len(f) > 3 && strings.HasSuffix(f[2], remote) && f[3] == "01" {
				n++
			}
		}
	}
	return n
}

func waitFor(t *testing.T, ok func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", timeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
