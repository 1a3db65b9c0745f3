package meter

import (
	"encoding/binary"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A server publishes its allocation total every 10 ms with the moment it took it (CLOCK_MONOTONIC, which
// is a JVM's System.nanoTime too: one clock for every process of this machine), the moment 0 while the
// two are rewritten. A total alone is up to a period stale when read; with its moment, the total at any
// moment is interpolated between the samples on either side of it (client-base's PublishedAllocation).
const (
	allocationPoll = 100 * time.Microsecond
	allocationWait = 50 * time.Millisecond
)

// allocationSample is a published total and the moment it was taken.
type allocationSample struct {
	bytes, at int64
}

// stampedAllocation is where a process publishes its total and its moment.
type stampedAllocation interface {
	// sample is the last sample published, whole; false when none can be read now.
	sample() (allocationSample, bool)
}

// monotonicNanos is CLOCK_MONOTONIC now, the clock the samples' moments are on.
func monotonicNanos() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return -1
	}
	return ts.Nano()
}

// consistentSample reads a total between two reads of its moment, until the two agree and are not 0.
func consistentSample(stamp, total func() int64) (allocationSample, bool) {
	for tries := 0; tries < 1000; tries++ {
		before := stamp()
		bytes := total()
		if after := stamp(); before != 0 && before == after {
			return allocationSample{bytes: bytes, at: before}, true
		}
	}
	return allocationSample{}, false
}

// allocationAt is the total at the moment at, from before (a sample read before that moment): it waits
// for the first sample taken at or after it (at most a period, as the publisher runs) and interpolates;
// a publisher that stalled gives its last sample as it stands.
func allocationAt(p stampedAllocation, at int64, before allocationSample) int64 {
	last := before
	deadline := time.Now().Add(allocationWait)
	for {
		if next, ok := p.sample(); ok && next.at > last.at {
			if next.at >= at {
				return interpolate(last, next, at)
			}
			last = next
		}
		if time.Now().After(deadline) {
			return last.bytes
		}
		time.Sleep(allocationPoll)
	}
}

func interpolate(a, b allocationSample, at int64) int64 {
	if at <= a.at {
		return a.bytes
	}
	share := float64(at-a.at) / float64(b.at-a.at)
	return a.bytes + int64(float64(b.bytes-a.bytes)*share+0.5)
}

// word64 reads a naturally aligned 8-byte word of a mapped file atomically, in the file's byte order when
// that is this machine's; ok false when it cannot be read so.
func word64(data []byte, at int, order binary.ByteOrder) (func() int64, bool) {
	if at < 0 || at+8 > len(data) || uintptr(unsafe.Pointer(&data[at]))%8 != 0 || order != nativeOrder() {
		return nil, false
	}
	p := (*uint64)(unsafe.Pointer(&data[at]))
	return func() int64 { return int64(atomic.LoadUint64(p)) }, true
}

func nativeOrder() binary.ByteOrder {
	x := uint16(1)
	if *(*byte)(unsafe.Pointer(&x)) == 1 {
		return binary.LittleEndian
	}
	return binary.BigEndian
}
