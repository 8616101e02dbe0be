package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// openIn counts the files this process has open in dir.
func openIn(t *testing.T, dir string) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd here: %v", err)
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && strings.HasPrefix(target, dir+string(filepath.Separator)) {
			n++
		}
	}
	return n
}

// Streamable sessions whose clients never send DELETE do not keep a
// recording open each until the proxy stops (3,000 initializes held 3,000
// files, and near the process's limit the proxy failed every client with
// "too many open files"): past --max-sessions the least recently active
// idle one ends, its recording flushed and closed; with every session busy
// a new one is refused with 503, which stderr says too.
func TestProxyKeepsAtMostMaxSessionsRecordingsOpen(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{maxSess: 2})
	run, dir, errw := h.run, h.dir, h.errw

	rctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	do := func(method, path, body string) *http.Response {
		t.Helper()
		var req *http.Request
		if body == "" {
			req, _ = http.NewRequestWithContext(rctx, method, run.base+path, nil)
		} else {
			req, _ = http.NewRequestWithContext(rctx, method, run.base+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
		}
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"no-delete","version":"1"}}}`
	const initializes = 10
	for range initializes {
		resp := do(http.MethodPost, "/mcp", initialize)
		if _, err := io.ReadAll(resp.Body); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("initialize through the proxy: %s (%v)", resp.Status, err)
		}
	}
	// The recordings close as their records drain, just after the
	// sessions end: nothing signals it but the file's closing.
	if !pollFor(func() bool { return openIn(t, dir) <= 2 }) {
		t.Fatalf("%d recordings open after %d initializes, want at most --max-sessions 2", openIn(t, dir), initializes)
	}

	// Two legacy streams make every session busy: the next is refused.
	for range 2 {
		resp := do(http.MethodGet, "/sse", "")
		if n, err := resp.Body.Read(make([]byte, 4096)); resp.StatusCode != http.StatusOK || err != nil || n == 0 {
			t.Fatalf("legacy stream through the proxy: %s (%v)", resp.Status, err)
		}
	}
	resp := do(http.MethodPost, "/mcp", initialize)
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("initialize with every session busy: %s, want 503", resp.Status)
	}

	h.stop()
	out := errw.String()
	for _, want := range []string{
		"refused POST /mcp from 127.0.0.1:", "none is idle", "(--max-sessions 2)",
		"1 request was refused with 503", "12 sessions recorded",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%s", want, out)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	evicted := 0
	for _, f := range files {
		recs := readRecording(t, f)
		last := recs[len(recs)-1]
		if last.State == nil || last.State.State != mcp.StateClosed {
			t.Errorf("%s ends with %+v, want the session's end", filepath.Base(f), last)
			continue
		}
		if strings.HasPrefix(last.State.Detail, "ended by mcpscope: 2 client sessions at once; the least recently active idle one was closed") {
			evicted++
		}
	}
	if evicted != initializes {
		t.Errorf("%d recordings end as closed by the cap, want each of the %d idle streamable sessions", evicted, initializes)
	}
}
