package meter

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestThisProcessReadsItsOwnCPUAllocationAndGC(t *testing.T) {
	r := Self().Read()
	if r.CPUNanos < 0 || r.AllocBytes <= 0 || r.GCCount < 0 || r.GCPauseNanos < 0 {
		t.Fatalf("a reading of this process: %+v", r)
	}
	if r.FullGCCount != -1 {
		t.Errorf("Go has no full GC; its count must read not known, got %d", r.FullGCCount)
	}
}

func TestAPublishedCounterFileReadsFromOutsideAndIsGoneAfterClose(t *testing.T) {
	p, err := Publish()
	if err != nil {
		t.Fatal(err)
	}
	garbage := make([][]byte, 0, 1000)
	for i := 0; i < 1000; i++ {
		garbage = append(garbage, make([]byte, 1024))
	}
	_ = garbage
	p.update()
	r := Of(os.Getpid()).Read()
	if r.AllocBytes <= 0 || r.GCCount < 0 || r.CPUNanos < 0 {
		t.Fatalf("the published counters: %+v", r)
	}
	p.Close()
	if _, err := os.Stat(countersFile(os.Getpid())); !os.IsNotExist(err) {
		t.Errorf("the counter file is still there: %v", err)
	}
}

func TestAProcessThatPublishesNothingReadsOnlyItsCPU(t *testing.T) {
	r := Of(1).Read()
	if r.AllocBytes != -1 || r.GCCount != -1 || r.GCPauseNanos != -1 {
		t.Errorf("process 1 publishes nothing, read %+v", r)
	}
}

func TestTheCPUFieldsAreCountedAfterACommandNameWithSpaces(t *testing.T) {
	f := filepath.Join(t.TempDir(), "stat")
	line := "42 (a (b) c) S 1 42 42 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 1 0 100 1000 10"
	if err := os.WriteFile(f, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := cpuNanos(f); got != 300*nanosPerTick {
		t.Errorf("utime 250 + stime 50 ticks: got %d ns", got)
	}
	if cpuNanos(filepath.Join(t.TempDir(), "none")) != -1 {
		t.Error("an unreadable stat must read -1")
	}
}

func TestAPublishedTotalIsStampedAndReadWithThisProcesssThreads(t *testing.T) {
	p, err := Publish()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	m := Of(os.Getpid()).(*other)
	if m.stamped == nil {
		t.Fatal("a Go server's counter file publishes the moments of its totals")
	}
	first := m.Read()
	garbage := make([][]byte, 0, 1000)
	for i := 0; i < 1000; i++ {
		garbage = append(garbage, make([]byte, 1024))
	}
	_ = garbage
	time.Sleep(30 * time.Millisecond)
	second := m.Read()
	// the runtime counts a span when a P's cache takes it: most of what was allocated, not every byte yet
	if second.AllocBytes-first.AllocBytes < 500*1024 {
		t.Errorf("1000 KiB allocated between two readings, read %d bytes", second.AllocBytes-first.AllocBytes)
	}
	if first.Threads == nil || second.Threads == nil || first.Threads.Threads() == 0 {
		t.Fatalf("this process's threads: %v, %v", first.Threads, second.Threads)
	}
}

func TestTheCounterFolderIsThisUsersOwnAndNothingIsFollowedThroughALink(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := CountersDir()
	// an older server's folder, open to all: narrowed
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// a link where this process's file goes, to a file it must not write
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, countersFile(os.Getpid())); err != nil {
		t.Fatal(err)
	}
	p, err := Publish()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if st, _ := os.Lstat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("the counter folder is %v, not 0700", st.Mode().Perm())
	}
	if st, _ := os.Lstat(countersFile(os.Getpid())); !st.Mode().IsRegular() || st.Mode().Perm() != 0o600 {
		t.Errorf("the counter file is %v", st.Mode())
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the file a link pointed to was written: %q", b)
	}
}

func TestACounterFolderThatIsALinkOrAnotherUsersIsRefused(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, CountersDir()); err != nil {
		t.Fatal(err)
	}
	if p, err := Publish(); err == nil {
		p.Close()
		t.Fatal("published through a link")
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
	if _, err := openCounters(os.Getpid()); err == nil {
		t.Error("read through a link")
	}
	if os.Getuid() != 0 {
		t.Skip("making a folder another user's needs root")
	}
	os.Remove(CountersDir())
	if err := os.Mkdir(CountersDir(), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(CountersDir(), 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if p, err := Publish(); err == nil {
		p.Close()
		t.Fatal("published into another user's folder")
	}
}
