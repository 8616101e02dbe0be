package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// The user's own session from the proxy's TUI is recorded under the
// upstream as the session reads it: typed without a scheme, its host still
// names the file and its password is still redacted from the header.
func TestProxyOwnRecordingReadsTheURLAsTheSessionDoes(t *testing.T) {
	dir := t.TempDir()
	s := &proxySessions{pf: &proxyFlags{recordDir: dir}, errw: io.Discard}
	recs := make(chan []mcp.Record)
	close(recs)
	out, path, _, _ := s.recordStream(recs, -1, "ann:hunter2secret@127.0.0.1:8811", mcp.TransportAuto, time.Now(), "own 1", "", nil, false)
	for range out {
	}
	if path == "" {
		t.Fatal("the session was not recorded")
	}
	if !strings.Contains(filepath.Base(path), "127.0.0.1") {
		t.Errorf("recorded as %s, want the upstream's host in the name", filepath.Base(path))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("hunter2secret")) {
		t.Errorf("the recording holds the URL's password:\n%s", b)
	}
}
