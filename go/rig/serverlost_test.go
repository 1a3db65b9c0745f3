package rig

import (
	"testing"

	"rpcbench/go/meter"
)

type lostMeter struct{ why string }

func (l lostMeter) Read() meter.Reading { return meter.Unknown }
func (l lostMeter) Lost() string        { return l.why }

type plainMeter struct{}

func (plainMeter) Read() meter.Reading { return meter.Unknown }

func TestAServersMeterIsLostWhenItSaysSoOrItsReadingsGoBackwards(t *testing.T) {
	start := meter.Reading{CPUNanos: 5_000, AllocBytes: 100, GCCount: 1, FullGCCount: 0, GCPauseNanos: 10}
	forward := meter.Reading{CPUNanos: 6_000, AllocBytes: 300, GCCount: 1, FullGCCount: 0, GCPauseNanos: 10}
	for name, c := range map[string]struct {
		m        meter.Meter
		to       meter.Reading
		wantLost string
	}{
		"none given":      {nil, forward, ""},
		"read forward":    {plainMeter{}, forward, ""},
		"not known":       {plainMeter{}, meter.Unknown, ""},
		"lost":            {lostMeter{"the server's meter at h:1 failed (EOF)"}, meter.Unknown, "the server's meter at h:1 failed (EOF)"},
		"still answering": {lostMeter{""}, forward, ""},
		"backwards":       {plainMeter{}, meter.Reading{CPUNanos: 4_000, AllocBytes: 300, GCCount: 1, GCPauseNanos: 10}, "the server's meter answered readings that went backwards (cpu: 5000, then 4000)"},
	} {
		if got := serverLost(c.m, start, c.to); got != c.wantLost {
			t.Errorf("%s: %q, want %q", name, got, c.wantLost)
		}
	}
}
