package rig

import (
	"strings"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"google.golang.org/protobuf/proto"

	"rpcbench/go/record"
)

// Exchange is one prepared call: Call is measured, Check runs after the clock stopped.
type Exchange interface {
	Call() (proto.Message, error)
	Check(answer proto.Message) string
}

// problemsKept is how many distinct problems one caller notes (Caller.PROBLEMS_KEPT).
const problemsKept = 3

// longestProblem caps a problem's length, as the Java side's one-line failures are capped.
const longestProblem = 300

// caller is one caller's loop body and tallies: owned by its goroutine alone until it hands them in.
type caller struct {
	exchanges []Exchange
	next      int
	clock     Clock
	latency   *hdrhistogram.Histogram
	failed    *hdrhistogram.Histogram // made at the first failure in a window
	good, bad int64                   // inside the window
	goodOut   int64                   // outside any window, or in a warm-up's
	badOut    int64
	problems  []string
	lastEnd   time.Duration // when its last call inside the window ended
}

func newCaller(exchanges []Exchange, clock Clock) *caller {
	return &caller{exchanges: exchanges, clock: clock, latency: record.NewHistogram()}
}

// callOnce sends the next prepared request, times it, checks the answer, and counts it inside the
// window or outside.
func (c *caller) callOnce(inWindow bool) {
	e := c.exchanges[c.next%len(c.exchanges)]
	c.next++
	start := c.clock.Now()
	answer, err := e.Call()
	end := c.clock.Now()
	took := int64(end - start)
	if err != nil {
		c.fail(inWindow, took, oneLine(err.Error()))
		return
	}
	if problem := e.Check(answer); problem != "" {
		c.fail(inWindow, took, "wrong answer: "+problem)
		return
	}
	if inWindow {
		c.good++
		c.latency.RecordValue(min(took, record.HighestNanos))
		c.lastEnd = end
	} else {
		c.goodOut++
	}
}

func (c *caller) fail(inWindow bool, took int64, problem string) {
	if inWindow {
		c.bad++
		if c.failed == nil {
			c.failed = record.NewHistogram()
		}
		c.failed.RecordValue(min(took, record.HighestNanos))
		c.lastEnd = c.clock.Now()
	} else {
		c.badOut++
	}
	if len(c.problems) < problemsKept && !contains(c.problems, problem) {
		c.problems = append(c.problems, problem)
	}
}

// reset forgets what was handed in.
func (c *caller) reset() {
	// a histogram handed over was swapped for an empty one: only one still holding values needs zeroing
	if c.latency.TotalCount() > 0 {
		c.latency.Reset()
	}
	if c.failed != nil && c.failed.TotalCount() > 0 {
		c.failed.Reset()
	}
	c.good, c.bad, c.goodOut, c.badOut, c.lastEnd = 0, 0, 0, 0, 0
	c.problems = c.problems[:0]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > longestProblem {
		s = s[:longestProblem] + "..."
	}
	return s
}
