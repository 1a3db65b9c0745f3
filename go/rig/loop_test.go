package rig

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"rpcbench/go/contract"
	"rpcbench/go/meter"
)

// fakeClock moves only when a call is made: each call takes one millisecond of its time.
type fakeClock struct{ now atomic.Int64 }

func (c *fakeClock) Now() time.Duration { return time.Duration(c.now.Load()) }

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	until := c.now.Load() + int64(d)
	for c.now.Load() < until {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(50 * time.Microsecond)
	}
	return nil
}

// fakeCall counts its calls; it fails every failEvery-th call, answers wrongly every wrongEvery-th.
type fakeCall struct {
	clock                 *fakeClock
	made                  *atomic.Int64
	failEvery, wrongEvery int64
	block                 chan struct{}
	// entered, when set, is closed as the first call begins; waitFor, when set, holds every call until it is closed
	entered, waitFor chan struct{}
	once             sync.Once
}

func (f *fakeCall) Call() (proto.Message, error) {
	n := f.made.Add(1)
	if f.entered != nil {
		f.once.Do(func() { close(f.entered) })
	}
	if f.waitFor != nil {
		<-f.waitFor
	}
	if f.block != nil {
		<-f.block
	}
	f.clock.now.Add(int64(time.Millisecond))
	if f.failEvery > 0 && n%f.failEvery == 0 {
		return nil, errors.New("connection reset\nwith a second line")
	}
	if f.wrongEvery > 0 && n%f.wrongEvery == 0 {
		return &contract.BoolReply{}, nil
	}
	return &contract.BoolReply{Value: true}, nil
}

func (f *fakeCall) Check(a proto.Message) string {
	if !a.(*contract.BoolReply).GetValue() {
		return "answered false"
	}
	return ""
}

func exchanges(callers int, f *fakeCall) [][]Exchange {
	all := make([][]Exchange, callers)
	for i := range all {
		all[i] = make([]Exchange, 16)
		for j := range all[i] {
			all[i][j] = f
		}
	}
	return all
}

// countingMeter counts its readings; its threads read as the meter's fixture does at a window's start
// (odd readings) and at its end (even ones).
type countingMeter struct{ reads atomic.Int64 }

var fixtureThreads = [2]*meter.ThreadTimes{
	meter.ReadThreads(filepath.Join("..", "meter", "testdata", "threads", "end", "task"), nil),
	meter.ReadThreads(filepath.Join("..", "meter", "testdata", "threads", "start", "task"), nil),
}

func (m *countingMeter) Read() meter.Reading {
	n := m.reads.Add(1)
	return meter.Reading{CPUNanos: n * 1000, AllocBytes: n * 10, GCCount: n, FullGCCount: -1, GCPauseNanos: 0,
		Threads: fixtureThreads[n%2]}
}

func TestEveryCallIsCountedOnceInTheWindowItStartedInOrInWarmUp(t *testing.T) {
	clock := &fakeClock{}
	made := &atomic.Int64{}
	plan := Plan{Callers: 8, WarmupIterations: 2, WarmupTime: 20 * time.Millisecond, Iterations: 3,
		IterationTime: 30 * time.Millisecond, HandInWait: 5 * time.Second}
	var progress []Progress
	var mu sync.Mutex
	tally, err := Run(context.Background(), plan, clock, Meters{Client: &countingMeter{}}, exchanges(8, &fakeCall{clock: clock, made: made}),
		func(p Progress) { mu.Lock(); progress = append(progress, p); mu.Unlock() })
	if err != nil {
		t.Fatal(err)
	}
	if len(tally.Windows) != 3 || len(progress) != 5 || !progress[0].Warmup || !progress[1].Warmup || progress[2].Warmup {
		t.Fatalf("%d windows, progress %+v", len(tally.Windows), progress)
	}
	counted := tally.WarmupCalls
	for i, w := range tally.Windows {
		if w.Calls == 0 || w.Errors != 0 || w.Latency.TotalCount() != w.Calls {
			t.Errorf("window %d: %d calls, %d errors, %d timed", i, w.Calls, w.Errors, w.Latency.TotalCount())
		}
		if w.Seconds < 0.030 {
			t.Errorf("window %d lasted %f s of the clock, shorter than the iteration", i, w.Seconds)
		}
		if w.Client == nil || w.Client.CPUNanos == nil || *w.Client.CPUNanos != 1000 || w.Server != nil {
			t.Errorf("window %d: the meters were not read once at each edge: %+v %+v", i, w.Client, w.Server)
		}
		if w.Client.Threads == nil || w.Client.Threads.ServiceNanos != 570_000_001 || w.Client.Threads.ThreadsEnded != 1 {
			t.Errorf("window %d: the threads' CPU from the edges' readings: %+v", i, w.Client.Threads)
		}
		counted += w.Calls
	}
	if counted != made.Load() {
		t.Errorf("%d calls made, %d counted", made.Load(), counted)
	}
	if tally.WarmupCalls == 0 || tally.WarmupErrors != 0 {
		t.Errorf("warm-up: %d calls, %d errors", tally.WarmupCalls, tally.WarmupErrors)
	}
}

func TestFailedAndWrongCallsAreCountedTimedAndDescribed(t *testing.T) {
	clock := &fakeClock{}
	made := &atomic.Int64{}
	plan := Plan{Callers: 4, WarmupIterations: 1, WarmupTime: 10 * time.Millisecond, Iterations: 2,
		IterationTime: 40 * time.Millisecond, HandInWait: 5 * time.Second}
	tally, err := Run(context.Background(), plan, clock, Meters{}, exchanges(4, &fakeCall{clock: clock, made: made, failEvery: 7, wrongEvery: 5}), nil)
	if err != nil {
		t.Fatal(err)
	}
	var good, bad, failedTimed int64
	for _, w := range tally.Windows {
		good += w.Calls
		bad += w.Errors
		if w.FailedLatency != nil {
			failedTimed += w.FailedLatency.TotalCount()
		}
		if w.Client != nil || w.Server != nil {
			t.Error("no meter was given, yet a use was recorded")
		}
	}
	all := good + bad + tally.WarmupCalls + tally.WarmupErrors
	if all != made.Load() || bad == 0 || tally.WarmupErrors == 0 || failedTimed != bad {
		t.Errorf("made %d; good %d, bad %d (%d timed), warm-up %d + %d errors", made.Load(), good, bad, failedTimed,
			tally.WarmupCalls, tally.WarmupErrors)
	}
	want := map[string]bool{"connection reset": false, "wrong answer: answered false": false}
	for _, p := range tally.Problems {
		if _, ok := want[p]; ok {
			want[p] = true
		}
	}
	for p, seen := range want {
		if !seen {
			t.Errorf("problem %q not noted in %q", p, tally.Problems)
		}
	}
}

func TestAFixedNumberOfCallsIsMadeExactlyAcrossTheCallers(t *testing.T) {
	clock := &fakeClock{}
	made := &atomic.Int64{}
	plan := Plan{Callers: 7, WarmupIterations: 1, WarmupTime: 10 * time.Millisecond, Calls: 1000, HandInWait: 5 * time.Second}
	tally, err := Run(context.Background(), plan, clock, Meters{}, exchanges(7, &fakeCall{clock: clock, made: made}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tally.Windows) != 1 || tally.Windows[0].Calls != 1000 || tally.Windows[0].Latency.TotalCount() != 1000 {
		t.Fatalf("windows %+v", tally.Windows)
	}
	if w := tally.Windows[0]; w.Seconds <= 0 || w.Score() != 1000/w.Seconds {
		t.Errorf("the window's %f s, score %f", w.Seconds, w.Score())
	}
	if made.Load() != 1000+tally.WarmupCalls {
		t.Errorf("made %d, counted %d + %d", made.Load(), 1000, tally.WarmupCalls)
	}
}

func TestFewerCallsThanCallersStillEnd(t *testing.T) {
	clock := &fakeClock{}
	plan := Plan{Callers: 5, Calls: 3, HandInWait: 5 * time.Second}
	tally, err := Run(context.Background(), plan, clock, Meters{}, exchanges(5, &fakeCall{clock: clock, made: &atomic.Int64{}}), nil)
	if err != nil || tally.Windows[0].Calls != 3 {
		t.Fatalf("%v %+v", err, tally)
	}
}

func TestAStoppedRunSaysSo(t *testing.T) {
	clock := &fakeClock{}
	ctx, cancel := context.WithCancel(context.Background())
	plan := Plan{Callers: 2, Iterations: 1000, IterationTime: time.Hour, HandInWait: 5 * time.Second}
	go func() {
		for clock.now.Load() < int64(5*time.Millisecond) {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := Run(ctx, plan, clock, Meters{}, exchanges(2, &fakeCall{clock: clock, made: &atomic.Int64{}}), nil)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("got %v", err)
	}
}

func TestACallerStuckBeyondTheWaitFailsTheCase(t *testing.T) {
	clock := &fakeClock{}
	block := make(chan struct{})
	entered := make(chan struct{})
	stuck := &fakeCall{clock: clock, made: &atomic.Int64{}, block: block, entered: entered}
	// the free caller moves the clock only once the stuck one is in its call, so that the window cannot
	// close before the stuck caller has begun (a caller that first looks after the close has nothing to hand in)
	free := &fakeCall{clock: clock, made: &atomic.Int64{}, waitFor: entered}
	all := exchanges(2, free)
	all[1] = []Exchange{stuck}
	plan := Plan{Callers: 2, Iterations: 1, IterationTime: 10 * time.Millisecond, HandInWait: 50 * time.Millisecond}
	// the stuck call is released only once Run has returned: however slowly the window goes by in real
	// time, the caller is still stuck when its hand-in is awaited
	defer close(block)
	tally, err := Run(context.Background(), plan, clock, Meters{}, all, nil)
	if errors.Is(err, ErrInterrupted) || len(tally.Problems) == 0 || tally.WarmupErrors == 0 || len(tally.Windows) != 1 {
		t.Fatalf("a stuck caller went unnoticed, or the window was lost: %v %+v", err, tally)
	}
}
