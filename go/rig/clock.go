// Package rig is the closed-loop load rig (client-base's rig: UserServiceBenchmark, Caller, ForkTally,
// MeasurementWindow, as JMH drives them): N callers, each sending its next call when its previous answer
// arrived, all over one connection; warm-up iterations, then measured iterations, each a window; every
// call timed into its caller's histogram and its answer checked, counted by the window it started in,
// with no shared counter on the measured path; both processes' meters read at each window's edges, so
// throughput, latency, call counts and costs cover the same window. The clock is injected, so the rig is
// tested without real time.
package rig

import (
	"context"
	"time"
)

// Clock is what the rig times calls and windows with.
type Clock interface {
	// Now is a monotonic reading.
	Now() time.Duration
	// Sleep waits d, or until ctx ends (then returning its error).
	Sleep(ctx context.Context, d time.Duration) error
}

// SystemClock is the monotonic clock of this process.
type SystemClock struct{ origin time.Time }

// NewSystemClock starts a system clock.
func NewSystemClock() *SystemClock { return &SystemClock{origin: time.Now()} }

func (c *SystemClock) Now() time.Duration { return time.Since(c.origin) }

func (c *SystemClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
