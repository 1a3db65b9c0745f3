package wire

import (
	"fmt"
	"time"

	"rpcbench/go/binding"
	"rpcbench/go/cases"
	"rpcbench/go/checks"
	"rpcbench/go/record"
)

const (
	// settlingCalls pay for the connection's set-up before counting starts.
	settlingCalls = 5
	// requestsPerCaller is how many distinct requests a caller cycles through (UserServiceBenchmark).
	requestsPerCaller = 16
	// countedCalls makes each distinct request twice, so that the mean weighs them alike.
	countedCalls = 2 * requestsPerCaller
)

// Measure is the bytes per call of each case through pair's client, measured through a relay in front
// of the server at addr; a case whose calls did not cross the relay is nil.
func Measure(pair binding.Pair, addr string, timeout time.Duration, selected []cases.Case) (map[cases.Case]*record.WireSize, error) {
	relay, err := NewRelay(addr)
	if err != nil {
		return nil, err
	}
	defer relay.Close()
	conn, err := pair.Connect(relay.Addr(), timeout)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	clock := checks.Opened()
	sizes := map[cases.Case]*record.WireSize{}
	for _, c := range selected {
		exchanges := make([]*binding.Exchange, requestsPerCaller)
		for i := range exchanges {
			exchanges[i] = binding.Prepare(conn, c, i, timeout, clock)
		}
		for i := 0; i < settlingCalls; i++ {
			if err := call(exchanges[i%len(exchanges)]); err != nil {
				return nil, err
			}
		}
		up0, down0 := relay.Counts()
		for i := 0; i < countedCalls; i++ {
			if err := call(exchanges[i%len(exchanges)]); err != nil {
				return nil, err
			}
		}
		up1, down1 := relay.Counts()
		if up1 == up0 || down1 == down0 {
			sizes[c] = nil
			continue
		}
		sizes[c] = &record.WireSize{Request: record.Num(float64(up1-up0) / countedCalls),
			Response: record.Num(float64(down1-down0) / countedCalls)}
	}
	return sizes, nil
}

func call(e *binding.Exchange) error {
	answer, err := e.Call()
	if err != nil {
		return err
	}
	if p := e.Check(answer); p != "" {
		return fmt.Errorf("wrong answer while measuring sizes: %s", p)
	}
	return nil
}
