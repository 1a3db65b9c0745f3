package record

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden-run.json from the record built here")

func TestTheSteadyStateRuleMeetsTheSharedVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "benchmark-base", "src", "test", "resources", "steady-state-vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Vectors []struct {
			Scores   []float64 `json:"scores"`
			Excluded int       `json:"excluded"`
		} `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Vectors) < 5 {
		t.Fatalf("only %d vectors", len(file.Vectors))
	}
	for _, v := range file.Vectors {
		if got := SteadyExcluded(v.Scores); got != v.Excluded {
			t.Errorf("%v: %d excluded, want %d", v.Scores, got, v.Excluded)
		}
	}
}

func TestAMeasurementStillRisingIsFlagged(t *testing.T) {
	if !StillClimbing([]float64{100, 110, 120, 130}) {
		t.Error("a steady rise of 30 % was not flagged")
	}
	if StillClimbing([]float64{100, 101, 99, 100}) || StillClimbing([]float64{100}) {
		t.Error("a flat measurement was flagged")
	}
	if got := RelativeRise([]float64{100, 110, 120, 130}); math.Abs(got-30.0/115) > 1e-12 {
		t.Errorf("rise %f", got)
	}
}

func TestTheScoreErrorIsJMHs(t *testing.T) {
	if !math.IsNaN(scoreError([]float64{1, 2})) {
		t.Error("two iterations have no error")
	}
	// t(0.9995, 4) = 8.610302; sd of 1..5 = 1.5811388
	got := scoreError([]float64{1, 2, 3, 4, 5})
	if want := 8.610302 * 1.5811388 / math.Sqrt(5); math.Abs(got-want) > 1e-4 {
		t.Errorf("error %f, want %f", got, want)
	}
}

// golden is a record of every kind of figure: known and unknown, a failed call's latency, both sides.
func golden() RunRecord {
	ms := func(v int64) *int64 { return &v }
	latency, failed := NewHistogram(), NewHistogram()
	for i := int64(1); i <= 1000; i++ {
		latency.RecordValue(i * 1000)
	}
	failed.RecordValue(5_000_000_000)
	side := func(cpu, alloc int64) *ProcessDelta {
		return &ProcessDelta{Seconds: 2, CPUNanos: ms(cpu), AllocBytes: ms(alloc), GcCount: ms(3), GcPauseNanos: ms(1_500_000),
			Threads: &ThreadCPU{ServiceNanos: cpu - 7_000_001, JitNanos: 4_000_000, GcNanos: 2_000_000, OtherNanos: 1_000_001,
				ThreadsEnded: 1}}
	}
	tally := CaseTally{Name: "getUser", WarmupCalls: 500, Problems: []string{"wrong answer: user 5: id was 4, expected 5"},
		Windows: []Window{
			{Seconds: 2, Calls: 1000, Errors: 0, Client: side(1_000_000_000, 2_000_000), Server: side(500_000_000, 0), Latency: latency},
			{Seconds: 2, Calls: 1200, Errors: 1, Client: side(1_100_000_000, 2_100_000), Server: nil, Latency: latency, FailedLatency: failed},
			{Seconds: 2, Calls: 1100, Errors: 0, Client: side(1_000_000_000, 2_000_000), Server: side(400_000_000, 0), Latency: latency},
		}}
	threads, iterations, timeout := 32, 3, 5000
	jdk := (*string)(nil)
	r := RunRecord{DataModel: "seed-java-time", Module: "grpc-go-client", Binding: "grpc-go", Target: "127.0.0.1:50061",
		Loop: ClosedLoop, JmhResult: "jmh.json",
		Framework: map[string]string{"framework": "gRPC-go", "frameworkVersion": "1.85.0", "protocol": "gRPC (HTTP/2 cleartext)",
			"serialization": "protobuf", "connections": "1 shared", "quote\"and<html>&": "tab\there, ünïcödé 远方"},
		Jmh: &LoadSettings{Harness: "rpcbench-go closed loop", Mode: "thrpt", Threads: threads, Forks: 1,
			WarmupIterations: &iterations, WarmupTime: "2 s", MeasurementIterations: &iterations, MeasurementTime: "2 s",
			Jvm: "go1.26.8 linux/amd64", JvmArgs: []string{"GOMAXPROCS=2"}, CallTimeoutMillis: &timeout},
		Environment: Environment{Runtime: "go1.26.8", Jdk: jdk, Jvm: "go1.26.8 gc linux/amd64", Os: "Linux 6.1 amd64",
			CPUModel: "AMD EPYC", Cores: 2, Hostname: "vm", GitCommit: "abc", CPUPinning: "none",
			ServerCommand: "rpcbench-go server --pair grpc-go", Date: "2026-11-25T12:00:00Z"},
		Cases:        []CaseRecord{Assemble(tally, &WireSize{Request: 15, Response: 230.5})},
		MissingCases: []string{"listUser"},
	}
	return Finish(r)
}

func TestTheRecordKeepsTheJavaSchemaShape(t *testing.T) {
	got, err := JSON(golden())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join("testdata", "golden-run.json")
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the record differs from %s (go test ./record -update rewrites it; check the change with Java's reader):\n%s", file, got)
	}
	for _, key := range []string{`"schema": 2`, `"failedLatencyMs": {`, `"p99.9":`, `"jdk": null`,
		`"fullGcCount": null`, `"serverCpuNanos": null`, `"missingCases": [`, `"excludedIterations": 1`, `<html>&`,
		`"serverThreadCpu": null`, `"serviceNanos": 492999999`, `"clientJitCpuMicros": 3.`} {
		if !strings.Contains(string(got), key) {
			t.Errorf("the record lacks %s", key)
		}
	}
}

// javaHash is what run-record's SettingsHash.of computed for testdata/golden-run.json, with
// testdata/SettingsHashOf.java.
const javaHash = "35fa0f2d9b96b831"

func TestTheSettingsHashIsJavas(t *testing.T) {
	r := golden()
	if r.SettingsHash != javaHash {
		t.Errorf("Go's settings hash %s, Java's %s", r.SettingsHash, javaHash)
	}
	r.Environment.Hostname, r.Environment.Date, r.Environment.GitCommit = "other", "later", "def"
	r.Jmh.Jvm = "/elsewhere/go"
	if SettingsHash(r) != javaHash {
		t.Error("host, date, commit and the runtime's path must not change the hash")
	}
	r.Jmh.Threads = 100
	if SettingsHash(r) == javaHash {
		t.Error("the number of callers must change the hash")
	}
}

func TestTheRunRecordGoesBesideTheResultFile(t *testing.T) {
	if got := BesideResult("/r/x/jmh.json"); got != "/r/x/run.json" {
		t.Error(got)
	}
	if got := BesideResult("/r/x/c100.json"); got != "/r/x/c100.run.json" {
		t.Error(got)
	}
}

func TestAFileIsReplacedWholeNeverRewrittenInPlace(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "jmh.json")
	if err := WriteWhole(file, []byte("old and long enough to be cut")); err != nil {
		t.Fatal(err)
	}
	held := filepath.Join(dir, "held-by-a-reader")
	if err := os.Link(file, held); err != nil {
		t.Fatal(err)
	}
	if err := WriteWhole(file, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(held); string(b) != "old and long enough to be cut" {
		t.Errorf("the old file was rewritten in place: %q", b)
	}
	if b, _ := os.ReadFile(file); string(b) != "new" {
		t.Errorf("the file reads %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left beside it: %v", entries)
	}
}
