package binding

import (
	"fmt"
	"sync"
	"time"
)

// DialsAtOnce bounds how many connections ConnectEach opens at the same time: a thousand dials at once
// overflow a server's accept backlog (Java's default is 50), and a refused SYN is retried a second later,
// so the callers would start over seconds.
const DialsAtOnce = 32

// ConnectEach opens n connections of a pair, each its own dialled client (seed 002's clients: one per
// caller goroutine), at most DialsAtOnce at a time. On the first failure it closes what it opened and
// says which connection failed and why.
func ConnectEach(p Pair, addr string, timeout time.Duration, n int) ([]Conn, error) {
	conns := make([]Conn, n)
	errs := make([]error, n)
	slots := make(chan struct{}, DialsAtOnce)
	var failed sync.Once
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		select {
		case <-stop:
		case slots <- struct{}{}:
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				defer func() { <-slots }()
				conns[i], errs[i] = p.Connect(addr, timeout)
				if errs[i] != nil {
					failed.Do(func() { close(stop) })
				}
			}(i)
			continue
		}
		break
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			CloseAll(conns)
			return nil, fmt.Errorf("connection %d of %d: %w", i+1, n, err)
		}
	}
	return conns, nil
}

// CloseAll closes every connection that was opened; nil ones are skipped.
func CloseAll(conns []Conn) {
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
}
