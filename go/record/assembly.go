package record

import (
	"math"
	"sort"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// HighestNanos caps a recorded call time: a minute is far beyond any call limit the harness sets.
const HighestNanos = 60_000_000_000

// NewHistogram is a latency histogram of nanosecond call times, as Java's Histograms.empty().
func NewHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(1, HighestNanos, 3)
}

// Window is one measured iteration: the calls started inside it, what each process used in it, and the
// latency of the calls answered right and of those that failed.
type Window struct {
	Seconds        float64
	Calls, Errors  int64
	Client, Server *ProcessDelta
	Latency        *hdrhistogram.Histogram
	FailedLatency  *hdrhistogram.Histogram
}

// Score is the window's calls completed per second, answered or failed, as JMH's Throughput counts.
func (w Window) Score() float64 {
	if w.Seconds <= 0 {
		return 0
	}
	return float64(w.Calls+w.Errors) / w.Seconds
}

// CaseTally is what a case measured: its one fork's windows and its warm-up.
type CaseTally struct {
	Name                      string
	Windows                   []Window
	WarmupCalls, WarmupErrors int64
	Problems                  []string
	// ConnectSeconds is how long the case's connections took to open; 0 when not timed
	ConnectSeconds float64
	// ServerMeterLost is where and why the server's meter, though given, was not read in a measured window
	// (the first time it was not): the case fails; "" when it was read throughout, or none was given
	ServerMeterLost string
}

// ProblemsKept is how many distinct problems a case keeps.
const ProblemsKept = 5

// Assemble builds a case's record from its windows (CaseAssembly.closedLoop for one fork): every
// measured iteration, the totals, the costs per call and the same figures over the steady iterations.
func Assemble(t CaseTally, wire *WireSize) CaseRecord {
	scores := make([]float64, len(t.Windows))
	for i, w := range t.Windows {
		scores[i] = w.Score()
	}
	unsteady := SteadyExcluded(scores)
	latency, failed, steadyLatency := NewHistogram(), NewHistogram(), NewHistogram()
	var client, server, steadyClient, steadyServer []*ProcessDelta
	var calls, errors, steadyCalls int64
	steadyAnswered, steadyCount := 0.0, 0
	iterations := make([]IterationRecord, 0, len(t.Windows))
	forkScores := make([]Num, len(scores))
	for i, w := range t.Windows {
		h := w.Latency
		if h == nil {
			h = NewHistogram()
		}
		latency.Merge(h)
		if w.FailedLatency != nil {
			failed.Merge(w.FailedLatency)
		}
		calls += w.Calls
		errors += w.Errors
		client = append(client, w.Client)
		server = append(server, w.Server)
		forkScores[i] = Num(scores[i])
		it := IterationRecord{Fork: 0, Index: i, Seconds: Num(w.Seconds), Score: Num(scores[i]), Calls: w.Calls, Errors: w.Errors,
			ServerCPUNanos: part(w.Server, true), ClientCPUNanos: part(w.Client, true),
			ServerAllocBytes: part(w.Server, false), ClientAllocBytes: part(w.Client, false),
			LatencyMs: percentiles(latencyOf(h)), ServerThreadCPU: threadsOf(w.Server), ClientThreadCPU: threadsOf(w.Client)}
		iterations = append(iterations, it)
		if i >= unsteady {
			steadyLatency.Merge(h)
			steadyClient = append(steadyClient, w.Client)
			steadyServer = append(steadyServer, w.Server)
			steadyCalls += w.Calls
			steadyAnswered += answeredPerSecond(scores[i], w.Calls, w.Errors)
			steadyCount++
		}
	}
	ops := NaN
	if len(scores) > 0 {
		ops = Num(mean(scores))
	}
	answered := Num(0)
	if calls+errors > 0 {
		answered = Num(float64(ops) * float64(calls) / float64(calls+errors))
	}
	steady := Steady{ExcludedIterations: unsteady, AnsweredPerSecond: NaN, LatencyMs: latencyOf(steadyLatency),
		PerCall: perCall(steadyCalls, sumDeltas(steadyServer), sumDeltas(steadyClient))}
	if steadyCount > 0 {
		steady.AnsweredPerSecond = Num(steadyAnswered / float64(steadyCount))
	}
	var failedLatency *Latency
	if failed.TotalCount() > 0 {
		l := latencyOf(failed)
		failedLatency = &l
	}
	problems := t.Problems
	if problems == nil {
		problems = []string{}
	}
	return CaseRecord{Name: t.Name, OpsPerSecond: ops, OpsError: Num(scoreError(scores)), IterationScores: [][]Num{forkScores},
		AnsweredPerSecond: answered, LatencyMs: latencyOf(latency), FailedLatencyMs: failedLatency, Calls: calls, Errors: errors,
		WarmupCalls: t.WarmupCalls, WarmupErrors: t.WarmupErrors, Problems: problems, StillClimbing: StillClimbing(scores),
		WireBytes: wire, CPUAndGc: CPUAndGc{Client: processUse(client), Server: processUse(server)},
		PerCall: perCall(calls, sumDeltas(server), sumDeltas(client)), Iterations: iterations, Steady: steady,
		ConnectSeconds: connectSeconds(t.ConnectSeconds), ServerMeterLost: t.ServerMeterLost}
}

func connectSeconds(s float64) *Num {
	if s <= 0 {
		return nil
	}
	n := Num(s)
	return &n
}

func answeredPerSecond(score float64, calls, errors int64) float64 {
	if calls+errors == 0 {
		return 0
	}
	return score * float64(calls) / float64(calls+errors)
}

func part(d *ProcessDelta, cpu bool) *int64 {
	if d == nil {
		return nil
	}
	if cpu {
		return d.CPUNanos
	}
	return d.AllocBytes
}

func threadsOf(d *ProcessDelta) *ThreadCPU {
	if d == nil {
		return nil
	}
	return d.Threads
}

// latencyOf reads the figures of Java's Latency.of from a histogram of nanoseconds, in milliseconds.
func latencyOf(h *hdrhistogram.Histogram) Latency {
	if h.TotalCount() == 0 {
		return NoLatency
	}
	ms := func(nanos int64) Num { return Num(float64(nanos) / 1e6) }
	return Latency{Min: ms(h.Min()), P50: ms(h.ValueAtQuantile(50)), P90: ms(h.ValueAtQuantile(90)),
		P99: ms(h.ValueAtQuantile(99)), P999: ms(h.ValueAtQuantile(99.9)), P9999: ms(h.ValueAtQuantile(99.99)),
		Max: ms(h.Max()), Mean: Num(h.Mean() / 1e6), Samples: h.TotalCount()}
}

func percentiles(l Latency) Percentiles {
	return Percentiles{P50: l.P50, P90: l.P90, P99: l.P99, Max: l.Max}
}

// SteadyShare is the steady-state rule's threshold (SteadyState.SHARE).
const SteadyShare = 0.9

// SteadyExcluded is how many leading scores sat below steady state: the reference is the median of the
// later half of the scores; leading scores below 0.9 of it are excluded, stopping at the first that is
// not, and at least two are kept (SteadyState.excluded, tested against the shared vectors).
func SteadyExcluded(scores []float64) int {
	n := len(scores)
	if n < 3 {
		return 0
	}
	reference := median(scores[n/2:])
	k := 0
	for k < n-2 && scores[k] < SteadyShare*reference {
		k++
	}
	return k
}

func median(values []float64) float64 {
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// ClimbLimit is the warm-up check's limit (WarmupCheck.LIMIT).
const ClimbLimit = 0.05

// RelativeRise is the rise of the least-squares line through the scores from the first to the last,
// relative to their mean.
func RelativeRise(scores []float64) float64 {
	n := len(scores)
	if n < 2 {
		return 0
	}
	meanX := float64(n-1) / 2
	meanY := mean(scores)
	if meanY <= 0 {
		return 0
	}
	var sxy, sxx float64
	for i, s := range scores {
		sxy += (float64(i) - meanX) * (s - meanY)
		sxx += (float64(i) - meanX) * (float64(i) - meanX)
	}
	return sxy / sxx * float64(n-1) / meanY
}

// StillClimbing flags a measurement whose throughput was still rising by more than ClimbLimit.
func StillClimbing(scores []float64) bool {
	return RelativeRise(scores) > ClimbLimit
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// scoreError is JMH's score error: the half-width of the 99.9 % confidence interval of the mean of the
// iteration scores (Student's t); unknown (NaN) for fewer than three, as JMH reports it.
func scoreError(scores []float64) float64 {
	n := len(scores)
	if n <= 2 {
		return math.NaN()
	}
	m := mean(scores)
	ss := 0.0
	for _, s := range scores {
		ss += (s - m) * (s - m)
	}
	sd := math.Sqrt(ss / float64(n-1))
	return studentTQuantile(1-0.001/2, float64(n-1)) * sd / math.Sqrt(float64(n))
}

// studentTQuantile inverts Student's t distribution function by bisection.
func studentTQuantile(p, df float64) float64 {
	lo, hi := 0.0, 1e4
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if studentTCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

func studentTCDF(t, df float64) float64 {
	x := df / (df + t*t)
	tail := 0.5 * incompleteBeta(df/2, 0.5, x)
	if t >= 0 {
		return 1 - tail
	}
	return tail
}

// incompleteBeta is the regularized incomplete beta function I_x(a, b), by its continued fraction.
func incompleteBeta(a, b, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	lbeta, _ := math.Lgamma(a + b)
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	front := math.Exp(lbeta - la - lb + a*math.Log(x) + b*math.Log(1-x))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(a, b, x) / a
	}
	return 1 - front*betaFraction(b, a, 1-x)/b
}

func betaFraction(a, b, x float64) float64 {
	const tiny = 1e-300
	nonZero := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	c, d := 1.0, 1/nonZero(1-(a+b)*x/(a+1))
	h := d
	// step is one term of the modified Lentz method: the factor the term brings to h
	step := func(num float64) float64 {
		d = 1 / nonZero(1+num*d)
		c = nonZero(1 + num/c)
		return d * c
	}
	for m := 1; m < 300; m++ {
		fm := float64(m)
		h *= step(fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm)))
		delta := step(-(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1)))
		h *= delta
		if math.Abs(delta-1) < 1e-15 {
			break
		}
	}
	return h
}
