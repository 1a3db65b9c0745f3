package meter

import (
	"errors"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A Go server publishes its allocation and GC in a small memory-mapped file, refreshed every 10 ms, so
// that a client on this machine reads them from outside, as it reads a Java server's performance
// counters (server-base's AllocationCounter). Layout, 8-byte words in this machine's byte order: a magic
// word, the pid, bytes allocated, GC cycles, GC pause nanoseconds, the wall time of the last update, and
// the moment (CLOCK_MONOTONIC) the bytes were taken, 0 while the words are rewritten (published.go). A
// file of an older server ends before that last word: its total is read as it stands.
const (
	countersMagic      = 0x31_4f_47_48_43_42_50_52 // "RPBCHGO1" read as a little-endian word
	countersWords      = 7
	countersWordsNoAt  = 6
	countersAllocated  = 2
	countersAllocateAt = 6
	countersPeriod     = 10 * time.Millisecond
)

// CountersDir is where the counter files of this user's Go servers live.
func CountersDir() string {
	name := "unknown"
	if u, err := user.Current(); err == nil {
		name = u.Username
	}
	return filepath.Join(os.TempDir(), "rpcbench-go_"+name)
}

func countersFile(pid int) string {
	return filepath.Join(CountersDir(), strconv.Itoa(pid))
}

// ownCountersDir is CountersDir made if need be, and checked: a directory (not a link), this user's, and
// open to no one else (a wider one of this user's, left by an older server, is narrowed to 0700). A folder
// under that name that another user made, or a link, is refused: nothing is published there.
func ownCountersDir() (string, error) {
	dir := CountersDir()
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", err
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return "", err
	}
	if err := ownedHere(dir, st); err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", errors.New(dir + " is not a directory")
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// ownedHere refuses a link, or a file or folder another user owns.
func ownedHere(path string, st fs.FileInfo) error {
	if st.Mode()&fs.ModeSymlink != 0 {
		return errors.New(path + " is a link")
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); !ok || int(sys.Uid) != os.Getuid() {
		return errors.New(path + " is another user's")
	}
	return nil
}

// Publisher keeps this process's counter file up to date until it is closed.
type Publisher struct {
	file  string
	words []uint64
	data  []byte
	stop  chan struct{}
	done  chan struct{}
}

// Publish starts publishing this process's counters; an error means nothing is published, and the
// server's allocation and GC then read "not known".
func Publish() (*Publisher, error) {
	dir, err := ownCountersDir()
	if err != nil {
		return nil, err
	}
	file := filepath.Join(dir, strconv.Itoa(os.Getpid()))
	// a file left under this pid by a process long gone is this user's own, in this user's own folder
	if err := os.Remove(file); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(file, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := f.Truncate(countersWords * 8); err != nil {
		return nil, err
	}
	data, err := unix.Mmap(int(f.Fd()), 0, countersWords*8, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		os.Remove(file)
		return nil, err
	}
	p := &Publisher{file: file, data: data, words: unsafe.Slice((*uint64)(unsafe.Pointer(&data[0])), countersWords),
		stop: make(chan struct{}), done: make(chan struct{})}
	atomic.StoreUint64(&p.words[1], uint64(os.Getpid()))
	p.update()
	atomic.StoreUint64(&p.words[0], countersMagic)
	go p.run()
	return p, nil
}

func (p *Publisher) run() {
	defer close(p.done)
	tick := time.NewTicker(countersPeriod)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tick.C:
			p.update()
		}
	}
}

// update publishes one sample: the moment is cleared before the words change and set after them, so that
// a reader who sees the same moment on both sides of the total has a whole sample.
func (p *Publisher) update() {
	from := monotonicNanos()
	r := runtimeReading()
	at := from + (monotonicNanos()-from)/2
	atomic.StoreUint64(&p.words[countersAllocateAt], 0)
	atomic.StoreUint64(&p.words[countersAllocated], uint64(r.AllocBytes))
	atomic.StoreUint64(&p.words[3], uint64(r.GCCount))
	atomic.StoreUint64(&p.words[4], uint64(r.GCPauseNanos))
	atomic.StoreUint64(&p.words[5], uint64(time.Now().UnixNano()))
	atomic.StoreUint64(&p.words[countersAllocateAt], uint64(at))
}

// Close stops publishing and removes the file.
func (p *Publisher) Close() {
	close(p.stop)
	<-p.done
	unix.Munmap(p.data)
	os.Remove(p.file)
}

type counters struct {
	words []uint64
}

func openCounters(pid int) (*counters, error) {
	if dst, err := os.Lstat(CountersDir()); err != nil {
		return nil, err
	} else if err := ownedHere(CountersDir(), dst); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(countersFile(pid), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil {
		err = ownedHere(countersFile(pid), st)
	}
	if err != nil || st.Size() < countersWordsNoAt*8 {
		return nil, errors.New("not a counter file of process " + strconv.Itoa(pid))
	}
	words := countersWordsNoAt
	if st.Size() >= countersWords*8 {
		words = countersWords
	}
	data, err := unix.Mmap(int(f.Fd()), 0, words*8, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	c := &counters{words: unsafe.Slice((*uint64)(unsafe.Pointer(&data[0])), words)}
	if atomic.LoadUint64(&c.words[0]) != countersMagic || atomic.LoadUint64(&c.words[1]) != uint64(pid) {
		unix.Munmap(data)
		return nil, errors.New("not a counter file of process " + strconv.Itoa(pid))
	}
	return c, nil
}

// stamped is the server's allocation with its moments, or nil when its file has none (an older server).
func (c *counters) stamped() stampedAllocation {
	if len(c.words) <= countersAllocateAt {
		return nil
	}
	stamp := func() int64 { return int64(atomic.LoadUint64(&c.words[countersAllocateAt])) }
	total := func() int64 { return int64(atomic.LoadUint64(&c.words[countersAllocated])) }
	return stampedFunc(func() (allocationSample, bool) { return consistentSample(stamp, total) })
}

// read is the counters as last published; a file not updated for a second (a stopped or stale
// publisher) reads not known.
func (c *counters) read() Reading {
	updated := int64(atomic.LoadUint64(&c.words[5]))
	if time.Since(time.Unix(0, updated)) > time.Second {
		return Unknown
	}
	return Reading{CPUNanos: -1, AllocBytes: int64(atomic.LoadUint64(&c.words[2])),
		GCCount: int64(atomic.LoadUint64(&c.words[3])), FullGCCount: -1, GCPauseNanos: int64(atomic.LoadUint64(&c.words[4]))}
}
