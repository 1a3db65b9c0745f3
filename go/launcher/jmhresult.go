package launcher

import (
	"encoding/json"
	"math"

	"rpcbench/go/cases"
	"rpcbench/go/record"
)

// jmhEntry is one benchmark of a JMH-shaped result file, enough for tools that read JMH's JSON.
type jmhEntry struct {
	Benchmark             string    `json:"benchmark"`
	Mode                  string    `json:"mode"`
	Threads               int       `json:"threads"`
	Forks                 int       `json:"forks"`
	Jvm                   string    `json:"jvm"`
	JvmArgs               []string  `json:"jvmArgs"`
	WarmupIterations      int       `json:"warmupIterations"`
	WarmupTime            string    `json:"warmupTime"`
	MeasurementIterations int       `json:"measurementIterations"`
	MeasurementTime       string    `json:"measurementTime"`
	PrimaryMetric         jmhMetric `json:"primaryMetric"`
	SecondaryMetrics      struct{}  `json:"secondaryMetrics"`
}

type jmhMetric struct {
	Score           any         `json:"score"`
	ScoreError      any         `json:"scoreError"`
	ScoreConfidence []any       `json:"scoreConfidence"`
	ScoreUnit       string      `json:"scoreUnit"`
	RawData         [][]float64 `json:"rawData"`
}

// writeJmhResult writes the measured cases as JMH's JSON result would list them: JMH's score is ops/s
// over every call completed in the window, answered or failed; NaN is written "NaN", as JMH does.
func writeJmhResult(file string, r record.RunRecord) error {
	entries := []jmhEntry{}
	for _, c := range r.Cases {
		raw := []float64{}
		for _, s := range c.IterationScores[0] {
			raw = append(raw, float64(s))
		}
		score, errv := jmhNumber(float64(c.OpsPerSecond)), jmhNumber(float64(c.OpsError))
		lo, hi := jmhNumber(float64(c.OpsPerSecond)-float64(c.OpsError)), jmhNumber(float64(c.OpsPerSecond)+float64(c.OpsError))
		l := r.Jmh
		entries = append(entries, jmhEntry{Benchmark: cases.BenchmarkPrefix + c.Name, Mode: "thrpt", Threads: l.Threads,
			Forks: l.Forks, Jvm: l.Jvm, JvmArgs: l.JvmArgs, WarmupIterations: deref(l.WarmupIterations), WarmupTime: l.WarmupTime,
			MeasurementIterations: deref(l.MeasurementIterations), MeasurementTime: l.MeasurementTime,
			PrimaryMetric: jmhMetric{Score: score, ScoreError: errv, ScoreConfidence: []any{lo, hi}, ScoreUnit: "ops/s",
				RawData: [][]float64{raw}}})
	}
	data, err := json.MarshalIndent(entries, "", "    ")
	if err != nil {
		return err
	}
	return record.WriteWhole(file, append(data, '\n'))
}

func jmhNumber(v float64) any {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "NaN"
	}
	return v
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}
