// Package launcher is the command line of the Go pairs' two halves (server-base's ServerMain and
// client-base's launcher): options, the readiness line, signals, the client's preflight, wire sizes,
// closed loop, record and summary, and the exit codes the harness relies on.
package launcher

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"rpcbench/go/cli"
	"rpcbench/go/meter"
	"rpcbench/go/pairs"
	"rpcbench/go/service"
)

// Ready starts the line scripts wait for; it carries the address actually bound.
const Ready = "rpc-bench server ready:"

// MeterLine says, before the ready line, where the server answers its meters (--meter-port).
const MeterLine = "rpc-bench server meter on"

var serverOptions = []cli.Option{
	{Name: "pair", ValueName: "PAIR", Help: "the pair to serve: " + pairs.Names()},
	{Name: "host", ValueName: "HOST", Default: "127.0.0.1", Help: "address to listen on; give a non-loopback address only to serve other hosts"},
	{Name: "port", ValueName: "PORT", Help: "port to listen on; 0 picks a free one (default: the pair's own port)"},
	{Name: "meter-port", ValueName: "PORT", Default: "0", Help: "also answer this server's own CPU, allocation, GC and threads on this port of the same host, for a client on another host (its --server-meter HOST:PORT); 0: no meter endpoint"},
	{Name: "switch", ValueName: "NAME=VALUE", Repeatable: true,
		Help: "a framework switch (Java: -Drpcbench.switch.NAME=VALUE); the Go pairs have " + service.SpinSwitch +
			"=N or per method getUser:N,listUser:M, a CPU cost in ns spun in every call, calibration only"},
}

// Serve runs a server until SIGTERM or SIGINT: 0 when stopped so, 1 when it could not start, 2 for bad options.
func Serve(args []string, stdout, stderr io.Writer) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "rpc-bench server: "+format+"\n", a...)
		return code
	}
	v, err := cli.Parse(args, serverOptions, false)
	if err != nil {
		return fail(2, "%v (see --help)", err)
	}
	if v.Help {
		fmt.Fprint(stdout, cli.Usage("rpcbench-go server", "Serves the rpc-bench UserService with a Go pair.", serverOptions, ""))
		return 0
	}
	pair := pairs.Named(v.Get("pair", ""))
	if pair == nil {
		return fail(2, "--pair takes one of %s, not '%s' (see --help)", pairs.Names(), v.Get("pair", ""))
	}
	port, err := v.Int("port", pair.DefaultPort(), 0, 65535)
	if err != nil {
		return fail(2, "%v (see --help)", err)
	}
	meterPort, err := v.Int("meter-port", 0, 0, 65535)
	if err != nil {
		return fail(2, "%v (see --help)", err)
	}
	if meterPort > 0 && meterPort == port {
		return fail(2, "--meter-port %d is the server's own port: give another", meterPort)
	}
	costs, err := switches(pair.Name(), v.All("switch"))
	if err != nil {
		return fail(2, "%v", err)
	}
	host := v.Get("host", "127.0.0.1")
	where := net.JoinHostPort(host, strconv.Itoa(port))
	// signals are ours from here, so that a stop during start-up still says it stopped
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT)
	ln, err := net.Listen("tcp", where)
	if err != nil {
		var dns *net.DNSError
		switch {
		case errors.As(err, &dns):
			return fail(1, "unknown host '%s'", host)
		case errors.Is(err, syscall.EADDRINUSE):
			return fail(1, "cannot listen on %s: the port is already in use", where)
		default:
			return fail(1, "cannot listen on %s: %v", where, err)
		}
	}
	where = net.JoinHostPort(host, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	var endpoint *meter.Endpoint
	if meterPort > 0 {
		meterWhere := net.JoinHostPort(host, strconv.Itoa(meterPort))
		mln, err := net.Listen("tcp", meterWhere)
		if err != nil {
			ln.Close()
			if errors.Is(err, syscall.EADDRINUSE) {
				return fail(1, "cannot answer the meter on %s: the port is already in use", meterWhere)
			}
			return fail(1, "cannot answer the meter on %s: %v", meterWhere, err)
		}
		endpoint = meter.ServeEndpoint(mln, meter.Self(), meter.Here())
	}
	server, err := pair.Serve(ln, service.New(costs))
	if err != nil {
		ln.Close()
		if endpoint != nil {
			endpoint.Close()
		}
		return fail(1, "%s could not start on %s: %v", pair.Name(), where, err)
	}
	publisher, perr := meter.Publish()
	settings := pair.Settings()
	if s := costs.Setting(); s != "" {
		settings = append(settings, settingOf(service.CalibrationSetting, s))
	}
	settings = append(settings, settingOf("allocationPublished", strconv.FormatBool(perr == nil)))
	fmt.Fprintf(stdout, "rpc-bench server settings: %s\n", settings)
	if endpoint != nil {
		fmt.Fprintf(stdout, "%s %s\n", MeterLine, endpoint.Addr())
	}
	fmt.Fprintf(stdout, "%s %s on %s (pid %d)\n", Ready, pair.Name(), where, os.Getpid())
	<-signals
	stopped := "rpc-bench server stopped: " + pair.Name()
	if err := server.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
		stopped += " (while stopping: " + err.Error() + ")"
	}
	if publisher != nil {
		publisher.Close()
	}
	if endpoint != nil {
		endpoint.Close()
	}
	fmt.Fprintln(stdout, stopped)
	return 0
}
