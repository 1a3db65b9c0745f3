package record

import (
	"fmt"
	"math"
	"strings"
)

// Title names the run as the Java summary does: "rpc-bench PAIR (protocol + serialization, framework
// version) against HOST:PORT".
func Title(r RunRecord) string {
	fw := func(k string) string {
		if v, ok := r.Framework[k]; ok {
			return v
		}
		return "?"
	}
	return "rpc-bench " + r.Binding + " (" + fw("protocol") + " + " + fw("serialization") + ", " + fw("framework") + " " +
		r.Framework["frameworkVersion"] + ") against " + r.Target
}

// Summary is the tables the run prints at its end (RunSummary.render): throughput and latency per case,
// then what each case cost.
func Summary(title string, r RunRecord) string {
	var out strings.Builder
	out.WriteString(title + "\n")
	out.WriteString("ops/s: calls answered right per second; latency of the calls answered right, in ms\n")
	header := strings.TrimRight(fmt.Sprintf("%-11s %12s %10s %9s %9s %9s %9s %9s %11s %7s  %s",
		"case", "ops/s", "± error", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "calls", "errors", "note"), " ")
	out.WriteString(header + "\n" + strings.Repeat("-", len([]rune(header))) + "\n")
	for _, c := range r.Cases {
		l := c.LatencyMs
		out.WriteString(strings.TrimRight(fmt.Sprintf("%-11s %12.1f %10s %9.3f %9.3f %9.3f %9.3f %9.3f %11d %7d  %s",
			c.Name, float64(c.AnsweredPerSecond), scoreErr(c.OpsError), float64(l.P50), float64(l.P90), float64(l.P99),
			float64(l.P999), float64(l.Max), c.Calls, c.Errors+c.WarmupErrors, note(c)), " ") + "\n")
	}
	for _, m := range r.MissingCases {
		out.WriteString(fmt.Sprintf("%-11s %s\n", m, "FAILED: no result (the run stopped before it finished)"))
	}
	out.WriteString("\n")
	costHeader := fmt.Sprintf("%-11s %8s %8s %12s %20s %12s %11s %11s %11s %11s %15s %15s", "case", "req B",
		"resp B", "server µs/c", "svc/jit/gc µs/c", "client µs/c", "server B/c", "client B/c", "server CPU%", "client CPU%",
		"server GC n/ms", "client GC n/ms")
	out.WriteString(costHeader + "\n" + strings.Repeat("-", len([]rune(costHeader))) + "\n")
	for _, c := range r.Cases {
		req, resp := "n/a", "n/a"
		if c.WireBytes != nil {
			req, resp = figure(c.WireBytes.Request, "%.0f"), figure(c.WireBytes.Response, "%.0f")
		}
		out.WriteString(fmt.Sprintf("%-11s %8s %8s %12s %20s %12s %11s %11s %11s %11s %15s %15s\n", c.Name, req, resp,
			figure(c.PerCall.ServerCPUMicros, "%.1f"), serverThreads(c.PerCall), figure(c.PerCall.ClientCPUMicros, "%.1f"),
			figure(c.PerCall.ServerAllocBytes, "%.0f"), figure(c.PerCall.ClientAllocBytes, "%.0f"),
			cpu(c.CPUAndGc.Server), cpu(c.CPUAndGc.Client), gc(c.CPUAndGc.Server), gc(c.CPUAndGc.Client)))
	}
	out.WriteString("µs/c and B/c: CPU time and bytes allocated per call answered right, over the same windows as ops/s;\n" +
		"server µs/c: the whole process, in 10 ms ticks; svc/jit/gc: its service's, JIT compilers' and GC's threads, to the ns;\n" +
		"CPU% is of one core (200 = two cores busy); n/a: not measured here (see docs/method.md)\n")
	return out.String()
}

// serverThreads is the server's service, JIT and GC threads' CPU per call, "21.40/0.31/0.05" (RunSummary's).
func serverThreads(p PerCall) string {
	if math.IsNaN(float64(p.ServerServiceCPUMicros)) {
		return "n/a"
	}
	return figure(p.ServerServiceCPUMicros, "%.2f") + "/" + figure(p.ServerJitCPUMicros, "%.2f") + "/" +
		figure(p.ServerGcCPUMicros, "%.2f")
}

func note(c CaseRecord) string {
	if c.Errors+c.WarmupErrors > 0 {
		s := "FAILED: "
		if c.WarmupErrors > 0 {
			s += fmt.Sprintf("%d errors in warm-up; ", c.WarmupErrors)
		}
		if f := c.FailedLatencyMs; f != nil && f.Samples > 0 {
			s += fmt.Sprintf("%d failed calls took up to %.1f ms; ", f.Samples, float64(f.Max))
		}
		if len(c.Problems) > 0 {
			s += c.Problems[0]
		}
		return s + meterLost(c, "; ")
	}
	if c.Calls == 0 {
		return "FAILED: no call completed" + meterLost(c, "; ")
	}
	if c.ServerMeterLost != "" {
		return "FAILED: " + meterLost(c, "")
	}
	n := ""
	if c.StillClimbing {
		n = "not warmed up: throughput still rising"
	}
	if e := c.Steady.ExcludedIterations; e > 0 {
		if n != "" {
			n += "; "
		}
		plural := "s"
		if e == 1 {
			plural = ""
		}
		n += fmt.Sprintf("%d leading iteration%s below steady state", e, plural)
	}
	return n
}

// meterLost says, after lead, that the server's meter was lost, where and why; "" when it was not (RunSummary's).
func meterLost(c CaseRecord, lead string) string {
	if c.ServerMeterLost == "" {
		return ""
	}
	return lead + "server figures not known " + c.ServerMeterLost
}

func figure(v Num, format string) string {
	if math.IsNaN(float64(v)) {
		return "n/a"
	}
	return fmt.Sprintf(format, float64(v))
}

func scoreErr(e Num) string {
	if math.IsNaN(float64(e)) {
		return "n/a"
	}
	return fmt.Sprintf("± %.1f", float64(e))
}

func cpu(u *ProcessUse) string {
	if u == nil {
		return "n/a"
	}
	return figure(u.CPUPercentOfCore, "%.0f")
}

func gc(u *ProcessUse) string {
	if u == nil || u.GcCount == nil || math.IsNaN(float64(u.GcPauseMs)) {
		return "n/a"
	}
	return fmt.Sprintf("%d / %.1f", *u.GcCount, float64(u.GcPauseMs))
}
