package meter

import (
	"math"
	"runtime/metrics"
)

// The Go runtime's own counters, read without stopping the world (runtime.ReadMemStats would):
// cumulative heap allocation, GC cycles, and the GC's stop-the-world pauses.
var runtimeSamples = []string{"/gc/heap/allocs:bytes", "/gc/cycles/total:gc-cycles", "/sched/pauses/total/gc:seconds"}

// runtimeReading is this process's allocation and GC. Go has no full collection, so FullGCCount is not
// known (-1). The pause total is summed from the runtime's pause histogram, each pause counted at its
// bucket's middle (the buckets are a few per cent wide).
func runtimeReading() Reading {
	samples := make([]metrics.Sample, len(runtimeSamples))
	for i, name := range runtimeSamples {
		samples[i].Name = name
	}
	metrics.Read(samples)
	r := Reading{CPUNanos: -1, AllocBytes: -1, GCCount: -1, FullGCCount: -1, GCPauseNanos: -1}
	if samples[0].Value.Kind() == metrics.KindUint64 {
		r.AllocBytes = int64(samples[0].Value.Uint64())
	}
	if samples[1].Value.Kind() == metrics.KindUint64 {
		r.GCCount = int64(samples[1].Value.Uint64())
	}
	if samples[2].Value.Kind() == metrics.KindFloat64Histogram {
		r.GCPauseNanos = pauseNanos(samples[2].Value.Float64Histogram())
	}
	return r
}

func pauseNanos(h *metrics.Float64Histogram) int64 {
	total := 0.0
	for i, n := range h.Counts {
		if n == 0 {
			continue
		}
		lo, hi := h.Buckets[i], h.Buckets[i+1]
		switch {
		case math.IsInf(lo, -1):
			lo = hi
		case math.IsInf(hi, 1):
			hi = lo
		}
		total += float64(n) * (lo + hi) / 2
	}
	return int64(total * 1e9)
}
