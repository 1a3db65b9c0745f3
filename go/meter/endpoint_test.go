package meter

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fields is an answer's key lines (thread lines apart), after checking it ends with "end".
func fields(t *testing.T, answer []string) (map[string]string, []string) {
	t.Helper()
	if len(answer) == 0 || answer[len(answer)-1] != "end" {
		t.Fatalf("an answer must end with 'end': %q", answer)
	}
	keys := map[string]string{}
	var threads []string
	for _, l := range answer[:len(answer)-1] {
		k, v, _ := strings.Cut(l, " ")
		if k == "thread" {
			threads = append(threads, v)
			continue
		}
		if _, twice := keys[k]; twice {
			t.Fatalf("%q twice in %q", k, answer)
		}
		keys[k] = v
	}
	return keys, threads
}

func number(t *testing.T, keys map[string]string, key string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(keys[key], 10, 64)
	if err != nil {
		t.Fatalf("%s: %q is not a number", key, keys[key])
	}
	return n
}

type fixed struct{ r Reading }

func (f fixed) Read() Reading { return f.r }

func TestTheAnswersFollowTheProtocol(t *testing.T) {
	who := Identity{Node: "node 7\n", CPUModel: "Some\nCPU", Cores: 4, PID: 42, Runtime: "go"}
	hello, _ := fields(t, Answer("hello", fixed{}, who))
	if hello["rpc-bench-meter"] != "1" || hello["node"] != "node_7" || hello["cpu-model"] != "Some CPU" || hello["cores"] != "4" ||
		hello["pid"] != "42" || hello["runtime"] != "go" {
		t.Errorf("hello: %v", hello)
	}
	threads := &ThreadTimes{tasks: map[int]task{9: {"rpcbench-go", Service, 700}, 3: {"GC Thread#0", GC, 5}}}
	keys, lines := fields(t, Answer("read\r", fixed{Reading{1, 2, 3, -1, 5, threads}}, who))
	if keys["cpu"] != "1" || keys["alloc"] != "2" || keys["gc"] != "3 -1 5" || keys["jit"] != "-1" || keys["threads"] != "2" {
		t.Errorf("read: %v", keys)
	}
	if len(lines) != 2 || lines[0] != "3 GC 5 GC Thread#0" || lines[1] != "9 SERVICE 700 rpcbench-go" {
		t.Errorf("thread lines: %q", lines)
	}
	if number(t, keys, "wall") <= 0 {
		t.Errorf("the wall is the monotonic clock: %v", keys["wall"])
	}
	keys, lines = fields(t, Answer("read", fixed{Unknown}, who))
	if keys["threads"] != "-1" || len(lines) != 0 || keys["cpu"] != "-1" {
		t.Errorf("a reading of nothing: %v %q", keys, lines)
	}
	if jit, _ := fields(t, Answer("jit", fixed{}, who)); jit["jit"] != "-1" {
		t.Errorf("jit: %v", jit)
	}
	bad := Answer("status\x01", fixed{}, who)
	if len(bad) != 2 || !strings.HasPrefix(bad[0], "error unknown request 'status?'") {
		t.Errorf("a bad request: %q", bad)
	}
}

func TestLinesAreReadUpToTheirNewlineAndNoLongerThanTheLimit(t *testing.T) {
	in := bufio.NewReader(strings.NewReader("read\r\nhello\nhalf"))
	for _, want := range []string{"read", "hello"} {
		if got, err := ReadLine(in); got != want || err != nil {
			t.Errorf("got %q, %v; want %q", got, err, want)
		}
	}
	if _, err := ReadLine(in); err == nil || !strings.Contains(err.Error(), "inside a line") {
		t.Errorf("a line cut off: %v", err)
	}
	if _, err := ReadLine(bufio.NewReader(strings.NewReader(strings.Repeat("x", MaxLine+1) + "\n"))); err != errTooLong {
		t.Errorf("a line too long: %v", err)
	}
}

// ask sends one request and reads its answer.
func ask(t *testing.T, c net.Conn, in *bufio.Reader, request string) []string {
	t.Helper()
	if _, err := fmt.Fprintf(c, "%s\n", request); err != nil {
		t.Fatal(err)
	}
	var answer []string
	for {
		l, err := ReadLine(in)
		if err != nil {
			t.Fatalf("reading the answer to %s: %v", request, err)
		}
		answer = append(answer, l)
		if l == "end" {
			return answer
		}
	}
}

func TestAClientReadsThisProcessOverLoopbackMonotoneAndNonNegative(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := ServeEndpoint(ln, Self(), Here())
	c, err := net.Dial("tcp", e.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(30 * time.Second))
	in := bufio.NewReader(c)
	hello, _ := fields(t, ask(t, c, in, "hello"))
	if hello["pid"] != strconv.Itoa(os.Getpid()) || hello["node"] != NodeName() || hello["runtime"] != "go" {
		t.Errorf("hello: %v", hello)
	}
	var prev map[string]string
	var sink [][]byte
	for i := 0; i < 4; i++ {
		keys, threads := fields(t, ask(t, c, in, "read"))
		for _, k := range []string{"wall", "cpu", "alloc"} {
			if number(t, keys, k) < 0 {
				t.Errorf("%s is not known: %v", k, keys)
			}
		}
		if n := number(t, keys, "threads"); n <= 0 || int(n) != len(threads) {
			t.Errorf("threads %d, thread lines %d", n, len(threads))
		}
		if prev != nil {
			for _, k := range []string{"wall", "cpu", "alloc"} {
				if number(t, keys, k) < number(t, prev, k) {
					t.Errorf("%s went back: %s then %s", k, prev[k], keys[k])
				}
			}
			if number(t, keys, "alloc") <= number(t, prev, "alloc") {
				t.Errorf("the allocation between two readings was not seen: %s then %s", prev["alloc"], keys["alloc"])
			}
		}
		prev = keys
		for j := 0; j < 1000; j++ {
			sink = append(sink, make([]byte, 1024))
		}
	}
	_ = sink
	// a line over the limit: an error, then the endpoint hangs up
	fmt.Fprintf(c, "%s\n", strings.Repeat("x", MaxLine+10))
	if l, _ := ReadLine(in); !strings.HasPrefix(l, "error a line longer than") {
		t.Errorf("a line too long was answered %q", l)
	}
	ReadLine(in) // its "end"
	if _, err := ReadLine(in); err == nil {
		t.Error("the connection stayed open after a line too long")
	}
	c.Close()
	if err := e.Close(); err != nil {
		t.Error(err)
	}
	if c, err := net.Dial("tcp", e.Addr().String()); err == nil {
		c.Close()
		t.Error("the endpoint still listens after Close")
	}
}
