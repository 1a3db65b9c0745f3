package launcher

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// filesSpare is what a process keeps for everything but the callers' connections: its binary, logs, the
// runtime's own descriptors, the preflight's and the wire measurement's connections.
const filesSpare = 64

// openFiles is a process's limit on open files and how many it has open.
type openFiles struct {
	limit, open int
}

// ownFiles reads this process's limit (the Go runtime has raised its soft limit to the hard one) and count.
func ownFiles() (openFiles, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return openFiles{}, err
	}
	open, err := countFiles("self")
	return openFiles{limit: clampLimit(rl.Cur), open: open}, err
}

// filesOf reads another process's soft limit from /proc/PID/limits and counts its open files.
func filesOf(pid int) (openFiles, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/limits", pid))
	if err != nil {
		return openFiles{}, err
	}
	defer f.Close()
	limit := -1
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if rest, ok := strings.CutPrefix(lines.Text(), "Max open files"); ok {
			fields := strings.Fields(rest)
			if len(fields) > 0 {
				if fields[0] == "unlimited" {
					limit = 1 << 30
				} else if limit, err = strconv.Atoi(fields[0]); err != nil {
					return openFiles{}, err
				}
			}
		}
	}
	if limit < 0 {
		return openFiles{}, fmt.Errorf("no open-file limit in /proc/%d/limits", pid)
	}
	open, err := countFiles(strconv.Itoa(pid))
	return openFiles{limit: limit, open: open}, err
}

func countFiles(pid string) (int, error) {
	entries, err := os.ReadDir("/proc/" + pid + "/fd")
	return len(entries), err
}

func clampLimit(v uint64) int {
	if v > 1<<30 {
		return 1 << 30
	}
	return int(v)
}

// shortOf says what is wrong when a process that must hold `connections` more connections cannot: "" when it can.
func (f openFiles) shortOf(connections int, who string) string {
	if f.limit-f.open >= connections+filesSpare {
		return ""
	}
	return fmt.Sprintf("%d connections, one per caller, need %d more open files in %s, whose limit is %d with %d open:"+
		" raise its limit (ulimit -n) or give fewer callers", connections, connections+filesSpare, who, f.limit, f.open)
}
