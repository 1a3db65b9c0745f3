package meter

import (
	"bufio"
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func serve(t *testing.T, m Meter, who Identity) *Endpoint {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := ServeEndpoint(ln, m, who)
	t.Cleanup(func() { e.Close() })
	return e
}

func TestTheClientReadsTheEndpointUntilItIsLostAndSaysSoOnce(t *testing.T) {
	who := Identity{Node: "n1", CPUModel: "Some CPU @ 2.00GHz", Cores: 4, PID: 42, Runtime: "go"}
	threads := &ThreadTimes{tasks: map[int]task{9: {"rpcbench-go", Service, 700}, 3: {"GC Thread#0", GC, 5}}}
	e := serve(t, fixed{Reading{10, 20, 1, 0, 30, threads}}, who)
	var said bytes.Buffer
	c, err := Dial(e.Addr().String(), time.Second, &said)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Server() != who {
		t.Errorf("who: %+v", c.Server())
	}
	r := c.Read()
	if r.CPUNanos != 10 || r.AllocBytes != 20 || r.GCCount != 1 || r.FullGCCount != 0 || r.GCPauseNanos != 30 ||
		len(r.Threads.tasks) != 2 || r.Threads.tasks[9] != (task{"rpcbench-go", Service, 700}) || c.Lost() != "" {
		t.Errorf("reading %+v %+v, lost %q", r, r.Threads, c.Lost())
	}
	e.Close()
	if r := c.Read(); r != Unknown || !strings.HasPrefix(c.Lost(), "the server's meter at "+e.Addr().String()+" failed (") {
		t.Errorf("after the endpoint closed: %+v, lost %q", r, c.Lost())
	}
	c.Read()
	if strings.Count(said.String(), "\n") != 1 || !strings.Contains(said.String(), c.Lost()) {
		t.Errorf("said %q", said.String())
	}
}

func TestAMeterThatCannotBeReachedOrSpeaksAnotherProtocolIsAnError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	go func() {
		c, err := ln.Accept()
		if err == nil {
			c.Write([]byte("HTTP/1.1 400 Bad Request\r\n\r\n"))
			c.Close()
		}
	}()
	if _, err := Dial(addr, time.Second, &bytes.Buffer{}); err == nil {
		t.Error("another protocol was taken")
	}
	ln.Close()
	if _, err := Dial(addr, time.Second, &bytes.Buffer{}); err == nil {
		t.Error("a closed port was taken")
	}
}

func TestReadingsOutsideTheProtocolAreRefused(t *testing.T) {
	good := []string{"wall 5", "cpu 1", "alloc 2", "gc 0 0 0", "jit -1", "threads 1", "thread 7 OTHER 3 a name", "end"}
	if _, err := ParseReading(good); err != nil {
		t.Fatal(err)
	}
	with := func(i int, line string) []string {
		a := append([]string{}, good...)
		a[i] = line
		return a
	}
	for answer, says := range map[string]string{
		strings.Join(with(1, "cpu -5"), "|"):            "'cpu' is -5",
		strings.Join(with(1, "cpu lots"), "|"):          "'cpu' needs a whole number",
		strings.Join(with(3, "gc 0 0"), "|"):            "'gc' takes 3 numbers",
		strings.Join(with(5, "threads 2"), "|"):         "announced 2 threads and carried 1",
		strings.Join(with(6, "thread 7 BUSY 3 x"), "|"): "no thread kind 'BUSY'",
		strings.Join(with(5, "threads -1"), "|"):        "carried thread lines",
		strings.Join(with(0, "error no meter"), "|"):    "the meter answered: no meter",
		strings.Join(with(0, "cpu 1"), "|"):             "'cpu' twice",
		strings.Join(with(7, "fin"), "|"):               "must end with the line 'end'",
		"wall 1|end":                                    "lacks 'cpu'",
	} {
		if _, err := ParseReading(strings.Split(answer, "|")); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%q: %v, want %q", answer, err, says)
		}
	}
	if _, err := ParseHello([]string{"rpc-bench-meter 2", "node n", "cores 1", "pid 1", "runtime go", "cpu-model x", "end"}); err == nil ||
		!strings.Contains(err.Error(), "version 2") {
		t.Errorf("another version: %v", err)
	}
}

// javaAnswers are the lines benchmark-base's MeterProtocol writes: its MeterProtocolFixtureTest checks it reads and
// writes the same.
var javaAnswers = filepath.Join("..", "..", "benchmark-base", "src", "test", "resources", "meter", "meter-answers.txt")

func TestTheJavaEndpointsAnswersAreRead(t *testing.T) {
	data, err := os.ReadFile(javaAnswers)
	if err != nil {
		t.Fatal(err)
	}
	in := bufio.NewReader(bytes.NewReader(data))
	hello, err := ReadAnswer(in)
	if err != nil {
		t.Fatal(err)
	}
	who, err := ParseHello(hello)
	if err != nil || who != (Identity{Node: "node-7", CPUModel: "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", Cores: 8, PID: 4242, Runtime: "java"}) {
		t.Errorf("hello: %+v, %v", who, err)
	}
	read, err := ReadAnswer(in)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseReading(read)
	if err != nil || r.CPUNanos != 1_500_000_000 || r.AllocBytes != 123_456_789 || r.GCCount != 7 || r.FullGCCount != 1 ||
		r.GCPauseNanos != 42_000_000 || len(r.Threads.tasks) != 3 || r.Threads.tasks[31] != (task{"C2 CompilerThread0", JIT, 900}) ||
		r.Threads.tasks[12] != (task{"DubboServerHandler-1 thread 2", Service, 1_000_000}) {
		t.Errorf("read: %+v %+v, %v", r, r.Threads, err)
	}
	unknown, err := ReadAnswer(in)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := ParseReading(unknown); err != nil || r != Unknown {
		t.Errorf("a reading of nothing: %+v, %v", r, err)
	}
}
