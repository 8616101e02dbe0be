package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A teammate sent a transcript gives it to replay or export: each said
// only that its first line was not a "mcpscope-session" header. It is
// named as export's output, and the recording it was made from asked for.
func TestATranscriptGivenAsARecordingIsNamed(t *testing.T) {
	log, h, _, err := LoadLog(record(t, fullSession(), RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, export := range map[string]func(*bytes.Buffer) error{
		"s.md":   func(b *bytes.Buffer) error { return ExportMarkdown(b, h, log) },
		"s.json": func(b *bytes.Buffer) error { return ExportJSON(b, h, log) },
	} {
		var b bytes.Buffer
		if err := export(&b); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Open(path)
		if err == nil || !strings.Contains(err.Error(), "is what mcpscope export wrote, not a recording") || !strings.Contains(err.Error(), "mcpscope sessions") {
			t.Errorf("Open(%s) = %v, want it named as export's output", name, err)
		}
	}
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, []byte("{\n  \"log\": {}\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(other); err == nil || strings.Contains(err.Error(), "export wrote") {
		t.Errorf("Open(other.json) = %v, want it not a recording, and not named as export's output", err)
	}
}
