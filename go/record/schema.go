// Package record writes the run record, run.json, in the schema the Java client writes (run-record's
// org.rpcbench.record, schema 2): the same fields in the same order, an unknown figure null (never 0),
// the same steady-state rule, warm-up check and settings hash, so that analysis.jar reads, verifies,
// compares and stores a Go run like any other.
package record

import (
	"encoding/json"
	"math"
)

// Schema is the run record's schema version.
const Schema = 2

// ClosedLoop is the loop every Go run drives.
const ClosedLoop = "closed-loop"

// Num is a figure that may be unknown: NaN, written as null.
type Num float64

// NaN is an unknown figure.
var NaN = Num(math.NaN())

func (n Num) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}

func (n *Num) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*n = NaN
		return nil
	}
	var f float64
	err := json.Unmarshal(b, &f)
	*n = Num(f)
	return err
}

// RunRecord is run.json.
type RunRecord struct {
	Schema       int               `json:"schema"`
	DataModel    string            `json:"dataModel"`
	Module       string            `json:"module"`
	Binding      string            `json:"binding"`
	Target       string            `json:"target"`
	Loop         string            `json:"loop"`
	JmhResult    string            `json:"jmhResult,omitempty"`
	Passed       bool              `json:"passed"`
	Interrupted  string            `json:"interrupted,omitempty"`
	Framework    map[string]string `json:"framework"`
	Jmh          *LoadSettings     `json:"jmh,omitempty"`
	Environment  Environment       `json:"environment"`
	SettingsHash string            `json:"settingsHash"`
	Cases        []CaseRecord      `json:"cases"`
	MissingCases []string          `json:"missingCases"`
	// WireBytesNotMeasured says why no case has its bytes on the wire; empty when they were measured.
	WireBytesNotMeasured string `json:"wireBytesNotMeasured,omitempty"`
}

// LoadSettings is the closed loop's settings (Java writes only the fields that are set).
type LoadSettings struct {
	Harness               string   `json:"harness,omitempty"`
	JmhVersion            string   `json:"jmhVersion,omitempty"`
	Mode                  string   `json:"mode,omitempty"`
	Threads               int      `json:"threads"`
	Forks                 int      `json:"forks"`
	WarmupIterations      *int     `json:"warmupIterations,omitempty"`
	WarmupTime            string   `json:"warmupTime,omitempty"`
	MeasurementIterations *int     `json:"measurementIterations,omitempty"`
	MeasurementTime       string   `json:"measurementTime,omitempty"`
	Jvm                   string   `json:"jvm,omitempty"`
	JvmArgs               []string `json:"jvmArgs,omitempty"`
	CallTimeoutMillis     *int     `json:"callTimeoutMillis,omitempty"`
	Requests              *int64   `json:"requests,omitempty"`
	// Connections the callers had: one per caller, or 1 shared (not digested: framework.connections says it)
	Connections *int `json:"connections,omitempty"`
}

// Environment is the machine and runtime a run used; Jdk is null for a Go client.
type Environment struct {
	Runtime       string  `json:"runtime,omitempty"`
	Jdk           *string `json:"jdk"`
	Jvm           string  `json:"jvm"`
	Os            string  `json:"os"`
	CPUModel      string  `json:"cpuModel"`
	Cores         int     `json:"cores"`
	Hostname      string  `json:"hostname"`
	GitCommit     string  `json:"gitCommit"`
	CPUPinning    string  `json:"cpuPinning"`
	ServerCommand string  `json:"serverCommand"`
	Date          string  `json:"date"`
	// ServerMeter says where the server's figures came from (run-record's ServerMeter); nil in older records.
	ServerMeter *ServerMeter `json:"serverMeter,omitempty"`
}

// ServerMeter is where a run's server-side figures came from: "proc" (a pid on the client's host, named in
// Address as "pid N"), "endpoint" (the server's meter endpoint, Address HOST:PORT) or "none"; and the server's
// node, CPU model and cores as that source names them.
type ServerMeter struct {
	Source   string `json:"source"`
	Address  string `json:"address,omitempty"`
	Node     string `json:"node,omitempty"`
	CPUModel string `json:"cpuModel,omitempty"`
	Cores    int    `json:"cores,omitempty"`
	Runtime  string `json:"runtime,omitempty"`
}

// CaseRecord is one case of a run.
type CaseRecord struct {
	Name              string            `json:"name"`
	OpsPerSecond      Num               `json:"opsPerSecond"`
	OpsError          Num               `json:"opsError"`
	IterationScores   [][]Num           `json:"iterationScores"`
	AnsweredPerSecond Num               `json:"answeredPerSecond"`
	LatencyMs         Latency           `json:"latencyMs"`
	FailedLatencyMs   *Latency          `json:"failedLatencyMs"`
	Calls             int64             `json:"calls"`
	Errors            int64             `json:"errors"`
	WarmupCalls       int64             `json:"warmupCalls"`
	WarmupErrors      int64             `json:"warmupErrors"`
	Problems          []string          `json:"problems"`
	StillClimbing     bool              `json:"stillClimbing"`
	WireBytes         *WireSize         `json:"wireBytes"`
	CPUAndGc          CPUAndGc          `json:"cpuAndGc"`
	PerCall           PerCall           `json:"perCall"`
	Iterations        []IterationRecord `json:"iterations"`
	Steady            Steady            `json:"steady"`
	// ConnectSeconds is how long opening the case's connections took, before its warm-up
	ConnectSeconds *Num `json:"connectSeconds,omitempty"`
	// ServerMeterLost is where and why the server's meter, though given, was not read in a measured window:
	// the case fails, its figures kept; "" when it was read throughout, or none was given
	ServerMeterLost string `json:"serverMeterLost,omitempty"`
}

// Failed: any error, in warm-up too, no call answered, or the server's meter lost.
func (c CaseRecord) Failed() bool {
	return c.Errors+c.WarmupErrors > 0 || c.Calls == 0 || c.ServerMeterLost != ""
}

// Latency is milliseconds read from one merged histogram of nanosecond call times.
type Latency struct {
	Min     Num   `json:"min"`
	P50     Num   `json:"p50"`
	P90     Num   `json:"p90"`
	P99     Num   `json:"p99"`
	P999    Num   `json:"p99.9"`
	P9999   Num   `json:"p99.99"`
	Max     Num   `json:"max"`
	Mean    Num   `json:"mean"`
	Samples int64 `json:"samples"`
}

// NoLatency has no samples: every figure unknown.
var NoLatency = Latency{NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, 0}

// WireSize is the bytes one call puts on the wire each way.
type WireSize struct {
	Request  Num `json:"request"`
	Response Num `json:"response"`
}

// CPUAndGc is what each side used; a side not measured is null.
type CPUAndGc struct {
	Client *ProcessUse `json:"client"`
	Server *ProcessUse `json:"server"`
}

// ProcessUse is one process over the measured windows of a case.
type ProcessUse struct {
	CPUPercentOfCore Num    `json:"cpuPercentOfCore"`
	GcCount          *int64 `json:"gcCount"`
	FullGcCount      *int64 `json:"fullGcCount"`
	GcPauseMs        Num    `json:"gcPauseMs"`
	Seconds          Num    `json:"seconds"`
}

// PerCall is what one call answered right cost each side: the whole process's CPU (in 10 ms ticks), its
// allocation, and its threads' CPU by what they do (to the nanosecond; see ThreadCPU).
type PerCall struct {
	ServerCPUMicros        Num `json:"serverCpuMicros"`
	ClientCPUMicros        Num `json:"clientCpuMicros"`
	ServerAllocBytes       Num `json:"serverAllocBytes"`
	ClientAllocBytes       Num `json:"clientAllocBytes"`
	ServerServiceCPUMicros Num `json:"serverServiceCpuMicros"`
	ServerJitCPUMicros     Num `json:"serverJitCpuMicros"`
	ServerGcCPUMicros      Num `json:"serverGcCpuMicros"`
	ServerOtherCPUMicros   Num `json:"serverOtherCpuMicros"`
	ClientServiceCPUMicros Num `json:"clientServiceCpuMicros"`
	ClientJitCPUMicros     Num `json:"clientJitCpuMicros"`
	ClientGcCPUMicros      Num `json:"clientGcCpuMicros"`
	ClientOtherCPUMicros   Num `json:"clientOtherCpuMicros"`
}

// NoPerCall is nothing known.
var NoPerCall = PerCall{NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN}

// ThreadCPU is the CPU a process's threads spent in a window, in nanoseconds, by what they do
// (run-record's ThreadCpu): the service, the JIT compilers, the garbage collector, and the runtime's own
// housekeeping with rpc-bench's meter threads. A Go process's threads all carry its binary's name and
// its collector runs on them: all of a Go process's CPU is its service's. ThreadsEnded counts the
// threads that ended in the window, whose CPU in it is in none of the figures.
type ThreadCPU struct {
	ServiceNanos int64 `json:"serviceNanos"`
	JitNanos     int64 `json:"jitNanos"`
	GcNanos      int64 `json:"gcNanos"`
	OtherNanos   int64 `json:"otherNanos"`
	ThreadsEnded int   `json:"threadsEnded"`
}

func addThreads(a, b *ThreadCPU) *ThreadCPU {
	if a == nil || b == nil {
		return nil
	}
	return &ThreadCPU{ServiceNanos: a.ServiceNanos + b.ServiceNanos, JitNanos: a.JitNanos + b.JitNanos, GcNanos: a.GcNanos + b.GcNanos,
		OtherNanos: a.OtherNanos + b.OtherNanos, ThreadsEnded: a.ThreadsEnded + b.ThreadsEnded}
}

// IterationRecord is one measured iteration.
type IterationRecord struct {
	Fork             int         `json:"fork"`
	Index            int         `json:"index"`
	Seconds          Num         `json:"seconds"`
	Score            Num         `json:"score"`
	Calls            int64       `json:"calls"`
	Errors           int64       `json:"errors"`
	ServerCPUNanos   *int64      `json:"serverCpuNanos"`
	ClientCPUNanos   *int64      `json:"clientCpuNanos"`
	ServerAllocBytes *int64      `json:"serverAllocBytes"`
	ClientAllocBytes *int64      `json:"clientAllocBytes"`
	LatencyMs        Percentiles `json:"latencyMs"`
	ServerThreadCPU  *ThreadCPU  `json:"serverThreadCpu"`
	ClientThreadCPU  *ThreadCPU  `json:"clientThreadCpu"`
}

// Percentiles are an iteration's latency in ms.
type Percentiles struct {
	P50 Num `json:"p50"`
	P90 Num `json:"p90"`
	P99 Num `json:"p99"`
	Max Num `json:"max"`
}

// Steady is a case's figures over its steady iterations.
type Steady struct {
	ExcludedIterations int     `json:"excludedIterations"`
	AnsweredPerSecond  Num     `json:"answeredPerSecond"`
	LatencyMs          Latency `json:"latencyMs"`
	PerCall            PerCall `json:"perCall"`
}

// ProcessDelta is what a process used between two readings; a part not read is nil, and stays nil in
// any sum it enters. CPUNanos is the whole process's, in 10 ms ticks; Threads its threads', to the ns.
type ProcessDelta struct {
	Seconds      float64
	CPUNanos     *int64
	AllocBytes   *int64
	GcCount      *int64
	FullGcCount  *int64
	GcPauseNanos *int64
	Threads      *ThreadCPU
}

func (d *ProcessDelta) plus(o *ProcessDelta) *ProcessDelta {
	return &ProcessDelta{Seconds: d.Seconds + o.Seconds, CPUNanos: add(d.CPUNanos, o.CPUNanos),
		AllocBytes: add(d.AllocBytes, o.AllocBytes), GcCount: add(d.GcCount, o.GcCount),
		FullGcCount: add(d.FullGcCount, o.FullGcCount), GcPauseNanos: add(d.GcPauseNanos, o.GcPauseNanos),
		Threads: addThreads(d.Threads, o.Threads)}
}

func add(a, b *int64) *int64 {
	if a == nil || b == nil {
		return nil
	}
	s := *a + *b
	return &s
}

// sumDeltas is the sum of the deltas, or nil when there are none.
func sumDeltas(deltas []*ProcessDelta) *ProcessDelta {
	var total *ProcessDelta
	for _, d := range deltas {
		if d == nil {
			continue
		}
		if total == nil {
			total = d
		} else {
			total = total.plus(d)
		}
	}
	return total
}

func processUse(deltas []*ProcessDelta) *ProcessUse {
	t := sumDeltas(deltas)
	if t == nil || !(t.Seconds > 0) {
		return nil
	}
	u := &ProcessUse{CPUPercentOfCore: NaN, GcCount: t.GcCount, FullGcCount: t.FullGcCount, GcPauseMs: NaN, Seconds: Num(t.Seconds)}
	if t.CPUNanos != nil {
		u.CPUPercentOfCore = Num(100 * float64(*t.CPUNanos) / (t.Seconds * 1e9))
	}
	if t.GcPauseNanos != nil {
		u.GcPauseMs = Num(float64(*t.GcPauseNanos) / 1e6)
	}
	return u
}

func perCall(calls int64, server, client *ProcessDelta) PerCall {
	if calls <= 0 {
		return NoPerCall
	}
	per := func(total *int64, divisor float64) Num {
		if total == nil {
			return NaN
		}
		return Num(float64(*total) / divisor / float64(calls))
	}
	p := NoPerCall
	if server != nil {
		p.ServerCPUMicros, p.ServerAllocBytes = per(server.CPUNanos, 1e3), per(server.AllocBytes, 1)
		if t := server.Threads; t != nil {
			p.ServerServiceCPUMicros, p.ServerJitCPUMicros = per(&t.ServiceNanos, 1e3), per(&t.JitNanos, 1e3)
			p.ServerGcCPUMicros, p.ServerOtherCPUMicros = per(&t.GcNanos, 1e3), per(&t.OtherNanos, 1e3)
		}
	}
	if client != nil {
		p.ClientCPUMicros, p.ClientAllocBytes = per(client.CPUNanos, 1e3), per(client.AllocBytes, 1)
		if t := client.Threads; t != nil {
			p.ClientServiceCPUMicros, p.ClientJitCPUMicros = per(&t.ServiceNanos, 1e3), per(&t.JitNanos, 1e3)
			p.ClientGcCPUMicros, p.ClientOtherCPUMicros = per(&t.GcNanos, 1e3), per(&t.OtherNanos, 1e3)
		}
	}
	return p
}
