package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A history file grown to 128 MiB (mostly a hole here, so the test
// costs no disk) is read from its end: the TUI starts with the newest
// commands at ↑ without reading, or holding, the whole file, and a save
// keeps those commands.
func TestCommandLineHugeHistoryReadsItsEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	const size = 128 << 20
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte("\ntools/list\nping\n"), size); err != nil {
		t.Fatal(err)
	}
	f.Close()

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c := newLine(t, path)
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 32<<20 {
		t.Errorf("opening a 128 MiB history allocated %d MiB", grew>>20)
	}
	clPress(c, keyUp)
	if got := c.input.Value(); got != "ping" {
		t.Errorf("↑ shows %q, want the newest command ping", got)
	}

	c.Focus("initialize")
	for _, m := range clPress(c, keyEnter) {
		if e, ok := m.(historySaveErrMsg); ok {
			t.Fatalf("saving the history: %v", e.err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "tools/list\nping\ninitialize\n"; string(data) != want {
		t.Errorf("saved history is %d bytes ending %q, want %q", len(data), data[max(len(data)-40, 0):], want)
	}
}
