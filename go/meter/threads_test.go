package meter

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"rpcbench/go/record"
)

func TestThreadNamesAreKindsAsJavasMeterTellsThem(t *testing.T) {
	cases := map[string]ThreadKind{
		"C1 CompilerThre": JIT, "C2 CompilerThre": JIT, "Sweeper thread": JIT, "JVMCI CompilerT": JIT,
		"GC Thread#0": GC, "G1 Main Marker": GC, "G1 Conc#0": GC, "G1 Refine#0": GC, "G1 Service": GC, "VM Thread": GC,
		"ZWorker#3": GC, "Shenandoah Cont": GC,
		"VM Periodic Tas": Other, "Service Thread": Other, "Monitor Deflati": Other, "Signal Dispatch": Other,
		"rpc-bench-alloc": Other,
		"NettyServerWork": Service, "DubboServerHand": Service, "java": Service, "Reference Handl": Service,
		"Common-Cleaner": Service, "rpcbench-go": Service, "GC": Service,
	}
	for name, want := range cases {
		if got := KindOf(name); got != want {
			t.Errorf("%q is kind %d, want %d", name, got, want)
		}
	}
}

// Two readings of a server's task directory, laid out as /proc lays it out (the fixture client-base's
// tests read too): threads seen in both count what they ran in between, one born in between all it ran,
// one that ended is counted as ended.
func TestAWindowCountsEachKindsThreadsAndTheThreadsThatCameAndWent(t *testing.T) {
	start := ReadThreads(filepath.Join("testdata", "threads", "start", "task"), nil)
	end := ReadThreads(filepath.Join("testdata", "threads", "end", "task"), nil)
	if start.Threads() != 11 || end.Threads() != 11 {
		t.Fatalf("threads read: %d and %d, want 11 and 11", start.Threads(), end.Threads())
	}
	want := record.ThreadCPU{ServiceNanos: 570_000_001, JitNanos: 300_000, GcNanos: 3_600_000, OtherNanos: 410_000, ThreadsEnded: 1}
	if got := start.Until(end); got != want {
		t.Errorf("the window: %+v, want %+v", got, want)
	}
	// a thread the previous reading saw keeps its name there
	previous := &ThreadTimes{tasks: map[int]task{120: {name: "GC Thread#5", kind: GC}}}
	again := ReadThreads(filepath.Join("testdata", "threads", "end", "task"), previous)
	if again.NanosOf("GC Thread#5") != 700_000_001 || again.NanosOf("NettyServerWork") != -1 {
		t.Errorf("thread 120 is %d ns as GC Thread#5 and %d as NettyServerWork", again.NanosOf("GC Thread#5"), again.NanosOf("NettyServerWork"))
	}
	if ReadThreads(filepath.Join(t.TempDir(), "none"), nil) != nil {
		t.Error("a process that is not there must read nil")
	}
}

func TestAThreadIdTakenByANewThreadCountsTheNewThreadFromZero(t *testing.T) {
	start := &ThreadTimes{tasks: map[int]task{7: {name: "Dubbo-framework", kind: Service, nanos: 90_000}}}
	end := &ThreadTimes{tasks: map[int]task{7: {name: "C2 CompilerThre", kind: JIT, nanos: 4_000}}}
	if got := start.Until(end); got != (record.ThreadCPU{JitNanos: 4_000, ThreadsEnded: 1}) {
		t.Errorf("got %+v", got)
	}
}

// This process, read from /proc as a server is: an OS thread that spins gains more CPU than one that
// sleeps, and all of a Go process's threads are its service.
func TestASpinningThreadOfThisProcessGainsMoreThanASleepingOne(t *testing.T) {
	var stop atomic.Bool
	tids := make(chan int, 2)
	go func() {
		runtime.LockOSThread()
		tids <- unix.Gettid()
		sink := 0
		for !stop.Load() {
			sink += int(time.Now().UnixNano() & 1)
		}
		_ = sink
	}()
	go func() {
		runtime.LockOSThread()
		tids <- unix.Gettid()
		for !stop.Load() {
			time.Sleep(time.Millisecond)
		}
	}()
	defer stop.Store(true)
	spinner, sleeper := <-tids, <-tids
	// which of the two arrives first is not known: the one that gains CPU is the spinner
	dir := taskDir(os.Getpid())
	before := ReadThreads(dir, nil)
	var after *ThreadTimes
	for giveUp := time.Now().Add(30 * time.Second); time.Now().Before(giveUp); {
		time.Sleep(20 * time.Millisecond)
		after = ReadThreads(dir, before)
		if gained(before, after, spinner)+gained(before, after, sleeper) >= 100_000_000 {
			break
		}
	}
	a, b := gained(before, after, spinner), gained(before, after, sleeper)
	if a < b {
		a, b = b, a
	}
	if a < 50_000_000 || a <= b {
		t.Errorf("the spinning thread gained %d ns, the sleeping one %d", a, b)
	}
	cpu := before.Until(after)
	if cpu.ServiceNanos < a || cpu.JitNanos != 0 || cpu.GcNanos != 0 || cpu.OtherNanos != 0 {
		t.Errorf("a Go process is all service: %+v", cpu)
	}
}

func gained(before, after *ThreadTimes, tid int) int64 {
	return after.tasks[tid].nanos - before.tasks[tid].nanos
}

// a publisher whose total is one byte per nanosecond of its clock, sampled every 10 ms
type clockAllocation struct{ origin int64 }

func (c clockAllocation) sample() (allocationSample, bool) {
	now := monotonicNanos()
	at := now - now%10_000_000
	return allocationSample{bytes: at - c.origin, at: at}, true
}

func TestATotalIsInterpolatedToTheReadingsMoment(t *testing.T) {
	p := clockAllocation{origin: monotonicNanos()}
	for i := 0; i < 3; i++ {
		before, _ := p.sample()
		at := monotonicNanos()
		if got := allocationAt(p, at, before); got < at-p.origin-1 || got > at-p.origin+1 {
			t.Errorf("the total at %d: %d, want %d", at, got, at-p.origin)
		}
		time.Sleep(3 * time.Millisecond)
	}
	if interpolate(allocationSample{1000, 10_000}, allocationSample{2000, 20_000}, 15_000) != 1500 {
		t.Error("half-way between two samples is half-way between their totals")
	}
}
