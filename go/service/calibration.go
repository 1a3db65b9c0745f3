package service

import (
	"fmt"
	"math"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// SpinSwitch is the calibration switch (Java: -Drpcbench.switch.calibration.spin-ns): a known CPU cost
// spun in every call, for showing that a comparison sees a change of known size; never in a real result.
const SpinSwitch = "calibration.spin-ns"

// CalibrationSetting is how the cost is named in a run's framework settings.
const CalibrationSetting = "calibrationSpinNanos"

// spinValue is the Java switch's pattern: ns for every call, or per method "getUser:1100,listUser:2300".
var spinValue = regexp.MustCompile(`^(0|[1-9][0-9]{0,9}|[a-zA-Z]+:[0-9]{1,10}(,[a-zA-Z]+:[0-9]{1,10})*)$`)

// Costs are each contract method's calibration cost in ns, with the spin's speed on this machine.
type Costs struct {
	Value                                          string
	ExistUser, CreateUser, GetUser, ListUser, Ping int64
	Echo, EchoPerson, Say                          int64
	iterationsPerNano                              float64
}

// ParseCosts reads the switch's value ("" or "0": no cost) and, when there is a cost, sizes the spin.
func ParseCosts(value string) (Costs, error) {
	c := Costs{Value: value}
	if value == "" || value == "0" {
		c.Value = "0"
		return c, nil
	}
	if !spinValue.MatchString(value) {
		return c, fmt.Errorf("switch %s takes calibration only: CPU time the server spins in every call, in ns, or per"+
			" method (getUser:1100,listUser:2300); never in a real result, not '%s'", SpinSwitch, value)
	}
	perMethod := map[string]int64{}
	if n, err := strconv.ParseInt(value, 10, 64); err == nil {
		perMethod["*"] = n
	} else {
		for _, part := range strings.Split(value, ",") {
			kv := strings.SplitN(part, ":", 2)
			n, _ := strconv.ParseInt(kv[1], 10, 64)
			perMethod[kv[0]] = n
		}
	}
	cost := func(method string) int64 {
		if n, ok := perMethod[method]; ok {
			return n
		}
		return perMethod["*"]
	}
	c.ExistUser, c.CreateUser, c.GetUser, c.ListUser = cost("existUser"), cost("createUser"), cost("getUser"), cost("listUser")
	c.Ping, c.Echo, c.EchoPerson, c.Say = cost("ping"), cost("echo"), cost("echoPerson"), cost("say")
	c.iterationsPerNano = sizeSpin()
	return c, nil
}

// Setting is how the server's settings line and run.json state the cost; "" when there is none.
func (c Costs) Setting() string {
	if c.Value == "" || c.Value == "0" {
		return ""
	}
	return fmt.Sprintf("%s (spun at %.2f iterations a ns)", c.Value, c.iterationsPerNano)
}

var sink uint64

// spin spins nanos of CPU: a fixed amount of arithmetic sized at start against this thread's CPU clock,
// so it costs the same CPU whether or not the goroutine is descheduled meanwhile.
func (c Costs) spin(nanos int64) {
	if nanos <= 0 {
		return
	}
	sink = iterate(int64(float64(nanos)*c.iterationsPerNano), uint64(time.Now().UnixNano())|1)
}

// iterate is the arithmetic spun, a xorshift sequence whose every step depends on the last. It is one
// function, not inlined, so that the sizing times the very code the calls spin in (as the Java servers do).
//
//go:noinline
func iterate(iterations int64, x uint64) uint64 {
	for i := iterations; i > 0; i-- {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

// sizeSpin measures iterate's speed on this thread's CPU clock: timings of 50 ms until two in a row agree
// within 2 % (CalibratedCost's rule), at most 60.
func sizeSpin() float64 {
	const timing = 50 * time.Millisecond
	cpu := func() int64 {
		var ts unix.Timespec
		if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
			return time.Now().UnixNano()
		}
		return ts.Nano()
	}
	// the thread's CPU clock is read on one thread throughout
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var last float64
	for t := 0; t < 60; t++ {
		start := cpu()
		done := int64(0)
		x := uint64(1)
		for cpu()-start < int64(timing) {
			x = iterate(100_000, x)
			done += 100_000
		}
		sink = x
		rate := float64(done) / float64(cpu()-start)
		if t > 0 && math.Abs(rate-last) <= 0.02*last {
			return math.Max(rate, last)
		}
		last = rate
	}
	return last
}
