// Package meter reads what a process has used, from outside it and without stopping it (client-base's
// ProcessMeter): CPU time from /proc/PID/stat for the whole process (10 ms ticks) and from
// /proc/PID/task per thread (to the nanosecond, by what each thread does: ThreadTimes), read the same way
// for both sides, Java or Go; bytes allocated and GC from the Go runtime for this process, and for a
// server process from the counters it publishes: a Go server's counter file (see counters.go), or a Java
// server's JVM performance counters (hsperfdata, the file jstat reads, where rpc-bench's Java servers
// publish their allocation), a published total interpolated to the reading's moment (published.go). A
// figure that cannot be read is -1, "not known", never 0; threads not read are nil.
package meter

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Reading is what a process had used by one moment, since it started; -1 where not known.
type Reading struct {
	CPUNanos, AllocBytes, GCCount, FullGCCount, GCPauseNanos int64
	Threads                                                  *ThreadTimes
}

// Unknown is a reading of nothing.
var Unknown = Reading{-1, -1, -1, -1, -1, nil}

// Meter reads one process.
type Meter interface {
	Read() Reading
}

// Losable is a meter that can be lost (a server's, read over its endpoint): Lost says why it stopped
// answering, "" while it answers; once lost, its readings are Unknown.
type Losable interface {
	Lost() string
}

// Linux reports process times in USER_HZ ticks, 100 a second on every architecture it runs on.
const nanosPerTick = 10_000_000

// cpuNanos is utime + stime of a process: fields 14 and 15, counted after the command name, which may
// itself hold spaces; -1 when it cannot be read.
func cpuNanos(statFile string) int64 {
	b, err := os.ReadFile(statFile)
	if err != nil {
		return -1
	}
	line := string(b)
	end := strings.LastIndexByte(line, ')')
	if end < 0 || end+2 > len(line) {
		return -1
	}
	fields := strings.Fields(line[end+2:])
	// fields[0] is field 3 (state): utime is field 14, stime field 15
	if len(fields) < 13 {
		return -1
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return (utime + stime) * nanosPerTick
}

func statFile(pid int) string {
	return filepath.Join("/proc", strconv.Itoa(pid), "stat")
}

func taskDir(pid int) string {
	return filepath.Join("/proc", strconv.Itoa(pid), "task")
}

// self reads this process: CPU from /proc, allocation and GC from the Go runtime.
type self struct {
	stat, tasks string
	seen        *ThreadTimes
}

// Self is a meter of this process.
func Self() Meter {
	s := &self{stat: statFile(os.Getpid()), tasks: taskDir(os.Getpid())}
	s.seen = ReadThreads(s.tasks, nil)
	return s
}

func (s *self) Read() Reading {
	r := runtimeReading()
	r.CPUNanos = cpuNanos(s.stat)
	r.Threads = ReadThreads(s.tasks, s.seen)
	s.seen = r.Threads
	return r
}

// other reads another process of this machine: CPU from /proc, the rest from what it publishes.
type other struct {
	stat, tasks string
	seen        *ThreadTimes
	published   func() Reading
	stamped     stampedAllocation
}

// Of is a meter of process pid, as far as this machine lets it be read: a Go server's counter file, or
// else a JVM's performance counters, or only its CPU.
func Of(pid int) Meter {
	m := &other{stat: statFile(pid), tasks: taskDir(pid), published: func() Reading { return Unknown }}
	if c, err := openCounters(pid); err == nil {
		m.published, m.stamped = c.read, c.stamped()
	} else if p, err := openPerfData(pid); err == nil {
		m.published, m.stamped = p.read, p.stamped()
	}
	// a first reading now, so that the window's first edge is read as fast as its others are
	m.seen = ReadThreads(m.tasks, nil)
	return m
}

// Read reads the process now: its CPU at the reading's moment, and its allocation interpolated to that
// moment when it publishes the moments of its totals (which may take up to the publisher's period).
func (o *other) Read() Reading {
	var before allocationSample
	stamped := false
	if o.stamped != nil {
		before, stamped = o.stamped.sample()
	}
	at := monotonicNanos()
	cpu := cpuNanos(o.stat)
	threads := ReadThreads(o.tasks, o.seen)
	o.seen = threads
	r := o.published()
	r.CPUNanos = cpu
	r.Threads = threads
	if stamped && r.AllocBytes >= 0 && at > 0 {
		r.AllocBytes = allocationAt(o.stamped, at, before)
	}
	return r
}
