package record

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
)

// SettingsHash is a digest of everything that changes a run's numbers (SettingsHash.of): the data model,
// the framework settings, the load's settings but the JVM's path, and the runtime, JVM, OS, CPU model,
// cores and pinning; not the date, host name or commit. It digests the JSON Jackson writes for them,
// reproduced here key for key, so that the Java and the Go writer give the same hash for the same
// settings (checked against hashes Java computed, in hash_test.go).
func SettingsHash(r RunRecord) string {
	var b strings.Builder
	b.WriteString(`{"dataModel":`)
	str(&b, r.DataModel)
	b.WriteString(`,"framework":{`)
	keys := make([]string, 0, len(r.Framework))
	for k := range r.Framework {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		str(&b, k)
		b.WriteByte(':')
		str(&b, r.Framework[k])
	}
	b.WriteString(`},"load":`)
	if r.Jmh == nil {
		b.WriteString("null")
	} else {
		load(&b, *r.Jmh)
	}
	b.WriteString(`,"environment":`)
	environment(&b, r.Environment)
	b.WriteByte('}')
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:8])
}

// load writes LoadSettings.comparable(): every field that is set, but the JVM's path.
func load(b *strings.Builder, l LoadSettings) {
	fields := []string{}
	text := func(name, v string) {
		if v != "" {
			fields = append(fields, quoted(name)+":"+quoted(v))
		}
	}
	number := func(name string, v *int) {
		if v != nil {
			fields = append(fields, quoted(name)+":"+strconv.Itoa(*v))
		}
	}
	text("harness", l.Harness)
	text("jmhVersion", l.JmhVersion)
	text("mode", l.Mode)
	fields = append(fields, `"threads":`+strconv.Itoa(l.Threads), `"forks":`+strconv.Itoa(l.Forks))
	number("warmupIterations", l.WarmupIterations)
	text("warmupTime", l.WarmupTime)
	number("measurementIterations", l.MeasurementIterations)
	text("measurementTime", l.MeasurementTime)
	if l.JvmArgs != nil {
		args := make([]string, len(l.JvmArgs))
		for i, a := range l.JvmArgs {
			args[i] = quoted(a)
		}
		fields = append(fields, `"jvmArgs":[`+strings.Join(args, ",")+"]")
	}
	number("callTimeoutMillis", l.CallTimeoutMillis)
	if l.Requests != nil {
		fields = append(fields, `"requests":`+strconv.FormatInt(*l.Requests, 10))
	}
	b.WriteString("{" + strings.Join(fields, ",") + "}")
}

// environment writes Environment.comparable(): runtime (when set), JDK, JVM, OS, CPU model, cores and
// pinning, and null for what does not count.
func environment(b *strings.Builder, e Environment) {
	b.WriteByte('{')
	if e.Runtime != "" {
		b.WriteString(`"runtime":` + quoted(e.Runtime) + ",")
	}
	b.WriteString(`"jdk":`)
	if e.Jdk == nil {
		b.WriteString("null")
	} else {
		str(b, *e.Jdk)
	}
	b.WriteString(`,"jvm":` + quoted(e.Jvm) + `,"os":` + quoted(e.Os) + `,"cpuModel":` + quoted(e.CPUModel) +
		`,"cores":` + strconv.Itoa(e.Cores) + `,"hostname":null,"gitCommit":null,"cpuPinning":` + quoted(e.CPUPinning) +
		`,"serverCommand":null,"date":null}`)
}

func quoted(s string) string {
	var b strings.Builder
	str(&b, s)
	return b.String()
}

// str writes a JSON string as Jackson does: UTF-8 as it is; quote, backslash and control characters
// escaped, the common ones by letter, the others as \u00XX in upper case.
func str(b *strings.Builder, s string) {
	const hexDigits = "0123456789ABCDEF"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&0xF])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}
