package launcher

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"rpcbench/go/meter"
	"rpcbench/go/record"
)

// environment is what machine and runtime the run used (EnvironmentProbe); anything that cannot be
// found is "unknown".
func environment(started time.Time, serverMeter *record.ServerMeter) record.Environment {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown"
	}
	return record.Environment{
		Runtime:       runtime.Version(),
		Jvm:           runtime.Compiler + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + ", GOMAXPROCS " + strconv.Itoa(runtime.GOMAXPROCS(0)),
		Os:            osName(),
		CPUModel:      cpuModel(),
		Cores:         runtime.NumCPU(),
		Hostname:      host,
		GitCommit:     gitCommit(),
		CPUPinning:    orElse(os.Getenv("RPCBENCH_PINNING"), "none"),
		ServerCommand: orElse(os.Getenv("RPCBENCH_SERVER_COMMAND"), "not known (server started separately)"),
		Date:          started.UTC().Format(time.RFC3339Nano),
		ServerMeter:   serverMeter,
	}
}

// serverMeterRecord says where the server's figures came from (ServerMeterCheck's): its meter endpoint, with the
// server's node as the endpoint named it; its pid on this host; or nowhere.
func (r *clientRun) serverMeterRecord() *record.ServerMeter {
	if r.meter != nil {
		who := r.meter.Server()
		return &record.ServerMeter{Source: "endpoint", Address: r.serverMeter, Node: who.Node, CPUModel: who.CPUModel, Cores: who.Cores,
			Runtime: who.Runtime}
	}
	if r.serverPid <= 0 {
		return &record.ServerMeter{Source: "none"}
	}
	return &record.ServerMeter{Source: "proc", Address: "pid " + strconv.Itoa(r.serverPid), Node: meter.NodeName(),
		CPUModel: meter.CPUModel(), Cores: runtime.NumCPU()}
}

// runtimeSettings are the Go runtime's settings that change the numbers, as they were in effect: the
// Go client's counterpart of a JVM's options.
func runtimeSettings() []string {
	gogc := orElse(os.Getenv("GOGC"), "100")
	settings := []string{"GOGC=" + gogc, "GOMAXPROCS=" + strconv.Itoa(runtime.GOMAXPROCS(0))}
	if limit := debug.SetMemoryLimit(-1); limit != 1<<63-1 {
		settings = append(settings, "GOMEMLIMIT="+strconv.FormatInt(limit, 10))
	}
	return settings
}

func osName() string {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return runtime.GOOS + " unknown " + runtime.GOARCH
	}
	return unix.ByteSliceToString(u.Sysname[:]) + " " + unix.ByteSliceToString(u.Release[:]) + " " + runtime.GOARCH
}

func cpuModel() string {
	return meter.CPUModel()
}

// gitCommit is RPCBENCH_GIT_COMMIT when benchmark.sh sets it, else asked of git in the working directory.
func gitCommit() string {
	if c := strings.TrimSpace(os.Getenv("RPCBENCH_GIT_COMMIT")); c != "" {
		return c
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "git", "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

func orElse(v, otherwise string) string {
	if strings.TrimSpace(v) == "" {
		return otherwise
	}
	return v
}
