package meter

import (
	"encoding/binary"
	"errors"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// A JVM's performance counters: the memory-mapped file jstat reads (/tmp/hsperfdata_USER/PID). A
// prologue (magic 0xcafec0c0, byte order at byte 4, entries' offset at 24, their count at 28) and entries
// of: length, name offset, vector length, type, flags, units, variability, data offset; names are
// NUL-terminated, a long counter's type is 'J'. As ProcessMeter reads it.
const (
	perfMagic           = 0xcafec0c0
	collectorsLookedFor = 8
	// allocatedCounter is where rpc-bench's Java servers publish the bytes they have allocated, and
	// allocatedAtCounter the moment (System.nanoTime) they took that total, 0 while it is rewritten.
	allocatedCounter   = "rpcbench.allocatedBytes"
	allocatedAtCounter = "rpcbench.allocatedAtNanos"
)

type perfData struct {
	data           []byte
	order          binary.ByteOrder
	invocations    []int
	times          []int
	fullAt         int
	allocatedAt    int
	allocatedStamp int
	ticksPerSecond int64
}

func openPerfData(pid int) (*perfData, error) {
	name := os.Getenv("USER")
	if u, err := user.Current(); err == nil {
		name = u.Username
	}
	f, err := os.Open(filepath.Join("/tmp", "hsperfdata_"+name, strconv.Itoa(pid)))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() < 32 {
		return nil, errors.New("no JVM performance counters")
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	if binary.BigEndian.Uint32(data) != perfMagic {
		unix.Munmap(data)
		return nil, errors.New("not JVM performance counters")
	}
	p := &perfData{data: data, order: binary.BigEndian, fullAt: -1, allocatedAt: -1, allocatedStamp: -1, ticksPerSecond: -1}
	if data[4] != 0 {
		p.order = binary.LittleEndian
	}
	p.index()
	return p, nil
}

func (p *perfData) index() {
	defer func() { recover() }() // a file this reader does not understand: no GC figures
	invocations := make([]int, collectorsLookedFor)
	times := make([]int, collectorsLookedFor)
	for i := range invocations {
		invocations[i], times[i] = -1, -1
	}
	at := int(p.order.Uint32(p.data[24:]))
	entries := int(p.order.Uint32(p.data[28:]))
	for e := 0; e < entries; e++ {
		length := int(p.order.Uint32(p.data[at:]))
		name := p.name(at + int(p.order.Uint32(p.data[at+4:])))
		kind := p.data[at+12]
		data := at + int(p.order.Uint32(p.data[at+16:]))
		if kind == 'J' {
			switch {
			case name == "sun.os.hrt.frequency":
				p.ticksPerSecond = int64(p.order.Uint64(p.data[data:]))
			case name == allocatedCounter:
				p.allocatedAt = data
			case name == allocatedAtCounter:
				p.allocatedStamp = data
			case strings.HasPrefix(name, "sun.gc.collector."):
				parts := strings.Split(name, ".")
				if n, err := strconv.Atoi(parts[3]); err == nil && n < collectorsLookedFor && len(parts) == 5 {
					switch parts[4] {
					case "invocations":
						invocations[n] = data
					case "time":
						times[n] = data
					}
				}
			}
		}
		at += length
	}
	for n := 0; n < collectorsLookedFor; n++ {
		if invocations[n] >= 0 && times[n] >= 0 {
			p.invocations = append(p.invocations, invocations[n])
			p.times = append(p.times, times[n])
		}
	}
	// collector 1 is the old-generation (full) collector of every HotSpot GC that reports two or more
	p.fullAt = invocations[1]
}

func (p *perfData) name(at int) string {
	end := at
	for end < len(p.data) && p.data[end] != 0 {
		end++
	}
	return string(p.data[at:end])
}

func (p *perfData) long(at int) int64 { return int64(p.order.Uint64(p.data[at:])) }

// stamped is the server's allocation with its moments, or nil when it publishes none (an older server).
func (p *perfData) stamped() stampedAllocation {
	stamp, ok1 := word64(p.data, p.allocatedStamp, p.order)
	total, ok2 := word64(p.data, p.allocatedAt, p.order)
	if !ok1 || !ok2 {
		return nil
	}
	return stampedFunc(func() (allocationSample, bool) { return consistentSample(stamp, total) })
}

// stampedFunc is a stampedAllocation that is a function.
type stampedFunc func() (allocationSample, bool)

func (f stampedFunc) sample() (allocationSample, bool) { return f() }

func (p *perfData) read() Reading {
	r := Unknown
	if p.allocatedAt >= 0 {
		r.AllocBytes = p.long(p.allocatedAt)
	}
	if p.ticksPerSecond <= 0 || len(p.invocations) == 0 {
		return r
	}
	var count, ticks int64
	for i := range p.invocations {
		count += p.long(p.invocations[i])
		ticks += p.long(p.times[i])
	}
	r.GCCount = count
	r.GCPauseNanos = int64(float64(ticks) * (1e9 / float64(p.ticksPerSecond)))
	if p.fullAt >= 0 {
		r.FullGCCount = p.long(p.fullAt)
	}
	return r
}
