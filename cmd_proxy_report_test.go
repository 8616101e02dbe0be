package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxy whose clients opened many sessions names the last few
// recordings when it stops, with how many there were and where, not every
// one of them: a client opening thousands of sessions printed thousands of
// paths, and the proxy held every one of them while it ran.
func TestProxyReportNamesTheLastRecordings(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	const sessions = listedPaths + 5
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"many","version":"1"}}}`
	for range sessions {
		if status, _ := clientPost(t, h.run.base+"/mcp", "", initialize); status != http.StatusOK {
			t.Fatalf("initialize through the proxy: %d %s", status, http.StatusText(status))
		}
	}
	h.stop()
	out := h.errw.String()
	// The directory has a line of its own (sayPathBelow), then the list.
	head := "25 sessions recorded in:\n  " + h.dir + "\nthe last 20:\n"
	if !strings.Contains(out, head) {
		t.Fatalf("stderr does not say %q:\n%s", head, out)
	}
	listed := strings.Count(out[strings.Index(out, head):], "\n  "+h.dir+string(filepath.Separator))
	if listed != listedPaths {
		t.Errorf("stderr names %d recordings, want the last %d:\n%s", listed, listedPaths, out)
	}
}

// The proxy's list of recordings quotes a path holding a space as a shell
// reads it back, as exec's "recorded to" and the sessions table do: pasted
// bare after "mcpscope replay" it was two arguments, neither a file.
func TestProxyReportQuotesAPathWithASpace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "st ate")
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{recordDir: dir})
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"spaced","version":"1"}}}`
	if status, _ := clientPost(t, h.run.base+"/mcp", "", initialize); status != http.StatusOK {
		t.Fatalf("initialize through the proxy: %d %s", status, http.StatusText(status))
	}
	h.stop()
	out := h.errw.String()
	if want := "1 session recorded:\n  '" + dir + string(filepath.Separator); !strings.Contains(out, want) {
		t.Errorf("stderr does not say %q:\n%s", want, out)
	}
}
