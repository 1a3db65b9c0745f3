package record

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// BesideResult is where the run record of a result file goes: run.json beside jmh.json, else
// STEM.run.json (Records.besideResult).
func BesideResult(resultFile string) string {
	stem := strings.TrimSuffix(filepath.Base(resultFile), ".json")
	if stem == "jmh" {
		return filepath.Join(filepath.Dir(resultFile), "run.json")
	}
	return filepath.Join(filepath.Dir(resultFile), stem+".run.json")
}

// JSON is the record as written, indented, with a final newline; unescaped, as Jackson writes it.
func JSON(r RunRecord) ([]byte, error) {
	if r.Cases == nil {
		r.Cases = []CaseRecord{}
	}
	if r.MissingCases == nil {
		r.MissingCases = []string{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Write writes the record to a temporary file beside file, then moves it into place.
func Write(r RunRecord, file string) error {
	data, err := JSON(r)
	if err != nil {
		return err
	}
	return WriteWhole(file, data)
}

// WriteWhole writes a file whole or not at all: a temporary file of its own beside it (never a name another
// writer shares), then one rename over it. A reader sees the old file or the new one, never part of either.
func WriteWhole(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	part, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*.part")
	if err != nil {
		return err
	}
	defer os.Remove(part.Name())
	if _, err := part.Write(data); err != nil {
		part.Close()
		return err
	}
	if err := part.Chmod(0o644); err != nil {
		part.Close()
		return err
	}
	if err := part.Close(); err != nil {
		return err
	}
	return os.Rename(part.Name(), file)
}

// Finish sets what a record's cases decide, passed, and its hash: passed only when every selected case
// ran without an error (RunRecord.of).
func Finish(r RunRecord) RunRecord {
	r.Schema = Schema
	r.Passed = len(r.Cases) > 0 && len(r.MissingCases) == 0 && r.Interrupted == ""
	for _, c := range r.Cases {
		if c.Failed() {
			r.Passed = false
		}
	}
	r.SettingsHash = SettingsHash(r)
	return r
}
