package launcher

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"rpcbench/go/cli"
)

// The Java client's defaults where the JMH options say nothing (JmhSettings).
const (
	defaultCallers     = 32
	defaultWarmupIter  = 5
	defaultMeasureIter = 5
	defaultIterTime    = 10 * time.Second
)

// jmhOptions is the part of JMH's command line the Go client takes: iterations and their times, forks
// (0 or 1: either way every case runs in the client's one process, which is what JMH's -f 0 means; the
// record keeps the number given, so that runs compare with the Java runs of the same options), threads
// (the callers) and benchmark patterns; anything else is refused rather than ignored.
type jmhOptions struct {
	warmupIterations, iterations int
	forks                        int
	warmupTime, iterationTime    duration
	threads                      int // 0: not given
	includes, excludes           []string
}

// duration keeps JMH's spelling of a time, "10 s", for the record.
type duration struct {
	d    time.Duration
	text string
}

func parseJmh(rest []string) (jmhOptions, error) {
	o := jmhOptions{warmupIterations: defaultWarmupIter, iterations: defaultMeasureIter, forks: 1,
		warmupTime: duration{defaultIterTime, "10 s"}, iterationTime: duration{defaultIterTime, "10 s"}}
	for i := 0; i < len(rest); i++ {
		arg := rest[i]
		if !strings.HasPrefix(arg, "-") {
			o.includes = append(o.includes, arg)
			continue
		}
		value := func() (string, error) {
			if i+1 >= len(rest) {
				return "", cli.Errorf("JMH option %s needs a value", arg)
			}
			i++
			return rest[i], nil
		}
		var err error
		var s string
		switch arg {
		case "-wi", "-i", "-f", "-t":
			if s, err = value(); err != nil {
				return o, err
			}
			var n int
			if n, err = cli.Whole("JMH option "+arg, s, 0, 1_000_000); err != nil {
				return o, err
			}
			switch arg {
			case "-wi":
				o.warmupIterations = n
			case "-i":
				if n < 1 {
					return o, cli.Errorf("JMH option -i: at least one measured iteration")
				}
				o.iterations = n
			case "-f":
				if n > 1 {
					return o, cli.Errorf("JMH option -f %d: the Go client runs every case in its one process (-f 0 or 1)", n)
				}
				o.forks = n
			case "-t":
				if n < 1 {
					return o, cli.Errorf("JMH option -t: at least one thread")
				}
				o.threads = n
			}
		case "-w", "-r":
			if s, err = value(); err != nil {
				return o, err
			}
			var d duration
			if d, err = parseTime(s); err != nil {
				return o, cli.Errorf("JMH option %s: %v", arg, err)
			}
			if arg == "-w" {
				o.warmupTime = d
			} else {
				o.iterationTime = d
			}
		case "-e":
			if s, err = value(); err != nil {
				return o, err
			}
			o.excludes = append(o.excludes, s)
		case "-bm":
			if s, err = value(); err != nil {
				return o, err
			}
			if s != "thrpt" && s != "Throughput" {
				return o, cli.Errorf("JMH option -bm %s: the Go client measures throughput (thrpt) only", s)
			}
		case "-tu":
			if s, err = value(); err != nil {
				return o, err
			}
			if s != "s" {
				return o, cli.Errorf("JMH option -tu %s: the Go client reports per second (s) only", s)
			}
		default:
			return o, cli.Errorf("JMH option %s is not supported by the Go client (it takes -wi -w -i -r -f 1 -t -e -bm thrpt -tu s and case patterns)", arg)
		}
	}
	return o, nil
}

// parseTime reads JMH's times: a number and a unit (ns, us, ms, s, min, hr), "s" when none is given.
func parseTime(s string) (duration, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(t[:i])
	if i == 0 || err != nil {
		return duration{}, fmt.Errorf("'%s' is not a time such as 10s or 500ms", s)
	}
	unit := strings.TrimSpace(t[i:])
	units := map[string]time.Duration{"": time.Second, "ns": time.Nanosecond, "us": time.Microsecond, "ms": time.Millisecond,
		"s": time.Second, "min": time.Minute, "m": time.Minute, "hr": time.Hour, "h": time.Hour}
	u, ok := units[unit]
	if !ok {
		return duration{}, fmt.Errorf("'%s' is not a time such as 10s or 500ms", s)
	}
	if n <= 0 {
		return duration{}, fmt.Errorf("'%s' is no time at all", s)
	}
	names := map[time.Duration]string{time.Nanosecond: "ns", time.Microsecond: "us", time.Millisecond: "ms",
		time.Second: "s", time.Minute: "min", time.Hour: "hr"}
	return duration{d: time.Duration(n) * u, text: strconv.Itoa(n) + " " + names[u]}, nil
}
