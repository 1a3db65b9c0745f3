package meter

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"rpcbench/go/record"
)

// ThreadKind is what a thread of a process does, told from the name Linux keeps for it (client-base's
// ThreadKind: the same names, the same kinds). HotSpot names its compilers and collectors; a Go process's
// threads all carry its binary's name, and its collector runs on them, so every one of them is the
// service.
type ThreadKind int

const (
	// Service is the service's threads (I/O, handlers), and any thread not named as one of the others.
	Service ThreadKind = iota
	// JIT is a JVM's compilers, and the code cache sweeper of the JDKs that have one.
	JIT
	// GC is a JVM's collector threads, and the VM Thread that runs its pauses.
	GC
	// Other is a JVM's own housekeeping, and rpc-bench's meter threads.
	Other
)

// HarnessPrefix starts the name of every rpc-bench meter thread of a Java process.
const HarnessPrefix = "rpc-bench-"

var (
	jitPrefixes = []string{"C1 CompilerThre", "C2 CompilerThre", "JVMCI", "Sweeper thread"}
	gcPrefixes  = []string{"GC Thread#", "G1 ", "VM Thread", "Shenandoah", "ZDirector", "ZDriver", "ZStat", "ZUnmapper",
		"ZUncommitter", "ZWorker", "ZRuntimeWorker"}
	otherPrefixes = []string{"VM Periodic Tas", "Service Thread", "Monitor Deflati", "Signal Dispatch", "Notification Th",
		"Attach Listener", HarnessPrefix}
)

// KindOf is the kind of a thread named comm (the first 15 bytes of its name).
func KindOf(comm string) ThreadKind {
	switch {
	case hasAnyPrefix(comm, jitPrefixes):
		return JIT
	case hasAnyPrefix(comm, gcPrefixes):
		return GC
	case hasAnyPrefix(comm, otherPrefixes):
		return Other
	}
	return Service
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

type task struct {
	name  string
	kind  ThreadKind
	nanos int64
}

// ThreadTimes is a process's threads at one moment, read from outside it: each one's kind, from its name
// (/proc/PID/task/TID/comm), and the CPU time it has run since it started, in nanoseconds (the first
// field of /proc/PID/task/TID/schedstat; the process's stat counts in 10 ms ticks, for all its threads).
//
// Between two readings a thread seen in both counts what it ran in between, and one born in between all
// it ran. One that ended is lost, and counted: Linux frees an ended thread's counts, and the total that
// keeps them is in 10 ms ticks, whose rounding at two edges strays by up to about 20 ms a window
// (client-base's ThreadTimes says why that is not used). The threads that end in a serving process are
// pool threads that outlived their keep-alive idle, which ran nothing in their last seconds.
type ThreadTimes struct {
	tasks map[int]task
}

// ReadThreads reads every thread of the process whose task directory (/proc/PID/task) this is; nil when
// it cannot be read. A thread the previous reading (or nil) saw keeps its name there, so that only new
// threads' names are read.
func ReadThreads(taskDir string, previous *ThreadTimes) *ThreadTimes {
	entries, err := os.ReadDir(taskDir)
	if err != nil {
		return nil
	}
	t := &ThreadTimes{tasks: make(map[int]task, len(entries))}
	buf := make([]byte, 128)
	for _, e := range entries {
		tid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		dir := filepath.Join(taskDir, e.Name())
		schedstat, ok := firstLine(filepath.Join(dir, "schedstat"), buf)
		if !ok {
			continue
		}
		field, _, _ := strings.Cut(schedstat, " ")
		nanos, err := strconv.ParseInt(field, 10, 64)
		if err != nil {
			continue
		}
		if known, seen := previous.find(tid); seen {
			t.tasks[tid] = task{name: known.name, kind: known.kind, nanos: nanos}
			continue
		}
		comm, ok := firstLine(filepath.Join(dir, "comm"), buf)
		if !ok {
			continue
		}
		t.tasks[tid] = task{name: comm, kind: KindOf(comm), nanos: nanos}
	}
	return t
}

func (t *ThreadTimes) find(tid int) (task, bool) {
	if t == nil {
		return task{}, false
	}
	k, ok := t.tasks[tid]
	return k, ok
}

func firstLine(file string, buf []byte) (string, bool) {
	f, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	n, err := f.Read(buf)
	if n <= 0 {
		return "", false
	}
	line, _, _ := bytes.Cut(buf[:n], []byte{'\n'})
	return string(line), true
}

// Threads is how many threads the reading saw.
func (t *ThreadTimes) Threads() int { return len(t.tasks) }

// NanosOf is the CPU time of the threads named name, summed; -1 when there is none.
func (t *ThreadTimes) NanosOf(name string) int64 {
	total, seen := int64(0), false
	for _, k := range t.tasks {
		if k.name == name {
			total, seen = total+k.nanos, true
		}
	}
	if !seen {
		return -1
	}
	return total
}

// Until is the CPU the threads ran from this reading until later, by kind.
func (t *ThreadTimes) Until(later *ThreadTimes) record.ThreadCPU {
	var byKind [4]int64
	ended := 0
	for tid, now := range later.tasks {
		since := int64(0)
		if then, ok := t.tasks[tid]; ok {
			if then.nanos <= now.nanos {
				since = then.nanos
			} else {
				// a thread id taken by a new thread in between: the new one ran all of it
				ended++
			}
		}
		byKind[now.kind] += now.nanos - since
	}
	for tid := range t.tasks {
		if _, ok := later.tasks[tid]; !ok {
			ended++
		}
	}
	return record.ThreadCPU{ServiceNanos: byKind[Service], JitNanos: byKind[JIT], GcNanos: byKind[GC], OtherNanos: byKind[Other],
		ThreadsEnded: ended}
}
