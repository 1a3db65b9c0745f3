package cases

import (
	"bufio"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
)

// vectorsFile is written by the Java fixtures (benchmark-base's SharedVectorsTest); the Go fixtures must
// make the same bytes. Neither side reads the other's code.
var vectorsFile = filepath.Join("..", "..", "benchmark-base", "src", "test", "resources", "vectors", "proto-fixtures.txt")

// vectorStamp is the file's fixed server time: 2026-11-25T12:34:56.123456789 read at UTC.
var vectorStamp = WallTime{Seconds: 1_795_610_096, Nanos: 123_456_789}

func TestTheGoFixturesMakeTheJavaVectorsByteForByte(t *testing.T) {
	f, err := os.Open(vectorsFile)
	if err != nil {
		t.Fatalf("the shared vectors: %v", err)
	}
	defer f.Close()
	lines := 0
	seen := map[Case]bool{}
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		line := scanner.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			if strings.Contains(line, "Server-stamped times") && !strings.Contains(line, "(1795610096 s, 123456789 ns)") {
				t.Fatalf("the vectors' server time changed: %s", line)
			}
			continue
		}
		parts := strings.Fields(line)
		if len(parts) == 3 { // an empty message: no bytes at all
			parts = append(parts, "")
		}
		if len(parts) != 4 {
			t.Fatalf("a malformed vector line: %q", line)
		}
		c, ok := Named(parts[0])
		if !ok {
			t.Fatalf("the vectors hold case %q, which the Go fixtures do not carry", parts[0])
		}
		seq, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatalf("a malformed sequence number in %q", line)
		}
		var m proto.Message
		switch parts[2] {
		case "request":
			m = Request(c, seq)
		case "answer":
			m = Answer(c, seq, func() WallTime { return vectorStamp })
		default:
			t.Fatalf("a malformed vector line: %q", line)
		}
		got, err := proto.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if want := parts[3]; hex.EncodeToString(got) != want {
			t.Errorf("%s %d %s: Go makes\n%x\nJava made\n%s", c, seq, parts[2], got, want)
		}
		seen[c] = true
		lines++
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range All {
		if !seen[c] {
			t.Errorf("the vectors hold nothing for %s", c)
		}
	}
	if lines < 2*len(All)*3 {
		t.Fatalf("only %d vectors", lines)
	}
}

func TestTheExistUserRuleIsJavas(t *testing.T) {
	for email, want := range map[string]bool{
		"user2@rpc-bench.test": true, "user3@rpc-bench.test": false, "user0@rpc-bench.test": true,
		"user@rpc-bench.test": false, "userx2@rpc-bench.test": false, "user2@rpc-bench.tes": false, "User2@rpc-bench.test": false,
		"user123456789012345678@rpc-bench.test": true, "user1234567890123456789@rpc-bench.test": false,
		"user٢@rpc-bench.test": true, "user٣@rpc-bench.test": false, // Arabic-Indic digits: Java's isDigit and parseLong take them
		"user𝟐@rpc-bench.test":  false, // a mathematical digit is two UTF-16 units, neither a digit to Java
		"user-2@rpc-bench.test": false, "": false,
	} {
		if got := Exists(email); got != want {
			t.Errorf("%q: %t, want %t", email, got, want)
		}
	}
}
