package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client that GETs its stream before it initializes (Vercel's
// @ai-sdk/mcp) and then initializes reaches the TUI as its session: the
// TUI is handed the session, its records and its name, before anything
// else about it. The client's clientInfo is read before its initialize is
// relayed; told to the TUI first, as a new name of a session it did not
// have, it became a tab with no records, and the session that came next
// was taken for a rename, its records never read (the client then waited
// on the proxy once the log behind them filled).
func TestEarlyGetClientThatInitializesReachesTheTUI(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	run := tuiProxy(t, up.Endpoint(), proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	do := func(req *http.Request) {
		t.Helper()
		req.Header.Set("User-Agent", "early-client")
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	get, _ := http.NewRequest(http.MethodGet, run.base+"/mcp", nil)
	get.Header.Set("Accept", "text/event-stream")
	do(get)
	init, _ := http.NewRequest(http.MethodPost, run.base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"vercel-like","version":"1"}}}`))
	init.Header.Set("Content-Type", "application/json")
	init.Header.Set("Accept", "application/json, text/event-stream")
	do(init)

	var c struct {
		id      int
		name    string
		records <-chan []mcp.Record
	}
	select {
	case got := <-run.sessions.show():
		if got.Log != nil {
			t.Cleanup(func() { got.Log.Close() })
		}
		c.id, c.name, c.records = got.ID, got.Name, got.Records
	case <-ctx.Done():
		t.Fatal("the session of a client that GETs and then initializes never reached the TUI")
	}
	if c.records == nil {
		t.Fatalf("the TUI was first told of session %d as a new name (%q) with no records: it would show an empty tab and take the session that follows for a rename", c.id, c.name)
	}
	if !strings.Contains(c.name, "vercel-like") {
		t.Errorf("the session reached the TUI as %q, not by the clientInfo its initialize sent", c.name)
	}
	for {
		select {
		case batch, ok := <-c.records:
			if !ok {
				t.Fatal("the session's records ended without its initialize")
			}
			for _, r := range batch {
				if r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == "initialize" {
					return
				}
			}
		case <-ctx.Done():
			t.Fatal("the session's initialize never reached the TUI")
		}
	}
}
