package history

import (
	"os"
	"path/filepath"
	"testing"
)

// An empty .jsonl in the sessions directory is listed as what it says it
// is, not a recording: it was counted as one, "1 recording" beside its own
// "it is empty: it is not an mcpscope recording", and with no other
// recording last took it and was refused.
func TestEmptyFileIsNoRecording(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "empty.jsonl"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	infos, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 1 || !infos[0].NotRecording {
		t.Fatalf("List() = %+v, want the empty file marked as no recording", infos)
	}
	if got := Recordings(infos); len(got) != 0 {
		t.Errorf("Recordings() = %+v, want none", got)
	}
}
