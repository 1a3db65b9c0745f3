package launcher

import (
	"bytes"
	"strings"
	"testing"
	"time"
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
		"--pair grpc-go --calls 0", "--pair grpc-go --steady-warmup -1"} {
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
		"--pair grpc-go --switch calibration.spin-ns=abc", "--pair grpc-go extra"} {
		var out, errOut bytes.Buffer
		if code := Serve(strings.Fields(args), &out, &errOut); code != 2 || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, said %q", args, code, errOut.String())
		}
	}
}
