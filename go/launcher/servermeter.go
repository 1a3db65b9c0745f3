package launcher

import (
	"net"
	"strconv"
	"strings"
	"time"

	"rpcbench/go/cli"
)

// meterAddress is --server-meter's HOST:PORT, an IPv6 host in brackets ([::1]:7070), as given; an error naming
// what is wrong (MeterAddress's).
func meterAddress(given string) (string, error) {
	host, port, err := net.SplitHostPort(given)
	if err != nil || strings.TrimSpace(host) == "" {
		return "", cli.Errorf("--server-meter takes HOST:PORT, not '%s'", given)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return "", cli.Errorf("--server-meter takes HOST:PORT with a port from 1 to 65535, not '%s'", given)
	}
	return net.JoinHostPort(host, port), nil
}

// meterCheckTimeout is how long the server's meter endpoint has to connect and answer each request before a run
// (the Java client's ServerMeterCheck): a run whose server figures could never be read is not the run asked for.
const meterCheckTimeout = 5 * time.Second
