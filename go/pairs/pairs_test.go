package pairs

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rpcbench/go/binding/bindingtest"
)

// Every pair's cases make the round trip, a wrong answer is caught, and each caller may have its own TCP
// connection: one test for all of them, so that a new pair is tested by being listed.
func TestEveryPairMakesEveryRoundTripAndCatchesAWrongAnswer(t *testing.T) {
	for _, p := range all {
		t.Run(p.Name(), func(t *testing.T) { bindingtest.RoundTrip(t, p) })
	}
}

func TestEveryPairLetsEachCallerHaveItsOwnTCPConnection(t *testing.T) {
	for _, p := range all {
		t.Run(p.Name(), func(t *testing.T) { bindingtest.PerCaller(t, p) })
	}
}

// declarations reads the pairs/NAME.properties files at the top of the checkout: a pair's identity is
// declared there once; the Go pairs must agree with it.
func declarations(t *testing.T) map[string]map[string]string {
	files, err := filepath.Glob(filepath.Join("..", "..", "pairs", "*.properties"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no pairs/*.properties found from %s: %v", mustWd(t), err)
	}
	all := map[string]map[string]string{}
	for _, f := range files {
		props := map[string]string{}
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		scanner := bufio.NewScanner(in)
		for scanner.Scan() {
			line := strings.TrimSpace(scanner.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if k, v, ok := strings.Cut(line, "="); ok {
				props[strings.TrimSpace(k)] = strings.TrimSpace(v)
			}
		}
		in.Close()
		all[strings.TrimSuffix(filepath.Base(f), ".properties")] = props
	}
	return all
}

func mustWd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

func TestEveryGoPairIsDeclaredOnceAndAgrees(t *testing.T) {
	declared := declarations(t)
	for _, p := range all {
		d, ok := declared[p.Name()]
		if !ok {
			t.Errorf("%s has no pairs/%s.properties", p.Name(), p.Name())
			continue
		}
		if d["pair.runtime"] != "go" {
			t.Errorf("pairs/%s.properties: pair.runtime=%q, want go", p.Name(), d["pair.runtime"])
		}
		if port, _ := strconv.Atoi(d["pair.port"]); port != p.DefaultPort() {
			t.Errorf("pairs/%s.properties: pair.port=%s, but the binding's default port is %d", p.Name(), d["pair.port"], p.DefaultPort())
		}
	}
	for name, d := range declared {
		if d["pair.runtime"] == "go" && Named(name) == nil {
			t.Errorf("pairs/%s.properties declares a Go pair the go module does not have", name)
		}
	}
}
