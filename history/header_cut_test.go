package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A recording killed as it began, its header line cut short, was said to
// be "not an mcpscope recording"; it is one, interrupted, and is said so.
// A file too short to name the format, or naming another, is still no
// recording.
func TestOpenSaysTheHeaderWasCutShort(t *testing.T) {
	whole, err := os.ReadFile(record(t, nil, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	header := whole[:bytes.IndexByte(whole, '\n')]
	dir := t.TempDir()
	for _, tt := range []struct {
		content []byte
		want    string
	}{
		{header[:14], "is an mcpscope recording cut short in its first line"},
		{header[:40], "is an mcpscope recording cut short in its first line"},
		{header[:len(header)-1], "is an mcpscope recording cut short in its first line"},
		{[]byte("{"), "is not an mcpscope recording"},
		{[]byte(`{"format":"other","x":`), "is not an mcpscope recording"},
		{append(header[:40:40], '\n'), "is not an mcpscope recording"},
	} {
		path := filepath.Join(dir, "s.jsonl")
		if err := os.WriteFile(path, tt.content, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Open(path)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Open(%q) = %v, want %q", tt.content, err, tt.want)
		}
	}
}

// A header made longer than the reader's buffer (a url edited to megabytes)
// was said to be "cut short in its first line: interrupted as it began,
// and holds no record", or, spaced as an editor writes JSON, "not an
// mcpscope recording". It is said to be too long, and edited or damaged.
func TestOpenSaysAHeaderIsTooLong(t *testing.T) {
	h := testHeader()
	h.URL = "http://localhost:8811/" + strings.Repeat("a", 2<<20)
	whole, err := os.ReadFile(recordAs(t, h, nil, RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	spaced := bytes.Replace(whole, []byte(`{"format":"`), []byte(`{"format": "`), 1)
	dir := t.TempDir()
	for _, content := range [][]byte{whole, spaced} {
		path := filepath.Join(dir, "s.jsonl")
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Open(path)
		want := " is an mcpscope recording whose first line, the header, is longer than the 1 MiB a header can be: it was edited or damaged"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%.40q…) = %.300v, want %q", content, err, want)
		}
	}
}
