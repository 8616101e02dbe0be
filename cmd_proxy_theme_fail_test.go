package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxy whose theme cannot be loaded stops before its TUI runs, and a
// client that connected in the meantime still gets its whole session
// recorded: the sessions queued for the TUI are drained and their
// recordings closed, as when the TUI quits. Left undrained, the recording
// stopped at the second batch of records and was never closed.
func TestProxyWithABadThemeStillClosesTheRecordings(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	dir := t.TempDir()
	pf := proxyFlags{listen: "127.0.0.1:0", recordDir: dir, theme: "no-such-theme"}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxy(up.Endpoint(), cf, &pf, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sid := ""
	post := func(body string) {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, run.base+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if s := resp.Header.Get("Mcp-Session-Id"); s != "" {
			sid = s
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"themed-client","version":"1"}}}`)
	post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)

	done := make(chan error, 1)
	go func() { done <- run.tui() }()
	select {
	case err = <-done:
	case <-ctx.Done():
		t.Fatal("the proxy with a theme it cannot load never stopped")
	}
	if err == nil || !strings.Contains(err.Error(), "no-such-theme") {
		t.Fatalf("tui() = %v, want the error about the theme no-such-theme", err)
	}
	recording := onlyRecording(t, dir)
	data, err := os.ReadFile(recording)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"tools/list"`) || !strings.Contains(string(data), `"state":"closed"`) {
		t.Errorf("the recording of a session the TUI never took is cut short (no tools/list or no closed state):\n%s", data)
	}
}
