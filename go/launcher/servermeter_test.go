package launcher

import (
	"bytes"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"rpcbench/go/meter"
	"rpcbench/go/record"
)

// nonsenseFrom is this process's meter until its from-th reading, then one whose CPU is outside the protocol.
type nonsenseFrom struct {
	from  int32
	reads atomic.Int32
	self  meter.Meter
}

func (n *nonsenseFrom) Read() meter.Reading {
	r := n.self.Read()
	if n.reads.Add(1) >= n.from {
		r.CPUNanos = -5
	}
	return r
}

func serveMeter(t *testing.T, m meter.Meter) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := meter.ServeEndpoint(ln, m, meter.Identity{Node: "server-node", CPUModel: "Some CPU @ 2.00GHz", Cores: 3, PID: 77, Runtime: "java"})
	t.Cleanup(func() { e.Close() })
	return ln.Addr().String()
}

func TestTheServersMeterIsReadOverItsEndpointAndTheRecordNamesIt(t *testing.T) {
	port, addr := serveRpcx(t), serveMeter(t, meter.Self())
	result := filepath.Join(t.TempDir(), "jmh.json")
	var out, errOut bytes.Buffer
	args := []string{"--pair", "rpcx", "--port", port, "--result", result, "--concurrency", "2", "-wi", "0", "-i", "2", "-r", "200ms",
		"--no-wire-bytes", "--server-meter", addr, "say"}
	if code := Client(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	rec := readRecord(t, result)
	want := record.ServerMeter{Source: "endpoint", Address: addr, Node: "server-node", CPUModel: "Some CPU @ 2.00GHz", Cores: 3, Runtime: "java"}
	if m := rec.Environment.ServerMeter; m == nil || *m != want {
		t.Errorf("serverMeter %+v, want %+v", m, want)
	}
	c := rec.Cases[0]
	if c.CPUAndGc.Server == nil || c.Iterations[1].ServerAllocBytes == nil || c.ServerMeterLost != "" || !rec.Passed {
		t.Errorf("the server's figures: %+v, iterations %+v, lost %q", c.CPUAndGc.Server, c.Iterations, c.ServerMeterLost)
	}
}

func TestAServersMeterThatAnswersNonsenseMidRunFailsTheRunAndKeepsWhatWasMeasured(t *testing.T) {
	// reading 1 is the check before the run, 2 and 3 the first window's edges; the 4th, the second window's
	// opening, is outside the protocol
	port, addr := serveRpcx(t), serveMeter(t, &nonsenseFrom{from: 4, self: meter.Self()})
	result := filepath.Join(t.TempDir(), "jmh.json")
	var out, errOut bytes.Buffer
	args := []string{"--pair", "rpcx", "--port", port, "--result", result, "--concurrency", "2", "-wi", "0", "-i", "2", "-r", "200ms",
		"--no-wire-bytes", "--server-meter", addr, "say"}
	if code := Client(args, &out, &errOut); code != 1 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	rec := readRecord(t, result)
	c := rec.Cases[0]
	if rec.Passed || !strings.HasPrefix(c.ServerMeterLost, "in measured iteration 2: the server's meter at "+addr+" failed (") ||
		!strings.Contains(c.ServerMeterLost, "'cpu' is -5") {
		t.Errorf("passed %v, lost %q", rec.Passed, c.ServerMeterLost)
	}
	// nothing measured is lost: the calls, and the server's figures of the first window
	if c.Calls == 0 || len(c.Iterations) != 2 || c.Iterations[0].ServerAllocBytes == nil || c.Iterations[1].ServerAllocBytes != nil {
		t.Errorf("calls %d, iterations %+v", c.Calls, c.Iterations)
	}
	if !strings.Contains(out.String(), "FAILED: server figures not known in measured iteration 2") ||
		!strings.Contains(errOut.String(), "run FAILED: 0 failed or wrong calls, the server's meter lost in say") {
		t.Errorf("said %q and %q", out.String(), errOut.String())
	}
}

func TestTheServersMeterIsOneAddressInsteadOfAPidAndReachableAtTheStart(t *testing.T) {
	for args, said := range map[string]string{
		"--pair rpcx --server-pid 5 --server-meter 127.0.0.1:7071": "rpc-bench client: --server-pid and --server-meter both say where the server's meters are read: give one (see --help)\n",
		"--pair rpcx --server-meter 7071":                          "rpc-bench client: --server-meter takes HOST:PORT, not '7071' (see --help)\n",
		"--pair rpcx --server-meter ::1:7071":                      "rpc-bench client: --server-meter takes HOST:PORT, not '::1:7071' (see --help)\n",
		"--pair rpcx --server-meter host:0":                        "rpc-bench client: --server-meter takes HOST:PORT with a port from 1 to 65535, not 'host:0' (see --help)\n",
	} {
		var out, errOut bytes.Buffer
		if code := Client(strings.Fields(args), &out, &errOut); code != 2 || errOut.String() != said {
			t.Errorf("%q: exit %d, said %q", args, code, errOut.String())
		}
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := closed.Addr().String()
	closed.Close()
	result := filepath.Join(t.TempDir(), "jmh.json")
	var out, errOut bytes.Buffer
	if code := Client([]string{"--pair", "rpcx", "--port", serveRpcx(t), "--result", result, "--server-meter", addr, "say"}, &out, &errOut); code != 3 ||
		!strings.HasPrefix(errOut.String(), "rpc-bench client: cannot read the server's meter at "+addr+": ") || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("an unreachable meter: exit %d, said %q", code, errOut.String())
	}
}
