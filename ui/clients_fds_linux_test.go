package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("cannot count open files: %v", err)
	}
	return len(fds)
}

// The ended sessions a proxy's TUI lets go close the Logs that read their
// recordings back: before, each kept its recording open until a garbage
// collection happened to run its finalizer, and a client opening
// thousands of sessions ran the proxy out of file descriptors.
func TestEndedClientsLetGoCloseTheirRecordings(t *testing.T) {
	// No collection may close what was let go: the test is of the TUI
	// closing it.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	m := newProxyModel(t, make(chan Client))
	dir := t.TempDir()
	before := openFiles(t)
	const n = maxEnded + 40
	for id := 1; id <= n; id++ {
		rec, err := history.Create(filepath.Join(dir, fmt.Sprintf("c%d.jsonl", id)), history.Header{URL: "http://127.0.0.1:1/mcp", Started: time.Now()}, history.RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		log := rec.NewLog()
		recs := fixtureRecords()
		for _, r := range recs {
			if err := rec.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
		m.Update(clientMsg{ID: id, Transport: "streamable", Name: fmt.Sprintf("c%d", id), Records: make(chan []mcp.Record), Log: log})
		m.Update(clientRecordsMsg{id, recs})
		m.Update(clientEndedMsg{id})
	}
	if len(m.clients.feeds) != maxEnded {
		t.Fatalf("%d sessions kept, want %d", len(m.clients.feeds), maxEnded)
	}
	if open := openFiles(t) - before; open > maxEnded {
		t.Errorf("%d files open for the %d sessions still listed; the %d let go keep theirs open", open, maxEnded, n-maxEnded)
	}
}
