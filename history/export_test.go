package history

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", name, path, got)
	}
}

func exportLog() *Log {
	l := NewLog()
	l.Append(fullSession()...)
	return l
}

func TestExportMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := ExportMarkdown(&b, testHeader(), exportLog()); err != nil {
		t.Fatal(err)
	}
	golden(t, "session.md", b.Bytes())
}

func TestExportJSON(t *testing.T) {
	var b bytes.Buffer
	if err := ExportJSON(&b, testHeader(), exportLog()); err != nil {
		t.Fatal(err)
	}
	golden(t, "session.json", b.Bytes())
	var doc struct {
		Pairs []struct {
			Kind     string          `json:"kind"`
			Response json.RawMessage `json:"response"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("ExportJSON wrote invalid JSON: %v", err)
	}
	last := doc.Pairs[len(doc.Pairs)-1]
	if last.Kind != "invalid" || string(last.Response) != `"not json at all"` {
		t.Errorf("invalid message exported as %s %s, want it as a JSON string", last.Kind, last.Response)
	}
}

func TestFenceOutlastsBackticks(t *testing.T) {
	var b bytes.Buffer
	writeFenced(&b, "a ```` b\x1b[2J")
	if got, want := b.String(), "`````text\na ```` b?[2J\n`````\n"; got != want {
		t.Errorf("writeFenced = %q, want %q", got, want)
	}
}
