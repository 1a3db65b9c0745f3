package meter

import (
	"bufio"
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The meter endpoint: how a server tells a client on another host what its own meter reads (server-base's
// MeterEndpoint and benchmark-base's MeterProtocol, version 1, whose class comment is the protocol's
// reference). Plain lines over TCP, UTF-8, each ended by "\n": the client keeps one connection and sends a
// request a line ("hello", "read" or "jit"); each answer is lines, the last one "end"; figures are decimal,
// -1 when not known.
//
//	hello -> rpc-bench-meter 1 / node NAME / cores N / pid N / runtime go / cpu-model TEXT / end
//	read  -> wall NANOS / cpu NANOS / alloc BYTES / gc COUNT FULL_COUNT PAUSE_NANOS / jit NANOS /
//	         threads N / N lines "thread TID KIND NANOS NAME" / end
//	jit   -> jit NANOS / end (a Go process has no JIT: -1)
//	other -> error MESSAGE / end
//
// A line longer than MaxLine bytes is answered with an error, and the connection closed.
const (
	ProtocolVersion = 1
	MaxLine         = 1024
	// NodeEnv names the node where the hostname does not (a Kubernetes pod's is the pod's name).
	NodeEnv = "RPCBENCH_NODE"
)

// Identity is where a process runs: its node, CPU model, the cores it may use, its pid and runtime.
type Identity struct {
	Node, CPUModel string
	Cores, PID     int
	Runtime        string
}

// Here is this process.
func Here() Identity {
	return Identity{Node: NodeName(), CPUModel: CPUModel(), Cores: runtime.NumCPU(), PID: os.Getpid(), Runtime: "go"}
}

// NodeName is RPCBENCH_NODE when set, else the kernel's hostname.
func NodeName() string {
	if n := strings.TrimSpace(os.Getenv(NodeEnv)); n != "" {
		return n
	}
	if b, err := os.ReadFile("/proc/sys/kernel/hostname"); err == nil && strings.TrimSpace(string(b)) != "" {
		return strings.TrimSpace(string(b))
	}
	if h, err := os.Hostname(); err == nil {
		return h
	}
	return "unknown"
}

// CPUModel is this host's CPU model, from /proc/cpuinfo; "unknown" when it cannot be read.
func CPUModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := s.Text(); strings.HasPrefix(line, "model name") {
			if _, v, ok := strings.Cut(line, ":"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return "unknown"
}

var kindNames = map[ThreadKind]string{Service: "SERVICE", JIT: "JIT", GC: "GC", Other: "OTHER"}

// Answer is the protocol's answer to one request line, read from m, whose process who describes.
func Answer(request string, m Meter, who Identity) []string {
	switch strings.TrimSpace(request) {
	case "hello":
		return []string{"rpc-bench-meter " + strconv.Itoa(ProtocolVersion), "node " + oneWord(who.Node), "cores " + strconv.Itoa(who.Cores),
			"pid " + strconv.Itoa(who.PID), "runtime " + oneWord(who.Runtime), "cpu-model " + oneLine(who.CPUModel), "end"}
	case "read":
		wall := monotonicNanos()
		r := m.Read()
		lines := []string{"wall " + num(wall), "cpu " + num(r.CPUNanos), "alloc " + num(r.AllocBytes),
			"gc " + num(r.GCCount) + " " + num(r.FullGCCount) + " " + num(r.GCPauseNanos), "jit -1"}
		if r.Threads == nil {
			return append(lines, "threads -1", "end")
		}
		lines = append(lines, "threads "+strconv.Itoa(len(r.Threads.tasks)))
		tids := make([]int, 0, len(r.Threads.tasks))
		for tid := range r.Threads.tasks {
			tids = append(tids, tid)
		}
		sort.Ints(tids)
		for _, tid := range tids {
			t := r.Threads.tasks[tid]
			lines = append(lines, "thread "+strconv.Itoa(tid)+" "+kindNames[t.kind]+" "+num(t.nanos)+" "+printable(t.name))
		}
		return append(lines, "end")
	case "jit":
		return []string{"jit -1", "end"}
	}
	return []string{"error unknown request '" + printable(request) + "' (requests: hello, read, jit)", "end"}
}

// Endpoint answers the meter's requests on a listener, each connection on a goroutine of its own, the
// readings one at a time (a meter remembers the threads it last saw).
type Endpoint struct {
	ln    net.Listener
	meter Meter
	who   Identity
	mu    sync.Mutex
	conns map[net.Conn]struct{}
	done  sync.WaitGroup
}

// ServeEndpoint answers on ln from now until Close.
func ServeEndpoint(ln net.Listener, m Meter, who Identity) *Endpoint {
	e := &Endpoint{ln: ln, meter: m, who: who, conns: map[net.Conn]struct{}{}}
	e.done.Add(1)
	go e.accept()
	return e
}

// Addr is where the endpoint listens.
func (e *Endpoint) Addr() net.Addr { return e.ln.Addr() }

func (e *Endpoint) accept() {
	defer e.done.Done()
	for {
		c, err := e.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		e.mu.Lock()
		e.conns[c] = struct{}{}
		e.mu.Unlock()
		e.done.Add(1)
		go e.serve(c)
	}
}

func (e *Endpoint) serve(c net.Conn) {
	defer e.done.Done()
	defer func() {
		e.mu.Lock()
		delete(e.conns, c)
		e.mu.Unlock()
		c.Close()
	}()
	in := bufio.NewReader(c)
	for {
		request, err := ReadLine(in)
		if err != nil {
			if errors.Is(err, errTooLong) {
				write(c, []string{"error " + err.Error(), "end"})
			}
			return
		}
		e.mu.Lock()
		answer := Answer(request, e.meter, e.who)
		e.mu.Unlock()
		if write(c, answer) != nil {
			return
		}
	}
}

// Close stops listening, closes every connection and waits for their goroutines.
func (e *Endpoint) Close() error {
	err := e.ln.Close()
	e.mu.Lock()
	for c := range e.conns {
		c.Close()
	}
	e.mu.Unlock()
	e.done.Wait()
	return err
}

var errTooLong = errors.New("a line longer than " + strconv.Itoa(MaxLine) + " bytes")

// ReadLine is one line without its "\n" (or "\r\n"); io.EOF at the end before any byte of a line, an error
// for a line cut off by the end or longer than MaxLine bytes.
func ReadLine(in *bufio.Reader) (string, error) {
	var line []byte
	for {
		b, err := in.ReadByte()
		if err != nil {
			if err == io.EOF && len(line) > 0 {
				return "", errors.New("the connection ended inside a line")
			}
			return "", err
		}
		if b == '\n' {
			return strings.TrimSuffix(string(line), "\r"), nil
		}
		if len(line) >= MaxLine {
			return "", errTooLong
		}
		line = append(line, b)
	}
}

func write(w io.Writer, lines []string) error {
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

func num(n int64) string { return strconv.FormatInt(n, 10) }

// printable keeps a text to one line of a message: control characters as '?', at most 80 of them.
func printable(s string) string {
	b := []rune(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, s))
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}

func oneWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return "unknown"
	}
	return strings.Join(f, "_")
}

func oneLine(s string) string {
	s = strings.TrimSpace(strings.NewReplacer("\r", " ", "\n", " ").Replace(s))
	if s == "" {
		return "unknown"
	}
	return s
}
