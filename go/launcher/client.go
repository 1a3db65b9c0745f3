package launcher

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"rpcbench/go/binding"
	"rpcbench/go/cases"
	"rpcbench/go/checks"
	"rpcbench/go/cli"
	"rpcbench/go/meter"
	"rpcbench/go/pairs"
	"rpcbench/go/record"
	"rpcbench/go/rig"
	"rpcbench/go/service"
	"rpcbench/go/wire"
)

// The two ways callers reach the server (--connections).
const (
	sharedConnection     = "shared"
	perCallerConnections = "per-caller"
)

const (
	// preflightDeadline bounds the checked call of each case made before anything else.
	preflightDeadline = 10 * time.Second
	// wireSizesDeadline bounds the bytes-on-the-wire measurement.
	wireSizesDeadline = 20 * time.Second
	// requestsPerCaller is how many distinct prepared requests each caller cycles through.
	requestsPerCaller = 16
	// dataModel is the contract's data model (benchmark-base's DataModel.ID): the same as the Java pairs'.
	dataModel = "seed-java-time"
	harness   = "rpcbench-go closed loop (goroutines)"
)

var clientOptions = []cli.Option{
	{Name: "pair", ValueName: "PAIR", Help: "the pair whose client runs: " + pairs.Names()},
	{Name: "host", ValueName: "HOST", Default: "127.0.0.1", Help: "address of the server"},
	{Name: "port", ValueName: "PORT", Help: "port of the server (default: the pair's own port)"},
	{Name: "result", ValueName: "FILE", Help: "the JMH-shaped JSON result file; run.json is written beside it (default: results/<pair>-<time>/jmh.json)"},
	{Name: "timeout-ms", ValueName: "MILLIS", Default: "5000", Help: "limit for connecting and for each call; a call over it counts as an error"},
	{Name: "concurrency", ValueName: "N", Default: strconv.Itoa(defaultCallers), Help: "calls in flight at once: callers (goroutines), each waiting for its answer before its next call; the same as JMH's -t"},
	{Name: "connections", ValueName: "MODE", Default: sharedConnection, Help: sharedConnection + ": every caller on one connection; " +
		perCallerConnections + ": each caller dials its own client, one connection each, as seed 002's clients did (opened " +
		strconv.Itoa(binding.DialsAtOnce) + " at a time before each case's warm-up; the open-file limits of this process and of a --server-pid are checked first)"},
	{Name: "calls", ValueName: "N", Help: "seed 002's mode: after the warm-up, one window of N calls in all (each caller its share) instead of the measured iterations; throughput = calls / elapsed"},
	{Name: "server-pid", ValueName: "PID", Help: "the server's process, when it runs on this machine: its CPU, allocation and GC are measured beside the client's"},
	{Name: "server-meter", ValueName: "HOST:PORT", Help: "the server's meter endpoint (its --meter-port), when it runs on another host: its CPU, allocation and GC are read there at each window's edges; instead of --server-pid"},
	{Name: "steady-warmup", ValueName: "S", Help: "the Java client's warm-up until the JIT compilers are quiet; accepted so that one command line serves both, and ignored: Go compiles ahead of time, and the warm-up iterations warm the rest"},
	{Name: "no-wire-bytes", Flag: true, Help: "skip the measurement of each case's bytes on the wire before the run (they are no verdict's metric: ab's and calibrate's runs skip them); run.json says so in wireBytesNotMeasured"},
	{Name: "switch", ValueName: "NAME=VALUE", Repeatable: true, Help: "a framework switch, recorded with the run (the server needs the same): " + service.SpinSwitch + " only"},
}

const clientRest = `Every other argument is a JMH option: -wi N, -w TIME, -i N, -r TIME, -f 1, -t N (the callers), -e PATTERN,
-bm thrpt, -tu s; a case name or JMH pattern selects cases (matched in org.rpcbench.rig.UserServiceBenchmark.CASE).
Defaults unless given: -t 32 -f 1 -wi 5 -w 10 s -i 5 -r 10 s, the UserService cases (existUser, createUser,
getUser, listUser); ping and say by name. The Java pairs' other cases (the echoes) are not carried by the Go
pairs. Exit codes: 0 every case ran with no error; 1 a call failed or was answered wrongly, a case has no
result, or the server's meter was lost; 2 bad options; 3 the server (or its --server-meter) could not be
reached at all; 130 or 143 stopped by SIGINT or SIGTERM.`

// clientRun is a client run's settings, parsed and checked once.
type clientRun struct {
	pair   binding.Pair
	host   string
	port   int
	target string
	result string
	// newResult: no --result was given; the result goes in a new directory, made when the run starts
	newResult bool
	timeout   time.Duration
	callers   int
	perCaller bool
	calls     int64
	serverPid int
	// serverMeter is the server's meter endpoint (HOST:PORT), "" when none; meter its connection, once checked
	serverMeter string
	meter       *meter.Client
	// wireBytes: measure each case's bytes on the wire before the run; wireNotMeasured says why they were not
	wireBytes       bool
	wireNotMeasured string
	jmh             jmhOptions
	costs           service.Costs
	selected        []cases.Case
	stdout          io.Writer
	stderr          io.Writer
}

// Client runs the load client and returns its exit code.
func Client(args []string, stdout, stderr io.Writer) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "rpc-bench client: "+format+"\n", a...)
		return code
	}
	// until the run's own handling takes over, a signal ends the client as it would end a JVM
	early := make(chan os.Signal, 1)
	signal.Notify(early, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := <-early
		os.Exit(signalCode(s))
	}()
	v, err := cli.Parse(args, clientOptions, true)
	if err != nil {
		return fail(2, "%v (see --help)", err)
	}
	if v.Help {
		fmt.Fprint(stdout, cli.Usage("rpcbench-go client", "Benchmarks a server with the UserService cases through a Go pair's client.",
			clientOptions, clientRest))
		return 0
	}
	run, err := parseClient(v)
	if err != nil {
		return fail(2, "%v (see --help)", err)
	}
	run.stdout, run.stderr = stdout, stderr
	if run.serverMeter != "" {
		m, err := meter.Dial(run.serverMeter, meterCheckTimeout, stderr)
		if err != nil {
			return fail(3, "cannot read the server's meter at %s: %s", run.serverMeter, oneLine(err.Error()))
		}
		run.meter = m
		defer m.Close()
	}
	if problem := run.serverFiles(); problem != "" {
		return fail(3, "cannot benchmark %s at %s: %s", run.pair.Name(), run.target, problem)
	}
	if problem := run.preflight(); problem != "" {
		return fail(3, "cannot benchmark %s at %s: %s", run.pair.Name(), run.target, problem)
	}
	if run.newResult {
		dir, err := newResultDir(filepath.Dir(filepath.Dir(run.result)), filepath.Base(filepath.Dir(run.result)))
		if err != nil {
			return fail(2, "cannot write results in %s: %v", filepath.Dir(filepath.Dir(run.result)), err)
		}
		run.result = filepath.Join(dir, filepath.Base(run.result))
	} else if err := os.MkdirAll(filepath.Dir(run.result), 0o755); err != nil {
		return fail(1, "cannot write results under %s: %v", filepath.Dir(run.result), err)
	}
	sizes := run.wireSizes()
	return run.measure(sizes, func() { signal.Stop(early) })
}

func parseClient(v *cli.Values) (*clientRun, error) {
	pair := pairs.Named(v.Get("pair", ""))
	if pair == nil {
		return nil, cli.Errorf("--pair takes one of %s, not '%s'", pairs.Names(), v.Get("pair", ""))
	}
	r := &clientRun{pair: pair, host: v.Get("host", "127.0.0.1")}
	var err error
	if r.port, err = v.Int("port", pair.DefaultPort(), 0, 65535); err != nil {
		return nil, err
	}
	r.target = net.JoinHostPort(r.host, strconv.Itoa(r.port))
	timeout, err := v.Int("timeout-ms", 5000, 100, 600_000)
	if err != nil {
		return nil, err
	}
	r.timeout = time.Duration(timeout) * time.Millisecond
	if r.callers, err = v.Int("concurrency", defaultCallers, 1, 100_000); err != nil {
		return nil, err
	}
	switch mode := v.Get("connections", sharedConnection); mode {
	case sharedConnection:
	case perCallerConnections:
		r.perCaller = true
	default:
		return nil, cli.Errorf("--connections takes %s or %s, not '%s'", sharedConnection, perCallerConnections, mode)
	}
	calls, err := v.Int("calls", 0, 1, 1_000_000_000)
	if err != nil {
		return nil, err
	}
	r.calls = int64(calls)
	if r.serverPid, err = v.Int("server-pid", -1, 1, 1<<31-1); err != nil {
		return nil, err
	}
	if v.Has("server-meter") {
		if v.Has("server-pid") {
			return nil, cli.Errorf("--server-pid and --server-meter both say where the server's meters are read: give one")
		}
		if r.serverMeter, err = meterAddress(v.Get("server-meter", "")); err != nil {
			return nil, err
		}
	}
	if _, err = v.Int("steady-warmup", 0, 0, 3600); err != nil {
		return nil, err
	}
	r.wireBytes = !v.Has("no-wire-bytes")
	if r.jmh, err = parseJmh(v.Rest); err != nil {
		return nil, err
	}
	if r.jmh.threads > 0 {
		if v.Has("concurrency") {
			return nil, cli.Errorf("--concurrency and JMH's -t both set the number of callers: give one")
		}
		r.callers = r.jmh.threads
	}
	if r.costs, err = switches(pair.Name(), v.All("switch")); err != nil {
		return nil, err
	}
	if r.selected, err = cases.Select(r.jmh.includes, r.jmh.excludes); err != nil {
		return nil, cli.Errorf("%v", err)
	}
	if len(r.selected) == 0 {
		return nil, cli.Errorf("the benchmark patterns %v select no case the Go pairs carry; cases are %s (the others are the Java pairs' only)",
			r.jmh.includes, cases.Names())
	}
	if r.perCaller {
		own, err := ownFiles()
		if err != nil {
			return nil, cli.Errorf("--connections %s: cannot read this process's open-file limit: %v", perCallerConnections, err)
		}
		if problem := own.shortOf(r.callers, "this client"); problem != "" {
			return nil, cli.Errorf("%s", problem)
		}
	}
	r.newResult = v.Get("result", "") == ""
	r.result = v.Get("result", filepath.Join("results", pair.Name()+"-"+time.Now().Format("20060102-150405"), "jmh.json"))
	if r.result, err = filepath.Abs(r.result); err != nil {
		return nil, err
	}
	return r, nil
}

// preflight makes one checked call of each case on a connection of its own, within a deadline, so that
// a server that is down, deaf or speaking another protocol is said in one line: "" when all is well.
func (r *clientRun) preflight() string {
	done := make(chan string, 1)
	go func() {
		// a cold server's first answer may be slow; the calls here may take the whole deadline
		patient := max(r.timeout, preflightDeadline)
		probe, err := net.DialTimeout("tcp", r.target, patient)
		if err != nil {
			done <- dialProblem(err)
			return
		}
		probe.Close()
		conn, err := r.pair.Connect(r.target, patient)
		if err != nil {
			done <- oneLine(err.Error())
			return
		}
		defer conn.Close()
		clock := checks.Opened()
		for _, c := range r.selected {
			e := binding.Prepare(conn, c, 0, patient, clock)
			answer, err := e.Call()
			if err != nil {
				done <- string(c) + " failed: " + oneLine(err.Error())
				return
			}
			if p := e.Check(answer); p != "" {
				done <- string(c) + " gave a wrong answer: " + p
				return
			}
		}
		done <- ""
	}()
	select {
	case problem := <-done:
		return problem
	case <-time.After(preflightDeadline):
		return fmt.Sprintf("no answer within %d s", int(preflightDeadline.Seconds()))
	}
}

func dialProblem(err error) string {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return "connection refused"
	}
	return oneLine(err.Error())
}

// wireSizes measures the bytes on the wire through a relay; a failure is said in one line and leaves
// the sizes unknown, never the run failed.
func (r *clientRun) wireSizes() map[cases.Case]*record.WireSize {
	if !r.wireBytes {
		r.wireNotMeasured = "skipped (--no-wire-bytes)"
		return nil
	}
	type outcome struct {
		sizes map[cases.Case]*record.WireSize
		err   error
	}
	done := make(chan outcome, 1)
	go func() {
		s, err := wire.Measure(r.pair, r.target, r.timeout, r.selected)
		done <- outcome{s, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			fmt.Fprintf(r.stderr, "rpc-bench client: note: bytes on the wire not measured: %s\n", oneLine(o.err.Error()))
			r.wireNotMeasured = "not measured: " + oneLine(o.err.Error())
			return nil
		}
		return o.sizes
	case <-time.After(wireSizesDeadline):
		fmt.Fprintf(r.stderr, "rpc-bench client: note: bytes on the wire not measured: no answer within %d s\n",
			int(wireSizesDeadline.Seconds()))
		r.wireNotMeasured = fmt.Sprintf("not measured: no answer within %d s", int(wireSizesDeadline.Seconds()))
		return nil
	}
}

// measure runs every selected case, then records and summarises the run.
// handOver ends the start-up's signal handling once the run's own is in place.
func (r *clientRun) measure(sizes map[cases.Case]*record.WireSize, handOver func()) int {
	started := time.Now()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stoppedBy atomic.Value
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	handOver()
	go func() {
		s := <-signals
		stoppedBy.Store(s)
		cancel()
	}()
	client := meter.Self()
	var server meter.Meter
	if r.meter != nil {
		server = r.meter
	} else if r.serverPid > 0 {
		server = meter.Of(r.serverPid)
	}
	var done []record.CaseRecord
	var missing []string
	interrupted := ""
	for i, c := range r.selected {
		if ctx.Err() != nil {
			missing = append(missing, casesFrom(r.selected[i:])...)
			break
		}
		tally, err := r.runCase(ctx, c, rig.Meters{Client: client, Server: server})
		if errors.Is(err, rig.ErrInterrupted) || ctx.Err() != nil {
			fmt.Fprintf(r.stderr, "rpc-bench client: stopped before the run finished (during %s); recording the cases that finished\n", c)
			interrupted = "stopped by a signal before every case ran; the cases missing did not finish"
			missing = append(missing, casesFrom(r.selected[i:])...)
			break
		}
		if tally == nil {
			fmt.Fprintf(r.stderr, "rpc-bench client: %s has no result: %v\n", c, err)
			missing = append(missing, string(c))
			continue
		}
		if err != nil {
			fmt.Fprintf(r.stderr, "rpc-bench client: %s: %v\n", c, err)
			tally.WarmupErrors++ // a caller that never handed in: the case cannot pass
		}
		done = append(done, record.Assemble(*tally, sizes[c]))
	}
	rec := r.record(done, missing, interrupted, started)
	code := r.conclude(rec)
	if s, ok := stoppedBy.Load().(os.Signal); ok {
		return signalCode(s)
	}
	return code
}

func casesFrom(cs []cases.Case) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = string(c)
	}
	return names
}

// serverFiles is "" unless the server, on this machine, cannot hold a connection per caller.
func (r *clientRun) serverFiles() string {
	if !r.perCaller || r.serverPid <= 0 {
		return ""
	}
	files, err := filesOf(r.serverPid)
	if err != nil {
		return "" // another user's process: its limit cannot be read, and a refusal will show as failed calls
	}
	return files.shortOf(r.callers, fmt.Sprintf("the server (pid %d)", r.serverPid))
}

// connections is how many the callers have: one each, or one in all.
func (r *clientRun) connections() int {
	if r.perCaller {
		return r.callers
	}
	return 1
}

// runCase connects, prepares every caller's requests and drives the case; a nil tally means no result.
func (r *clientRun) runCase(ctx context.Context, c cases.Case, meters rig.Meters) (*record.CaseTally, error) {
	on := "on one connection"
	if r.perCaller {
		on = "each on its own connection"
	}
	fmt.Fprintf(r.stdout, "# Benchmark: %s%s (%s, %d callers %s)\n", cases.BenchmarkPrefix, c, r.pair.Name(), r.callers, on)
	opening := time.Now()
	conns, err := binding.ConnectEach(r.pair, r.target, r.timeout, r.connections())
	if err != nil {
		return nil, errors.New(oneLine(err.Error()))
	}
	connectSeconds := time.Since(opening).Seconds()
	defer binding.CloseAll(conns)
	clock := checks.Opened()
	exchanges := make([][]rig.Exchange, r.callers)
	for i := range exchanges {
		exchanges[i] = make([]rig.Exchange, requestsPerCaller)
		for j := range exchanges[i] {
			exchanges[i][j] = binding.Prepare(conns[i%len(conns)], c, i*requestsPerCaller+j, r.timeout, clock)
		}
	}
	plan := rig.Plan{Callers: r.callers, WarmupIterations: r.jmh.warmupIterations, WarmupTime: r.jmh.warmupTime.d,
		Iterations: r.jmh.iterations, IterationTime: r.jmh.iterationTime.d, Calls: r.calls, HandInWait: r.timeout + 5*time.Second}
	measured := 0
	tally, err := rig.Run(ctx, plan, rig.NewSystemClock(), meters, exchanges, func(p rig.Progress) {
		if p.Warmup {
			fmt.Fprintf(r.stdout, "# Warmup Iteration %3d: %.3f ops/s\n", p.Index+1, p.Score)
		} else {
			measured++
			fmt.Fprintf(r.stdout, "Iteration %3d: %.3f ops/s\n", measured, p.Score)
		}
	})
	if errors.Is(err, rig.ErrInterrupted) {
		return nil, err
	}
	tally.Name = string(c)
	tally.ConnectSeconds = connectSeconds
	return &tally, err
}

func (r *clientRun) record(done []record.CaseRecord, missing []string, interrupted string, started time.Time) record.RunRecord {
	framework := r.pair.Settings().Map()
	if s := r.costs.Setting(); s != "" {
		framework[service.CalibrationSetting] = r.costs.Value
	}
	connections := r.connections()
	framework["connections"] = "1, shared by every caller"
	if r.perCaller {
		framework["connections"] = strconv.Itoa(connections) + ", one per caller: each caller dials its own, as seed 002's clients did"
	}
	warmup, timeoutMs := r.jmh.warmupIterations, int(r.timeout/time.Millisecond)
	iterations, measurementTime := r.jmh.iterations, r.jmh.iterationTime.text
	var requests *int64
	if r.calls > 0 {
		iterations, measurementTime = 1, "until "+strconv.FormatInt(r.calls, 10)+" calls"
		requests = &r.calls
	}
	exe, err := os.Executable()
	if err != nil {
		exe = "rpcbench-go"
	}
	rec := record.RunRecord{DataModel: dataModel, Module: r.pair.Name() + "-client", Binding: r.pair.Name(), Target: r.target,
		Loop: record.ClosedLoop, JmhResult: filepath.Base(r.result), Interrupted: interrupted, Framework: framework,
		Jmh: &record.LoadSettings{Harness: harness, Mode: "thrpt", Threads: r.callers, Forks: r.jmh.forks, WarmupIterations: &warmup,
			WarmupTime: r.jmh.warmupTime.text, MeasurementIterations: &iterations, MeasurementTime: measurementTime,
			Jvm: exe, JvmArgs: runtimeSettings(), CallTimeoutMillis: &timeoutMs, Requests: requests, Connections: &connections},
		Environment: environment(started, r.serverMeterRecord()), Cases: done, MissingCases: missing, WireBytesNotMeasured: r.wireNotMeasured}
	return record.Finish(rec)
}

// conclude writes the record and the JMH-shaped result, prints the summary, and says FAILED unless the
// run passed: the exit code.
func (r *clientRun) conclude(rec record.RunRecord) int {
	runFile := record.BesideResult(r.result)
	if err := record.Write(rec, runFile); err != nil {
		fmt.Fprintf(r.stderr, "rpc-bench client: cannot record the run in %s: %v\n", runFile, err)
		return 1
	}
	if err := writeJmhResult(r.result, rec); err != nil {
		fmt.Fprintf(r.stderr, "rpc-bench client: cannot write %s: %v\n", r.result, err)
	}
	measured := rec.Jmh.MeasurementTime
	title := fmt.Sprintf("%s, %d callers on %d connection(s), %d fork(s), %d x %s measured", record.Title(rec), rec.Jmh.Threads,
		*rec.Jmh.Connections, rec.Jmh.Forks, *rec.Jmh.MeasurementIterations, measured)
	fmt.Fprintln(r.stdout)
	fmt.Fprint(r.stdout, record.Summary(title, rec))
	fmt.Fprintf(r.stdout, "results: %s (JMH-shaped), %s (run record)\n", r.result, runFile)
	if rec.Passed {
		return 0
	}
	var errs int64
	for _, c := range rec.Cases {
		errs += c.Errors + c.WarmupErrors
	}
	msg := fmt.Sprintf("rpc-bench client: run FAILED: %d failed or wrong calls", errs)
	if len(rec.MissingCases) > 0 {
		msg += ", no result for " + strings.Join(rec.MissingCases, ", ")
	}
	var meterLost []string
	for _, c := range rec.Cases {
		if c.ServerMeterLost != "" {
			meterLost = append(meterLost, c.Name)
		}
	}
	if len(meterLost) > 0 {
		msg += ", the server's meter lost in " + strings.Join(meterLost, ", ")
	}
	fmt.Fprintln(r.stderr, msg)
	return 1
}

func signalCode(s os.Signal) int {
	if s == syscall.SIGTERM {
		return 143
	}
	return 130
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// newResultDir makes a directory that is new, never another run's: parent/base, or base-2, base-3 ... when
// that is taken (another run started in the same second), each made with one create that fails when it exists.
func newResultDir(parent, base string) (string, error) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	for n := 1; ; n++ {
		dir := filepath.Join(parent, base)
		if n > 1 {
			dir = fmt.Sprintf("%s-%d", dir, n)
		}
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
}
