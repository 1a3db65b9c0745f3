package launcher

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rpcbench/go/meter"
	"rpcbench/go/pairs"
	"rpcbench/go/record"
	"rpcbench/go/service"
)

func TestJMHsOptionsAndPatternsAreTakenAndTheRestRefused(t *testing.T) {
	o, err := parseJmh(strings.Fields("-wi 1 -w 2s -i 3 -r 500ms -f 1 -t 100 say get -e getUser"))
	if err != nil {
		t.Fatal(err)
	}
	if o.warmupIterations != 1 || o.iterations != 3 || o.threads != 100 || o.warmupTime.d != 2*time.Second ||
		o.warmupTime.text != "2 s" || o.iterationTime.d != 500*time.Millisecond || o.iterationTime.text != "500 ms" ||
		len(o.includes) != 2 || len(o.excludes) != 1 {
		t.Fatalf("%+v", o)
	}
	d, _ := parseJmh(nil)
	if d.warmupIterations != 5 || d.iterations != 5 || d.warmupTime.text != "10 s" || d.threads != 0 || d.forks != 1 {
		t.Errorf("defaults %+v", d)
	}
	// JMH's -f 0 (every case in the one process) is what the Go client does anyway, and is recorded as given
	if f0, err := parseJmh(strings.Fields("-f 0 -i 2")); err != nil || f0.forks != 0 {
		t.Errorf("-f 0: %+v %v", f0, err)
	}
	for _, bad := range []string{"-f 2", "-prof gc", "-w soon", "-i", "-bm avgt", "-i 0"} {
		if _, err := parseJmh(strings.Fields(bad)); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}

func TestBadClientOptionsSayOneLineAndExit2(t *testing.T) {
	for _, args := range []string{"--pair nope", "--pair grpc-go --bogus", "--pair grpc-go -f 2", "--pair grpc-go echo",
		"--pair grpc-go --concurrency 5 -t 6", "--pair grpc-go --switch dubbo.filters=default", "--pair grpc-go --port x",
		"--pair grpc-go --calls 0", "--pair grpc-go --steady-warmup -1", "--pair grpc-go --connections two",
		"--pair grpc-go --no-wire-bytes=yes"} {
		var out, errOut bytes.Buffer
		if code := Client(strings.Fields(args), &out, &errOut); code != 2 {
			t.Errorf("%q: exit %d", args, code)
		}
		if lines := strings.Count(errOut.String(), "\n"); lines != 1 || !strings.HasPrefix(errOut.String(), "rpc-bench client: ") {
			t.Errorf("%q said %q", args, errOut.String())
		}
	}
}

func TestNoServerIsSaidInOneLineWithExit3(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Client([]string{"--pair", "rpcx", "--port", "1", "say"}, &out, &errOut); code != 3 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if errOut.String() != "rpc-bench client: cannot benchmark rpcx at 127.0.0.1:1: connection refused\n" {
		t.Errorf("said %q", errOut.String())
	}
}

func TestBadServerOptionsExit2(t *testing.T) {
	for _, args := range []string{"--pair nope", "--pair grpc-go --bogus", "--pair grpc-go --port 70000",
		"--pair grpc-go --switch calibration.spin-ns=abc", "--pair grpc-go extra", "--pair grpc-go --meter-port 70000",
		"--pair grpc-go --meter-port x"} {
		var out, errOut bytes.Buffer
		if code := Serve(strings.Fields(args), &out, &errOut); code != 2 || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, said %q", args, code, errOut.String())
		}
	}
}

func TestAServersMeterPortIsAnsweredAndABusyOneIsOneLine(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	busy := strconv.Itoa(taken.Addr().(*net.TCPAddr).Port)
	var out, errOut bytes.Buffer
	if code := Serve([]string{"--pair", "rpcx", "--port", "0", "--meter-port", busy}, &out, &errOut); code != 1 ||
		errOut.String() != "rpc-bench server: cannot answer the meter on 127.0.0.1:"+busy+": the port is already in use\n" {
		t.Errorf("a busy meter port: exit %d, %q", code, errOut.String())
	}
	errOut.Reset()
	if code := Serve([]string{"--pair", "rpcx", "--port", "7001", "--meter-port", "7001"}, &out, &errOut); code != 2 ||
		errOut.String() != "rpc-bench server: --meter-port 7001 is the server's own port: give another\n" {
		t.Errorf("the server's own port: exit %d, %q", code, errOut.String())
	}
}

func TestConnectionsPerCallerBeyondTheOpenFileLimitAreRefusedInOneLine(t *testing.T) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		t.Fatal(err)
	}
	lowered := rl
	lowered.Cur = 256
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lowered); err != nil {
		t.Fatal(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl) //nolint:errcheck // restores what was read
	var out, errOut bytes.Buffer
	code := Client(strings.Fields("--pair grpc-go --port 1 --connections per-caller --concurrency 1000 say"), &out, &errOut)
	if code != 2 || strings.Count(errOut.String(), "\n") != 1 || !strings.Contains(errOut.String(), "whose limit is 256") {
		t.Errorf("exit %d, said %q", code, errOut.String())
	}
	// within the limit the same options pass the check, and stop only at the missing server
	errOut.Reset()
	if code := Client(strings.Fields("--pair grpc-go --port 1 --connections per-caller --concurrency 100 say"), &out, &errOut); code != 3 {
		t.Errorf("exit %d, said %q", code, errOut.String())
	}
}

// serveRpcx serves rpcx on a free loopback port until the test ends: the port.
func serveRpcx(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	costs, _ := service.ParseCosts("")
	srv, err := pairs.Named("rpcx").Serve(ln, service.New(costs))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

// readRecord reads the run record beside a result file.
func readRecord(t *testing.T, result string) record.RunRecord {
	data, err := os.ReadFile(record.BesideResult(result))
	if err != nil {
		t.Fatal(err)
	}
	var rec record.RunRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestAPerCallerRunRecordsAConnectionPerCallerAndTheTimeToOpenThem(t *testing.T) {
	port := serveRpcx(t)
	result := filepath.Join(t.TempDir(), "jmh.json")
	for _, mode := range []string{"per-caller", "shared"} {
		var out, errOut bytes.Buffer
		args := []string{"--pair", "rpcx", "--port", port, "--result", result, "--connections", mode, "--concurrency", "25",
			"--calls", "500", "-wi", "1", "-w", "100ms", "say"}
		if code := Client(args, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errOut.String())
		}
		rec := readRecord(t, result)
		want := map[string]int{"per-caller": 25, "shared": 1}[mode]
		if rec.Jmh.Connections == nil || *rec.Jmh.Connections != want || !strings.HasPrefix(rec.Framework["connections"], strconv.Itoa(want)+", ") {
			t.Errorf("%s: connections %v, %q", mode, rec.Jmh.Connections, rec.Framework["connections"])
		}
		if c := rec.Cases[0]; c.ConnectSeconds == nil || !(*c.ConnectSeconds > 0) || c.Calls != 500 {
			t.Errorf("%s: %d calls, connections opened in %v s", mode, c.Calls, c.ConnectSeconds)
		}
		if !strings.Contains(out.String(), "25 callers on "+strconv.Itoa(want)+" connection(s)") {
			t.Errorf("%s: the summary does not say the connections: %s", mode, out.String())
		}
	}
}

func TestNoWireBytesSkipsTheirMeasurementAndTheRecordSaysWhy(t *testing.T) {
	port := serveRpcx(t)
	result := filepath.Join(t.TempDir(), "jmh.json")
	for _, skip := range []bool{false, true} {
		var out, errOut bytes.Buffer
		args := []string{"--pair", "rpcx", "--port", port, "--result", result, "--concurrency", "2", "--calls", "100", "-wi", "0", "say"}
		if skip {
			args = append(args, "--no-wire-bytes")
		}
		if code := Client(args, &out, &errOut); code != 0 {
			t.Fatalf("skip %v: exit %d: %s", skip, code, errOut.String())
		}
		rec := readRecord(t, result)
		measured := rec.Cases[0].WireBytes != nil
		if measured == skip || (rec.WireBytesNotMeasured == "skipped (--no-wire-bytes)") != skip {
			t.Errorf("skip %v: wire bytes %v, not measured: %q", skip, rec.Cases[0].WireBytes, rec.WireBytesNotMeasured)
		}
	}
}

func TestTheRecordSaysWhereTheServersMetersCameFrom(t *testing.T) {
	port := serveRpcx(t)
	result := filepath.Join(t.TempDir(), "jmh.json")
	base := []string{"--pair", "rpcx", "--port", port, "--result", result, "--concurrency", "2", "--calls", "100", "-wi", "0", "--no-wire-bytes", "say"}
	for _, pid := range []int{0, os.Getpid()} {
		args := base
		if pid > 0 {
			args = append([]string{"--server-pid", strconv.Itoa(pid)}, base...)
		}
		var out, errOut bytes.Buffer
		if code := Client(args, &out, &errOut); code != 0 {
			t.Fatalf("pid %d: exit %d: %s", pid, code, errOut.String())
		}
		m := readRecord(t, result).Environment.ServerMeter
		want := record.ServerMeter{Source: "none"}
		if pid > 0 {
			want = record.ServerMeter{Source: "proc", Address: "pid " + strconv.Itoa(pid), Node: meter.NodeName(), CPUModel: meter.CPUModel(),
				Cores: runtime.NumCPU()}
		}
		if m == nil || *m != want {
			t.Errorf("pid %d: serverMeter %+v, want %+v", pid, m, want)
		}
	}
}

func TestClientsStartedInTheSameSecondGetADirectoryEach(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "results")
	const runs = 8
	dirs := make(chan string, runs)
	var wg sync.WaitGroup
	for i := 0; i < runs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir, err := newResultDir(parent, "go-grpc-20261128-101530")
			if err != nil {
				t.Error(err)
			}
			dirs <- dir
		}()
	}
	wg.Wait()
	close(dirs)
	seen := map[string]bool{}
	for d := range dirs {
		if seen[d] {
			t.Fatalf("two runs were given %s", d)
		}
		seen[d] = true
	}
	if len(seen) != runs || !seen[filepath.Join(parent, "go-grpc-20261128-101530")] || !seen[filepath.Join(parent, "go-grpc-20261128-101530-8")] {
		t.Fatalf("directories: %v", seen)
	}
}
