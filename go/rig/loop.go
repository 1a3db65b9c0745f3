package rig

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"rpcbench/go/meter"
	"rpcbench/go/record"
)

// Plan is how one case is driven.
type Plan struct {
	Callers          int
	WarmupIterations int
	WarmupTime       time.Duration
	Iterations       int
	IterationTime    time.Duration
	// Calls, when above 0, replaces the measured iterations with one window that lasts until the callers
	// have made this many calls in all (seed 002's "a million requests"), each caller its share.
	Calls int64
	// HandInWait bounds how long a closed window waits for a caller to finish the call it is in (the
	// call timeout and some slack): a caller later than that is a failure.
	HandInWait time.Duration
}

// Meters read the two processes at each window's edges; either may be nil.
type Meters struct {
	Client, Server meter.Meter
}

// Progress is a finished iteration, for the console.
type Progress struct {
	Warmup bool
	Index  int
	Score  float64
	Calls  int64
}

// ErrInterrupted is a case stopped before it finished.
var ErrInterrupted = errors.New("stopped before the case finished")

// Epochs: 2w+1 while window w is open, 2w+2 once it has closed; windows count the warm-up's first.
const stopEpoch = math.MaxUint64

// run is one case in progress: what the callers share, and what they hand in at each window's close.
type run struct {
	plan    Plan
	clock   Clock
	epoch   atomic.Uint64
	stopped chan struct{}
	callers int

	mu     sync.Mutex
	window uint64 // the window hand-ins are for
	handed int
	allIn  chan struct{}
	// the callers' histograms handed in for the window, merged by the coordinator once all are in, so that
	// a hand-in costs a caller a pointer swap; spare ones, reset, go back to the callers
	latency  []*hdrhistogram.Histogram
	failed   []*hdrhistogram.Histogram
	spare    []*hdrhistogram.Histogram
	calls    int64
	errors   int64
	outCalls int64 // outside any window, or in a warm-up window
	outErrs  int64
	lastEnd  time.Duration
	problems []string
}

// Run drives one case: exchanges holds each caller's prepared calls. It returns the measured windows,
// the warm-up's counts and the first problems; ErrInterrupted when ctx ended first.
func Run(ctx context.Context, plan Plan, clock Clock, meters Meters, exchanges [][]Exchange,
	progress func(Progress)) (record.CaseTally, error) {
	r := &run{plan: plan, clock: clock, stopped: make(chan struct{}), callers: len(exchanges)}
	r.startWindow(0)
	var wg sync.WaitGroup
	for i, ex := range exchanges {
		wg.Add(1)
		go func(i int, c *caller) {
			defer wg.Done()
			r.loop(c, r.quota(i))
		}(i, newCaller(ex, clock))
	}
	tally, err := r.drive(ctx, meters, progress)
	r.epoch.Store(stopEpoch)
	close(r.stopped)
	if !waitGroup(&wg, plan.HandInWait) {
		r.note("a caller did not return within " + plan.HandInWait.String() + " of the end")
		err = errors.Join(err, fmt.Errorf("a caller did not finish its call within %s", plan.HandInWait))
	}
	r.mu.Lock()
	tally.WarmupCalls += r.outCalls
	tally.WarmupErrors += r.outErrs
	tally.Problems = r.problems
	r.mu.Unlock()
	return tally, err
}

// quota is caller i's share of a fixed-calls window.
func (r *run) quota(i int) int64 {
	if r.plan.Calls <= 0 {
		return 0
	}
	q := r.plan.Calls / int64(r.callers)
	if int64(i) < r.plan.Calls%int64(r.callers) {
		q++
	}
	return q
}

// drive opens and closes the windows, collecting what the callers hand in at each close.
func (r *run) drive(ctx context.Context, meters Meters, progress func(Progress)) (record.CaseTally, error) {
	var tally record.CaseTally
	measured := r.plan.Iterations
	if r.plan.Calls > 0 {
		measured = 1
	}
	for w := 0; w < r.plan.WarmupIterations+measured; w++ {
		warmup := w < r.plan.WarmupIterations
		fixedCalls := !warmup && r.plan.Calls > 0
		r.epoch.Store(uint64(2*w + 1))
		opened := r.clock.Now()
		// read after the window opened as after it closed, so that the meters' window has the calls' length
		// however long a reading takes (every thread of both processes, a server's allocation interpolated)
		clientStart, serverStart := read(meters.Client), read(meters.Server)
		if fixedCalls {
			if err := r.awaitHandIns(ctx, 0); err != nil {
				return tally, err
			}
		} else {
			length := r.plan.IterationTime
			if warmup {
				length = r.plan.WarmupTime
			}
			if err := r.clock.Sleep(ctx, length-(r.clock.Now()-opened)); err != nil {
				return tally, ErrInterrupted
			}
		}
		r.epoch.Store(uint64(2*w + 2))
		closed := r.clock.Now()
		clientEnd, serverEnd := read(meters.Client), read(meters.Server)
		if !fixedCalls {
			if err := r.awaitHandIns(ctx, r.plan.HandInWait); errors.Is(err, ErrInterrupted) {
				return tally, err
			} else if err != nil {
				// a caller still in its call: the window is kept without it, and the run cannot pass
				tally.WarmupErrors++
			}
		}
		window, lastEnd := r.collect(w + 1)
		window.Seconds = (closed - opened).Seconds()
		if fixedCalls && window.Calls+window.Errors > 0 {
			// the window lasts until the last call ended, not until everyone had handed in
			window.Seconds = (lastEnd - opened).Seconds()
		}
		window.Client = delta(clientStart, clientEnd, window.Seconds)
		window.Server = delta(serverStart, serverEnd, window.Seconds)
		if lost := serverLost(meters.Server, serverStart, serverEnd); lost != "" {
			// the server's figures of this window are not known: never half a delta, and the case fails
			window.Server = nil
			if !warmup && tally.ServerMeterLost == "" {
				tally.ServerMeterLost = fmt.Sprintf("in measured iteration %d: %s", len(tally.Windows)+1, lost)
			}
		}
		if warmup {
			tally.WarmupCalls += window.Calls
			tally.WarmupErrors += window.Errors
		} else {
			tally.Windows = append(tally.Windows, window)
		}
		if progress != nil {
			progress(Progress{Warmup: warmup, Index: w, Score: window.Score(), Calls: window.Calls})
		}
	}
	return tally, nil
}

// awaitHandIns waits until every caller has handed in the current window; limit 0 waits as long as it takes.
func (r *run) awaitHandIns(ctx context.Context, limit time.Duration) error {
	r.mu.Lock()
	allIn := r.allIn
	r.mu.Unlock()
	var timeout <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-allIn:
		return nil
	case <-ctx.Done():
		return ErrInterrupted
	case <-timeout:
		r.note("a caller did not hand in its window within " + limit.String())
		return fmt.Errorf("a caller did not finish its call within %s of the window's end", limit)
	}
}

// startWindow readies the hand-ins for window w (callers hand in window w when it closes).
func (r *run) startWindow(w uint64) {
	r.window = w
	r.handed = 0
	r.allIn = make(chan struct{})
	r.latency, r.failed = nil, nil
	r.calls, r.errors, r.lastEnd = 0, 0, 0
	if r.callers == 0 {
		close(r.allIn)
	}
}

// collect takes what was handed in for the window that just ended, with when its last call ended, and
// readies the next.
func (r *run) collect(next int) (record.Window, time.Duration) {
	r.mu.Lock()
	w := record.Window{Calls: r.calls, Errors: r.errors}
	latency, failed, lastEnd := r.latency, r.failed, r.lastEnd
	r.startWindow(uint64(next))
	r.mu.Unlock()
	w.Latency = r.merge(latency)
	if len(failed) > 0 {
		w.FailedLatency = r.merge(failed)
	}
	return w, lastEnd
}

// merge adds the callers' histograms into one, and gives them back, reset, as spares.
func (r *run) merge(hs []*hdrhistogram.Histogram) *hdrhistogram.Histogram {
	merged := record.NewHistogram()
	for _, h := range hs {
		merged.Merge(h)
		h.Reset()
	}
	r.mu.Lock()
	r.spare = append(r.spare, hs...)
	r.mu.Unlock()
	return merged
}

// fresh is a spare histogram, or a new one; called with the lock held.
func (r *run) fresh() *hdrhistogram.Histogram {
	if n := len(r.spare); n > 0 {
		h := r.spare[n-1]
		r.spare = r.spare[:n-1]
		return h
	}
	return record.NewHistogram()
}

// loop is one caller: before each call it looks at the epoch; a window that closed since it last looked
// gets its hand-in. With a quota, it stops calling once it has made its share of the fixed-calls window.
func (r *run) loop(c *caller, quota int64) {
	seen := uint64(0)
	for {
		e := r.epoch.Load()
		if e != seen {
			if e == stopEpoch || (e%2 == 0 && e > seen) {
				r.handIn(c, seen, e)
			}
			seen = e
			if e == stopEpoch {
				return
			}
		}
		open := e%2 == 1
		if open && r.plan.Calls > 0 && int(e/2) >= r.plan.WarmupIterations {
			if quota == 0 {
				r.handIn(c, seen, e+1)
				<-r.stopped
				r.handIn(c, e+1, stopEpoch)
				return
			}
			quota--
		}
		c.callOnce(open)
	}
}

// handIn adds a caller's tallies to the window that closed (its calls since its last hand-in started in
// epoch from), and counts the caller in; to is the epoch it now sees.
func (r *run) handIn(c *caller, from, to uint64) {
	r.mu.Lock()
	inWindow := from%2 == 1 && from != stopEpoch
	window := uint64(0)
	if inWindow {
		window = (from - 1) / 2
	}
	if inWindow && window == r.window {
		r.calls += c.good
		r.errors += c.bad
		if c.latency.TotalCount() > 0 {
			r.latency = append(r.latency, c.latency)
			c.latency = r.fresh()
		}
		if c.failed != nil && c.failed.TotalCount() > 0 {
			r.failed = append(r.failed, c.failed)
			c.failed = r.fresh()
		}
		r.lastEnd = max(r.lastEnd, c.lastEnd)
	} else {
		// outside any window, or late for the one it belonged to: warm-up, where an error still fails the run
		r.outCalls += c.good
		r.outErrs += c.bad
	}
	r.outCalls += c.goodOut
	r.outErrs += c.badOut
	for _, p := range c.problems {
		if len(r.problems) < record.ProblemsKept && !contains(r.problems, p) {
			r.problems = append(r.problems, p)
		}
	}
	// a late caller's hand-in counts for the window it now sees closed, if that is the one awaited
	if to != stopEpoch && to%2 == 0 && to/2-1 == r.window {
		r.handed++
		if r.handed == r.callers {
			close(r.allIn)
		}
	}
	r.mu.Unlock()
	c.reset()
}

func (r *run) note(problem string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.problems) < record.ProblemsKept && !contains(r.problems, problem) {
		r.problems = append(r.problems, problem)
	}
}

func read(m meter.Meter) meter.Reading {
	if m == nil {
		return meter.Unknown
	}
	return m.Read()
}

// serverLost is why the server's meter, though given, was not read in a window (rig's ServerUse in client-base):
// the meter was lost, or its readings went backwards; "" when it was read, or no meter was given.
func serverLost(m meter.Meter, from, to meter.Reading) string {
	if m == nil {
		return ""
	}
	if l, ok := m.(meter.Losable); ok && l.Lost() != "" {
		return l.Lost()
	}
	names := []string{"cpu", "alloc", "gc count", "full gc count", "gc pause"}
	before := []int64{from.CPUNanos, from.AllocBytes, from.GCCount, from.FullGCCount, from.GCPauseNanos}
	after := []int64{to.CPUNanos, to.AllocBytes, to.GCCount, to.FullGCCount, to.GCPauseNanos}
	for i := range names {
		if before[i] >= 0 && after[i] >= 0 && after[i] < before[i] {
			return fmt.Sprintf("the server's meter answered readings that went backwards (%s: %d, then %d)", names[i], before[i], after[i])
		}
	}
	return ""
}

// delta is what a process used between two readings; nil when the process was not read at all.
func delta(from, to meter.Reading, seconds float64) *record.ProcessDelta {
	if from == meter.Unknown && to == meter.Unknown {
		return nil
	}
	diff := func(a, b int64) *int64 {
		if a < 0 || b < 0 {
			return nil
		}
		d := b - a
		return &d
	}
	d := &record.ProcessDelta{Seconds: seconds, CPUNanos: diff(from.CPUNanos, to.CPUNanos),
		AllocBytes: diff(from.AllocBytes, to.AllocBytes), GcCount: diff(from.GCCount, to.GCCount),
		FullGcCount: diff(from.FullGCCount, to.FullGCCount), GcPauseNanos: diff(from.GCPauseNanos, to.GCPauseNanos)}
	if from.Threads != nil && to.Threads != nil {
		threads := from.Threads.Until(to.Threads)
		d.Threads = &threads
	}
	return d
}

func waitGroup(wg *sync.WaitGroup, limit time.Duration) bool {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	if limit <= 0 {
		<-done
		return true
	}
	select {
	case <-done:
		return true
	case <-time.After(limit):
		return false
	}
}
