package meter

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ReadTimeout bounds one reading over a meter endpoint: a meter slower than this counts as lost.
const ReadTimeout = 10 * time.Second

// Client reads a server's meter over its endpoint (the protocol above; benchmark-base's MeterClient), on one
// connection kept open: a reading costs a round trip and the server's own reading. Once the connection fails,
// or the server answers outside the protocol, the meter is lost: every later reading is Unknown, Lost says
// why, and the failure is said once on the writer given.
type Client struct {
	addr       string
	conn       net.Conn
	in         *bufio.Reader
	server     Identity
	complaints io.Writer

	mu   sync.Mutex
	lost string
}

// Dial connects to the meter endpoint at addr (HOST:PORT), asks who the server is and takes one reading (a
// check before a run); an error when it cannot be reached or does not answer as the protocol says, each answer
// within timeout.
func Dial(addr string, timeout time.Duration, complaints io.Writer) (*Client, error) {
	conn, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return nil, err
	}
	c := &Client{addr: addr, conn: conn, in: bufio.NewReader(conn), complaints: complaints}
	answer, err := c.ask("hello", timeout)
	if err == nil {
		c.server, err = ParseHello(answer)
	}
	if err == nil {
		answer, err = c.ask("read", timeout)
	}
	if err == nil {
		_, err = ParseReading(answer)
	}
	if err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

// Server is who answered: the server's node, CPU model, cores, pid and runtime.
func (c *Client) Server() Identity { return c.server }

// Addr is the endpoint's address, as given.
func (c *Client) Addr() string { return c.addr }

// Read is the server's reading now; Unknown once the meter is lost.
func (c *Client) Read() Reading {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lost != "" {
		return Unknown
	}
	r, err := c.readOrFail()
	if err != nil {
		c.lost = "the server's meter at " + c.addr + " failed (" + err.Error() + ")"
		fmt.Fprintf(c.complaints, "rpc-bench client: %s: the server's CPU, allocation and GC of this window on are not known, and the case fails\n", c.lost)
		c.conn.Close()
		return Unknown
	}
	return r
}

func (c *Client) readOrFail() (Reading, error) {
	answer, err := c.ask("read", ReadTimeout)
	if err != nil {
		return Unknown, err
	}
	return ParseReading(answer)
}

// Lost is why the meter stopped answering, "" while it answers.
func (c *Client) Lost() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lost
}

// Close closes the connection; the endpoint closes its side.
func (c *Client) Close() error { return c.conn.Close() }

func (c *Client) ask(request string, timeout time.Duration) ([]string, error) {
	if err := c.conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return nil, err
	}
	if _, err := io.WriteString(c.conn, request+"\n"); err != nil {
		return nil, err
	}
	return ReadAnswer(c.in)
}

// ReadAnswer is the lines of one answer, up to and with "end".
func ReadAnswer(in *bufio.Reader) ([]string, error) {
	var lines []string
	for {
		line, err := ReadLine(in)
		if errors.Is(err, io.EOF) {
			return nil, errors.New("the meter closed the connection in the middle of an answer")
		}
		if err != nil {
			return nil, err
		}
		lines = append(lines, line)
		if line == "end" {
			return lines, nil
		}
	}
}

// ParseHello is who answered hello.
func ParseHello(answer []string) (Identity, error) {
	keys, err := answerKeys(answer, nil)
	if err != nil {
		return Identity{}, err
	}
	greeting, err := require(keys, "rpc-bench-meter")
	if err != nil {
		return Identity{}, err
	}
	if greeting != strconv.Itoa(ProtocolVersion) {
		return Identity{}, fmt.Errorf("the meter speaks version %s of the protocol; this client speaks %d", printable(greeting), ProtocolVersion)
	}
	var who Identity
	if who.Node, err = require(keys, "node"); err != nil {
		return Identity{}, err
	}
	if who.CPUModel, err = require(keys, "cpu-model"); err != nil {
		return Identity{}, err
	}
	if who.Runtime, err = require(keys, "runtime"); err != nil {
		return Identity{}, err
	}
	cores, err := figureOf(keys, "cores")
	if err != nil {
		return Identity{}, err
	}
	pid, err := figureOf(keys, "pid")
	if err != nil {
		return Identity{}, err
	}
	who.Cores, who.PID = int(cores), int(pid)
	return who, nil
}

var kindsByName = map[string]ThreadKind{"SERVICE": Service, "JIT": JIT, "GC": GC, "OTHER": Other}

// ParseReading is the reading read answered (its wall, the server's clock, is checked and left: the client
// times its windows itself).
func ParseReading(answer []string) (Reading, error) {
	var threadLines []string
	keys, err := answerKeys(answer, &threadLines)
	if err != nil {
		return Unknown, err
	}
	r := Unknown
	if _, err = figureOf(keys, "wall"); err != nil {
		return Unknown, err
	}
	if r.CPUNanos, err = figureOf(keys, "cpu"); err != nil {
		return Unknown, err
	}
	if r.AllocBytes, err = figureOf(keys, "alloc"); err != nil {
		return Unknown, err
	}
	gc, err := require(keys, "gc")
	if err != nil {
		return Unknown, err
	}
	f := strings.Split(gc, " ")
	if len(f) != 3 {
		return Unknown, fmt.Errorf("'gc' takes 3 numbers: '%s'", printable(gc))
	}
	for i, p := range []*int64{&r.GCCount, &r.FullGCCount, &r.GCPauseNanos} {
		if *p, err = parseFigure("gc", f[i]); err != nil {
			return Unknown, err
		}
	}
	count, err := figureOf(keys, "threads")
	if err != nil {
		return Unknown, err
	}
	if count < 0 {
		if len(threadLines) > 0 {
			return Unknown, errors.New("a reading without threads (threads -1) carried thread lines")
		}
		return r, nil
	}
	if count != int64(len(threadLines)) {
		return Unknown, fmt.Errorf("the reading announced %d threads and carried %d", count, len(threadLines))
	}
	tasks := make(map[int]task, len(threadLines))
	for _, line := range threadLines {
		f := strings.SplitN(line, " ", 4)
		if len(f) < 3 {
			return Unknown, fmt.Errorf("a thread line needs TID KIND NANOS [NAME]: '%s'", printable(line))
		}
		kind, ok := kindsByName[f[1]]
		if !ok {
			return Unknown, fmt.Errorf("no thread kind '%s' (kinds: SERVICE, JIT, GC, OTHER)", printable(f[1]))
		}
		tid, err := parseFigure("thread", f[0])
		if err != nil {
			return Unknown, err
		}
		nanos, err := parseFigure("thread", f[2])
		if err != nil {
			return Unknown, err
		}
		if _, twice := tasks[int(tid)]; twice {
			return Unknown, fmt.Errorf("thread %d twice in one reading", tid)
		}
		name := ""
		if len(f) > 3 {
			name = f[3]
		}
		tasks[int(tid)] = task{name: name, kind: kind, nanos: nanos}
	}
	r.Threads = &ThreadTimes{tasks: tasks}
	return r, nil
}

// answerKeys is the answer's keys and values; thread lines go to threads (nil: refused as a duplicate key).
func answerKeys(answer []string, threads *[]string) (map[string]string, error) {
	if len(answer) == 0 || answer[len(answer)-1] != "end" {
		return nil, errors.New("an answer must end with the line 'end'")
	}
	keys := map[string]string{}
	for _, line := range answer[:len(answer)-1] {
		key, value, _ := strings.Cut(line, " ")
		if key == "error" {
			return nil, errors.New("the meter answered: " + value)
		}
		if key == "thread" && threads != nil {
			*threads = append(*threads, value)
			continue
		}
		if _, twice := keys[key]; twice {
			return nil, fmt.Errorf("'%s' twice in one answer", printable(key))
		}
		keys[key] = value
	}
	return keys, nil
}

func require(keys map[string]string, key string) (string, error) {
	v, ok := keys[key]
	if !ok {
		return "", fmt.Errorf("the answer lacks '%s'", key)
	}
	return v, nil
}

func figureOf(keys map[string]string, key string) (int64, error) {
	v, err := require(keys, key)
	if err != nil {
		return -1, err
	}
	return parseFigure(key, v)
}

func parseFigure(key, value string) (int64, error) {
	n, err := strconv.ParseInt(value, 10, 64)
	if err != nil {
		return -1, fmt.Errorf("'%s' needs a whole number, not '%s'", key, printable(value))
	}
	if n < -1 {
		return -1, fmt.Errorf("'%s' is %d: a figure is -1 (not known) or more", key, n)
	}
	return n, nil
}
